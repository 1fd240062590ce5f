import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the running app (started by e2e/global-setup.ts) in Debian's Chromium.
 * Never `npx playwright install`: no browser CDN is reachable here (stack-notes).
 */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Several people may run Playwright in this checkout at once: each run gets its own output
 * folder (Playwright empties its outputDir at start, which would delete another run's traces).
 * Set once in the runner process; workers inherit it.
 */
process.env.E2E_RUN_ID ??= `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: `test-results/artifacts/${process.env.E2E_RUN_ID}`,
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // scripts/test.mjs adds the JSON reporter (--reporter=list,json, PLAYWRIGHT_JSON_OUTPUT_FILE).
  reporter: 'list',
  use: {
    // Workers load this file after global setup has put the app's address in the environment.
    baseURL: process.env.E2E_BASE_URL,
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-first-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { browserName: 'chromium', viewport: { width: 768, height: 1024 } } },
  ],
});

/**
 * Browser benchmark of the dashboard (issue "The forecast"): the household of bench/budget.ts
 * (10 accounts, 50,000 rows, 50 scheduled items, 30 envelopes), opened in Debian's Chromium
 * (headless, 1280x800, the flags of playwright.config.ts), signed in as a login leaves it.
 * Targets: the first chart within 1 s of navigation; the dashboard route loads at most 320 KiB of
 * gzipped JavaScript. BENCH_BROWSER_REPEAT page loads each, cold (a new browser context: empty
 * cache) and warm (the same context); the time is the page's own `performance.now()` when the
 * first chart's area is in the DOM, from navigation start. Figures are printed, not asserted.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from '@playwright/test';
import { seedBudgetHousehold } from './budget';
import { CHROMIUM, CHROMIUM_ARGS, ensureFrontends, VIEWPORT } from './register-browser';
import { startAppWithUser } from './support/seed-register';
import { percentiles } from './support/timing';

const REPEAT = Number(process.env.BENCH_BROWSER_REPEAT ?? 5);
const FIRST_CHART = '.recharts-area-area';

/** When the page's main resources finished, from navigation start (printed once, to see where the time goes). */
let breakdown: string | null = null;

async function firstChart(context: BrowserContext, scripts?: Map<string, number>): Promise<number> {
  const page = await context.newPage();
  if (scripts) {
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    });
  }
  await page.goto('/dashboard', { waitUntil: 'commit' });
  await page.waitForSelector(FIRST_CHART, { timeout: 60_000 });
  const ms = await page.evaluate(() => performance.now());
  breakdown ??= await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /remoteEntry|dashboard|recharts|\/api\//.test(e.name))
      .map((e) => `${e.name.replace(location.origin, '').slice(0, 60)} ${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)} ms`)
      .join('\n    '),
  );
  if (scripts) await page.waitForLoadState('networkidle');
  await page.close();
  return ms;
}

export async function runDashboardBrowserBench(): Promise<void> {
  console.log(`\n== dashboard in Chromium (load average ${loadavg()[0].toFixed(2)}) ==`);
  if (!existsSync(CHROMIUM)) return void console.log(`  skipped: no Chromium at ${CHROMIUM}`);
  const skip = await ensureFrontends(['shell', 'mf-budget']);
  if (skip) return void console.log(`  skipped: ${skip}`);
  const user = await startAppWithUser({ dataDirPrefix: 'hf-bench-dash-', userName: 'Dashboard Bench', emailPrefix: 'dashboard-bench' });
  let browser: Browser | null = null;
  try {
    await seedBudgetHousehold(user);
    const { chromium } = await import('@playwright/test');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    const storageState = { cookies: [], origins: [{ origin: user.gatewayUrl, localStorage: [{ name: 'access_token', value: user.accessToken }] }] };
    const context = () => browser!.newContext({ baseURL: user.gatewayUrl, viewport: VIEWPORT, storageState });
    const scripts = new Map<string, number>();
    const first = await context();
    const firstVisit = await firstChart(first, scripts);
    const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
    console.log(`  first visit (server and browser cold): first chart after ${firstVisit.toFixed(0)} ms; ${(bytes / 1024).toFixed(1)} KiB gzipped JavaScript in ${scripts.size} scripts (target <= 320 KiB)`);
    const warm: number[] = [];
    for (let i = 0; i < REPEAT; i++) warm.push(await firstChart(first));
    const cold: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const fresh = await context();
      cold.push(await firstChart(fresh));
      await fresh.close();
    }
    const line = (label: string, times: number[]) => {
      const p = percentiles(times);
      return `  ${label.padEnd(46)} median ${p.p50.toFixed(0)} ms, min ${p.min.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (target < 1000 ms)`;
    };
    console.log(line(`first chart, warm page load (n=${REPEAT})`, warm));
    console.log(line(`first chart, cold page load (n=${REPEAT})`, cold));
    console.log(`  resources of a warm load (start-end from navigation):\n    ${breakdown}`);
  } finally {
    await browser?.close();
    await user.stop();
  }
}

/**
 * Browser benchmark of the dashboard (issue "The forecast"): the household of bench/budget.ts
 * (10 accounts, 50,000 rows, 50 scheduled items, 30 envelopes), opened in Debian's Chromium
 * (headless, 1280x800, the flags of playwright.config.ts), signed in as a login leaves it.
 * Targets: the first chart within 1 s of navigation; the dashboard route loads at most 320 KiB of
 * gzipped JavaScript. BENCH_BROWSER_REPEAT page loads each, cold (a new browser context: empty
 * cache) and warm (the same context); the time is the page's own `performance.now()` when the
 * first chart's area is in the DOM, from navigation start: the plain SVG first draw or recharts'
 * area, whichever comes first; when recharts' chart took its place is printed beside it.
 * Figures are printed, not asserted.
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
/** The first chart's area: the plain SVG first draw (ProjectionSketch) or recharts' area, whichever comes first. */
const FIRST_CHART = '.dash-sketch__area, .recharts-area-area';
/** The recharts chart (tooltip and all), which takes the first draw's place once its chunk has loaded. */
const RECHARTS_CHART = '.recharts-area-area';

/** Where a load spent its time: every script and API call, start-end from navigation (printed once each, warm and cold). */
const breakdowns: { warm: string | null; cold: string | null } = { warm: null, cold: null };

interface ChartTimes {
  /** First chart's area in the DOM (sketch or recharts), ms from navigation start. */
  first: number;
  /** Recharts' area in the DOM. */
  recharts: number;
}

async function firstChart(
  context: BrowserContext,
  kind: 'warm' | 'cold',
  scripts?: Map<string, number>,
): Promise<ChartTimes> {
  const page = await context.newPage();
  if (scripts) {
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    });
  }
  // Times taken inside the page, each when its element first appears (a MutationObserver from the
  // first script on). A string, not a function: tsx would wrap a function's inner functions in a
  // helper (`__name`) that the page does not have.
  await page.addInitScript({
    content: `(() => {
      const seen = {};
      window.__chartTimes = seen;
      const observer = new MutationObserver(() => {
        if (seen.first === undefined && document.querySelector(${JSON.stringify(FIRST_CHART)})) seen.first = performance.now();
        if (seen.recharts === undefined && document.querySelector(${JSON.stringify(RECHARTS_CHART)})) seen.recharts = performance.now();
        if (seen.recharts !== undefined) observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    })();`,
  });
  await page.goto('/dashboard', { waitUntil: 'commit' });
  await page.waitForSelector(RECHARTS_CHART, { timeout: 60_000 });
  const times = await page.evaluate(() => (window as unknown as { __chartTimes: ChartTimes }).__chartTimes);
  breakdowns[kind] ??= await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.initiatorType === 'script' || e.initiatorType === 'link' || /\.js$|\/api\//.test(e.name))
      .map(
        (e) =>
          `${e.name.replace(location.origin, '').slice(0, 60)} ${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)} ms`,
      )
      .join('\n    '),
  );
  if (scripts) await page.waitForLoadState('networkidle');
  await page.close();
  return times;
}

export async function runDashboardBrowserBench(): Promise<void> {
  console.log(`\n== dashboard in Chromium (load average ${loadavg()[0].toFixed(2)}) ==`);
  if (!existsSync(CHROMIUM)) return void console.log(`  skipped: no Chromium at ${CHROMIUM}`);
  const skip = await ensureFrontends(['shell', 'mf-budget']);
  if (skip) return void console.log(`  skipped: ${skip}`);
  const user = await startAppWithUser({
    dataDirPrefix: 'hf-bench-dash-',
    userName: 'Dashboard Bench',
    emailPrefix: 'dashboard-bench',
  });
  let browser: Browser | null = null;
  try {
    await seedBudgetHousehold(user);
    const { chromium } = await import('@playwright/test');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    const storageState = {
      cookies: [],
      origins: [{ origin: user.gatewayUrl, localStorage: [{ name: 'access_token', value: user.accessToken }] }],
    };
    const context = () => browser!.newContext({ baseURL: user.gatewayUrl, viewport: VIEWPORT, storageState });
    const scripts = new Map<string, number>();
    const first = await context();
    const firstVisit = await firstChart(first, 'cold', scripts);
    const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
    console.log(
      `  first visit (server and browser cold): first chart after ${firstVisit.first.toFixed(0)} ms (recharts ${firstVisit.recharts.toFixed(0)} ms); ${(bytes / 1024).toFixed(1)} KiB gzipped JavaScript in ${scripts.size} scripts (target <= 320 KiB)`,
    );
    breakdowns.cold = null; // the first visit also warmed the server: print a later cold load's
    const warm: ChartTimes[] = [];
    for (let i = 0; i < REPEAT; i++) warm.push(await firstChart(first, 'warm'));
    const cold: ChartTimes[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const fresh = await context();
      cold.push(await firstChart(fresh, 'cold'));
      await fresh.close();
    }
    const line = (label: string, times: number[], target = ' (target < 1000 ms)') => {
      const p = percentiles(times);
      return `  ${label.padEnd(46)} median ${p.p50.toFixed(0)} ms, min ${p.min.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms${target}`;
    };
    console.log(
      line(
        `first chart, warm page load (n=${REPEAT})`,
        warm.map((t) => t.first),
      ),
    );
    console.log(
      line(
        `first chart, cold page load (n=${REPEAT})`,
        cold.map((t) => t.first),
      ),
    );
    console.log(
      line(
        '  recharts chart in, warm',
        warm.map((t) => t.recharts),
        '',
      ),
    );
    console.log(
      line(
        '  recharts chart in, cold',
        cold.map((t) => t.recharts),
        '',
      ),
    );
    console.log(`  load average at the end ${loadavg()[0].toFixed(2)}`);
    console.log(`  resources of a warm load (start-end from navigation):\n    ${breakdowns.warm}`);
    console.log(`  resources of a cold load (start-end from navigation):\n    ${breakdowns.cold}`);
  } finally {
    await browser?.close();
    await user.stop();
  }
}

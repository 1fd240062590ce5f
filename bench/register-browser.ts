/**
 * Browser benchmark of the register (issue 3): one account with 50,000 transactions, opened and
 * scrolled in Debian's Chromium (headless, 1280x800 desktop, the flags of playwright.config.ts).
 * Targets: "the register shows its first rows within 1 s of navigation and scrolls at 60 frames
 * per second". Figures are printed, not asserted.
 *
 * 1. The app as bench/ledger.ts starts it (startApp in a child process, fresh temporary
 *    DATA_DIR, one registered user); one account seeded with the same generated rows through
 *    svc-ledger's internal bulk route (bench/support/seed-register.ts). The front ends are built
 *    first when shell/dist is missing (BENCH_BROWSER_BUILD=1: rebuild the stale ones too).
 * 2. The browser is signed in the way a login leaves it: `access_token`/`refresh_token` in the
 *    origin's localStorage (e2e/support/fixtures.ts signInWithToken does the same).
 * 3. First rows, each BENCH_BROWSER_REPEAT times (median/min/max), timed inside the page:
 *    a. in-app: on /accounts (fresh tab, warm HTTP cache), a real mouse click on the account's
 *       link; from the click event's timeStamp;
 *    b. page load of /accounts/:id/register, warm HTTP cache (new tab) and cold (new browser
 *       context, empty cache); from navigation start (performance.timeOrigin).
 *    Each records: a register row in the DOM (MutationObserver), a row on screen in the scroll
 *    container (checked every animation frame; the time is taken after that frame), the newest
 *    row on screen (the register opens at today) and "50,000 transactions" in the count (all
 *    pages loaded in the background).
 * 4. Scrolling, on a register with every row loaded, BENCH_BROWSER_SCROLL_RUNS times: a
 *    requestAnimationFrame loop in the page records every frame's timestamp while
 *    - idle: nothing moves (the machine's frame rate without work),
 *    - wheel: a mouse-wheel gesture at 3,000 px/s from the newest row up, through Chromium's
 *      input pipeline and compositor as a person's wheel (CDP Input.synthesizeScrollGesture),
 *    - steady: scrollTop += 120 px every frame from the oldest row down (~7,200 px/s),
 *    - sweep: the whole list top to bottom in BENCH_BROWSER_SCROLL_SECONDS (scrollTop set from
 *      the elapsed time every frame: every frame shows other rows),
 *    - jumps: a jump to a deterministic pseudo-random position every 15 frames.
 *    The page's own scroll steps are taken in a task right after each frame is rendered, so the
 *    list's scroll handler renders the new rows before the next frame is painted (as for a
 *    person's scrolling, where the scroll event precedes the frame). That task also checks what
 *    the frame showed: rows covering the scroll container's viewport, the date of the first row
 *    on screen (it must change) and the rows in the DOM; layout is clean then, so the check
 *    forces no extra work. A blank or frozen list cannot pass unnoticed.
 *    Per phase: frames, fps (frames / seconds), median/p95/p99 frame interval, frames over
 *    16.7 and 33.4 ms, the longest; Chromium's main-thread time per frame (CDP Performance
 *    metrics: script, style, layout) and long animation frames (> 50 ms, with the scripts
 *    they ran).
 *
 * Knobs: BENCH_BROWSER_ROWS (50,000), BENCH_BROWSER_REPEAT (5), BENCH_BROWSER_SCROLL_SECONDS (5),
 * BENCH_BROWSER_SCROLL_RUNS (3; 0: first rows only), BENCH_CHROMIUM (/usr/bin/chromium), BENCH_BROWSER_BUILD=1,
 * BENCH_BROWSER_PROFILE=1 (V8 CPU profile of the scroll phases: top functions by self time),
 * BENCH_BROWSER_TRACE=<file.json> (a Chromium trace of the first scroll run, summarised per
 * thread and phase, and kept for the DevTools performance panel). Both slow the page down.
 * BENCH_BROWSER_WATERFALL=1: the requests and long animation frames (with their scripts) of the
 * median warm and cold page load up to its first row on screen.
 * BENCH_BROWSER_CPU_SLOWDOWN=<n> (1): every tab's CPU slowed n times (CDP
 * Emulation.setCPUThrottlingRate) for the first-rows runs: how the page fares on a slower machine.
 * The header prints a CPU reference (a fixed JavaScript workload in Node, median of 5), so
 * figures from different VMs can be told apart by the machine's speed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import {
  createBenchAccount,
  createBenchCategory,
  seedRegister,
  SEED_BATCH,
  startAppWithUser,
  type BenchUserApp,
} from './support/seed-register';

const ROWS = Number(process.env.BENCH_BROWSER_ROWS ?? 50_000);
const REPEAT = Number(process.env.BENCH_BROWSER_REPEAT ?? 5);
const SCROLL_SECONDS = Number(process.env.BENCH_BROWSER_SCROLL_SECONDS ?? 5);
const SCROLL_RUNS = Number(process.env.BENCH_BROWSER_SCROLL_RUNS ?? 3);
/** Issue 21: this share of the rows seeded as split rows of two lines (0: none). */
const SPLIT_PERCENT = Number(process.env.BENCH_BROWSER_SPLIT_PERCENT ?? 0);
export const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const PROFILE = process.env.BENCH_BROWSER_PROFILE === '1';
/** Every first-rows tab's CPU slowed this many times (1: as the machine is). */
const CPU_SLOWDOWN = Number(process.env.BENCH_BROWSER_CPU_SLOWDOWN ?? 1);
const TRACE = process.env.BENCH_BROWSER_TRACE;
/** Print the requests and long animation frames up to the first rows (in-app click, warm and cold page loads). */
const WATERFALL = process.env.BENCH_BROWSER_WATERFALL === '1';
export const VIEWPORT = { width: 1280, height: 800 };
/** The flags the browser tests launch Chromium with (playwright.config.ts). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const FRAME_MS = 1000 / 60;

/** What the page is made of (mf-ledger's register; e2e/ledger-large.spec.ts uses the same). */
const SELECTORS = {
  row: '[data-row-id]',
  scroller: '[data-testid="register-scroll"]',
  count: '.ledger-register__count',
  accountLink: (accountId: number) => `a[href="/accounts/${accountId}/register"]`,
};

// ---------------------------------------------------------------------------------------------
// In-page probe. A plain script (not a serialised function: tsx's esbuild would wrap named
// functions in a `__name` helper the page does not have), added to every page before its own
// scripts run. It exposes window.__bench.
// ---------------------------------------------------------------------------------------------

interface ProbeConfig {
  row: string;
  scroller: string;
  count: string;
  newestId: number;
  loadedText: string;
  /** Arm the first-rows probe at document start on this path (page loads). */
  registerPath: string;
  /** Keep every request and long animation frame of a page load up to its first rows. */
  waterfall: boolean;
}

function probeScript(config: ProbeConfig): string {
  return `(() => {
  const C = ${JSON.stringify(config)};
  const b = { loaf: [], marks: null };
  window.__bench = b;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        b.loaf.push({
          start: e.startTime, duration: e.duration, renderStart: e.renderStart, styleAndLayoutStart: e.styleAndLayoutStart,
          scripts: e.scripts.map((s) => ({ invoker: s.invoker, type: s.invokerType, source: (s.sourceURL || '').split('/').pop(), fn: s.sourceFunctionName, duration: s.duration, forced: s.forcedStyleAndLayoutDuration })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch (err) { b.loafError = String(err); }

  // The scroll container's viewport below its sticky header (and above a sticky footer).
  const viewport = (sc) => {
    const r = sc.getBoundingClientRect();
    const head = sc.querySelector('thead');
    const foot = sc.querySelector('tfoot');
    const top = Math.max(r.top, head ? head.getBoundingClientRect().bottom : r.top);
    const bottom = Math.min(r.top + sc.clientHeight, foot ? foot.getBoundingClientRect().top : r.bottom);
    return { top, bottom };
  };
  const onScreen = (el, vp) => { const r = el.getBoundingClientRect(); return r.height > 0 && r.bottom > vp.top + 1 && r.top < vp.bottom - 1; };
  const firstVisibleRow = (sc) => {
    const vp = viewport(sc);
    for (const el of sc.querySelectorAll(C.row)) if (onScreen(el, vp)) return el;
    return null;
  };
  // Share of the viewport covered by list items (rows, separators), which are contiguous.
  const coverage = (sc) => {
    const vp = viewport(sc);
    const items = sc.querySelectorAll('tbody > tr:not(.ledger-spacer)');
    if (!items.length || vp.bottom <= vp.top) return 0;
    const top = Math.max(vp.top, items[0].getBoundingClientRect().top);
    const bottom = Math.min(vp.bottom, items[items.length - 1].getBoundingClientRect().bottom);
    return Math.max(0, bottom - top) / (vp.bottom - vp.top);
  };
  // Calls back after the current frame has been rendered (a task queued from requestAnimationFrame).
  const afterFrame = (cb) => { const ch = new MessageChannel(); ch.port1.onmessage = () => cb(performance.now()); ch.port2.postMessage(null); };

  b.arm = (origin) => {
    const m = { origin, zero: origin === 'load' ? 0 : null, dom: null, visible: null, newest: null, loaded: null, firstDate: null, done: false, pending: {} };
    b.marks = m;
    if (origin === 'click') addEventListener('click', (e) => { if (m.zero === null) m.zero = e.timeStamp; }, { capture: true, once: true });
    const mo = new MutationObserver(() => { if (m.dom === null && document.querySelector(C.row)) m.dom = performance.now(); });
    mo.observe(document, { childList: true, subtree: true });
    const tick = () => {
      const sc = document.querySelector(C.scroller);
      if (sc) {
        if (m.visible === null && !m.pending.visible) {
          const row = firstVisibleRow(sc);
          if (row) { m.pending.visible = true; m.firstDate = (row.querySelector('td') || row).textContent; afterFrame((t) => { m.visible = t; }); }
        }
        if (m.newest === null && !m.pending.newest) {
          const el = sc.querySelector(C.row.slice(0, -1) + '="' + C.newestId + '"]');
          if (el && onScreen(el, viewport(sc))) { m.pending.newest = true; afterFrame((t) => { m.newest = t; }); }
        }
      }
      if (m.loaded === null) {
        const count = document.querySelector(C.count);
        if (count && count.textContent === C.loadedText) m.loaded = performance.now();
      }
      if (m.visible !== null && m.newest !== null && m.loaded !== null) { mo.disconnect(); m.done = true; return; }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  b.result = () => {
    const m = b.marks;
    const rel = (t) => (t === null || m.zero === null ? null : t - m.zero);
    const paint = performance.getEntriesByType('paint').find((p) => p.name === 'first-contentful-paint');
    // The register's first page request (GET /api/accounts/:id/transactions?limit=...).
    const api = performance.getEntriesByType('resource')
      .filter((r) => r.name.includes('/api/accounts/') && r.name.includes('/transactions?') && r.startTime >= (m.zero || 0))
      .sort((x, y) => x.startTime - y.startTime)[0];
    // Every request from the start (navigation, click) up to the first rows (BENCH_BROWSER_WATERFALL=1),
    // and the long animation frames of that time with the scripts they ran (script evaluation).
    const from = m.zero || 0;
    const upTo = m.visible === null ? Infinity : m.visible;
    const waterfall = C.waterfall ? {
      requests: performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
        .filter((r) => r.startTime >= from && r.startTime <= upTo)
        .map((r) => ({ name: r.name.replace(location.origin, '').replace(/[.][0-9a-f]{8,}[.]/, '.'), type: r.initiatorType, start: r.startTime - from, end: r.responseEnd - from, bytes: r.transferSize })),
      frames: b.loaf.filter((f) => f.start + f.duration >= from && f.start <= upTo).map((f) => ({ start: f.start - from, duration: f.duration, scripts: f.scripts.map((s) => s.source + ' ' + (s.fn || s.invoker) + ' ' + Math.round(s.duration)) })),
    } : null;
    return {
      dom: rel(m.dom), visible: rel(m.visible), newest: rel(m.newest), loaded: rel(m.loaded), firstDate: m.firstDate,
      fcp: m.origin === 'load' && paint ? paint.startTime : null,
      apiStart: api ? rel(api.startTime) : null, apiEnd: api ? rel(api.responseEnd) : null,
      waterfall,
    };
  };
  if (location.pathname === C.registerPath) b.arm('load');

  // Scrolling: records every frame; mode 'passive' only watches (idle, wheel from outside).
  b.scroll = (o) => new Promise((resolve) => {
    const sc = document.querySelector(C.scroller);
    const max = sc.scrollHeight - sc.clientHeight;
    let seed = o.seed >>> 0;
    const random = () => { seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0; return seed / 4294967296; };
    if (o.start === 'top') sc.scrollTop = 0;
    if (o.start === 'bottom') sc.scrollTop = max;
    performance.mark('bench:' + o.name + ':start');
    const frames = [];
    const dates = new Set();
    const fromTop = sc.scrollTop;
    const domRows = [];
    let checked = 0, full = 0, coverageSum = 0, minCoverage = 1, dateChanges = 0, lastDate = null, steps = 0, begin = null, finished = false;
    // Runs after each frame has been rendered, when layout is clean (reading it forces nothing):
    // checks what the frame showed, then takes the next scroll step, whose scroll event the list
    // handles at the start of the next frame, before that frame is painted.
    const afterEachFrame = () => {
      checked++;
      const c = coverage(sc);
      coverageSum += c;
      minCoverage = Math.min(minCoverage, c);
      if (c > 0.999) full++;
      domRows.push(sc.querySelectorAll(C.row).length);
      const row = firstVisibleRow(sc);
      if (row) {
        const date = (row.querySelector('td') || row).textContent;
        if (date !== lastDate) { dateChanges++; lastDate = date; dates.add(date); }
      }
      if (finished) {
        performance.mark('bench:' + o.name + ':end');
        resolve({ frames, domRows, checked, full, coverage: coverageSum / checked, minCoverage, dateChanges, distinctDates: dates.size, lastDate, steps, fromTop, toTop: sc.scrollTop, max });
        return;
      }
      const elapsed = frames[frames.length - 1] - begin;
      let target = null;
      if (o.mode === 'steady') target = Math.min(max, sc.scrollTop + o.step);
      else if (o.mode === 'sweep') target = Math.round(max * Math.min(1, (elapsed + 1000 / 60) / (o.seconds * 1000)));
      else if (o.mode === 'jumps' && frames.length % o.every === 1) target = Math.round(max * random());
      if (target !== null && target !== sc.scrollTop) { sc.scrollTop = target; steps++; }
    };
    const frame = (ts) => {
      if (begin === null) begin = ts;
      frames.push(ts);
      finished = ts - begin >= o.seconds * 1000;
      afterFrame(afterEachFrame);
      if (!finished) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
})();`;
}

// ---------------------------------------------------------------------------------------------
// Node side
// ---------------------------------------------------------------------------------------------

interface FirstRows {
  dom: number | null;
  visible: number | null;
  newest: number | null;
  loaded: number | null;
  firstDate: string | null;
  fcp: number | null;
  /** The first page request of the register: sent, and answered (response end). */
  apiStart: number | null;
  apiEnd: number | null;
  /** BENCH_BROWSER_WATERFALL=1: requests and long animation frames up to the first rows. */
  waterfall: Waterfall | null;
}

interface Waterfall {
  requests: Array<{ name: string; type: string; start: number; end: number; bytes: number }>;
  frames: Array<{ start: number; duration: number; scripts: string[] }>;
}

interface ScrollResult {
  /** requestAnimationFrame timestamps (frame begin times). */
  frames: number[];
  /** Register rows in the DOM after each frame. */
  domRows: number[];
  /** Frames checked after rendering, and how many showed rows over the whole viewport. */
  checked: number;
  full: number;
  /** Mean and lowest share of the viewport covered by rows. */
  coverage: number;
  minCoverage: number;
  dateChanges: number;
  distinctDates: number;
  lastDate: string | null;
  /** Scroll steps the page took (not counting the wheel gesture's). */
  steps: number;
  fromTop: number;
  toTop: number;
  max: number;
}

interface LoafEntry {
  start: number;
  duration: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: Array<{ invoker: string; type: string; source: string; fn: string; duration: number; forced: number }>;
}

interface PhaseRun extends ScrollResult {
  /** Main-thread seconds by CDP Performance metric name (deltas over the phase). */
  metrics: Record<string, number>;
  loaf: LoafEntry[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => quantile(values, 0.5);
function quantile(values: number[], q: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  return sorted[lo] + (sorted[Math.min(sorted.length - 1, lo + 1)] - sorted[lo]) * (pos - lo);
}
const ms = (value: number | null) =>
  value === null || Number.isNaN(value) ? '-' : `${value.toFixed(value < 100 ? 1 : 0)} ms`;
const pct = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : '-');

/** Builds the front ends when `needed` remotes (besides the shell) are not built; answers why a bench must skip, or null. */
export async function ensureFrontends(needed: readonly string[] = ['shell', 'mf-ledger']): Promise<string | null> {
  const { ROOT, buildFrontends, staleReason } = await import('@hf/webpack-federation/build');
  const built = () =>
    existsSync(join(ROOT, 'shell', 'dist', 'index.html')) &&
    needed.every((name) => name === 'shell' || existsSync(join(ROOT, name, 'dist', 'remoteEntry.js')));
  if (!built() || process.env.BENCH_BROWSER_BUILD === '1') {
    console.log(`  building the front ends (npm run build)...`);
    try {
      await buildFrontends({ log: (l) => console.log(`  ${l}`) });
    } catch (err) {
      console.log(`  front-end build failed: ${(err as Error).message.split('\n').slice(0, 5).join(' / ')}`);
    }
    if (!built()) return `${needed.join(', ')} not built and the build failed: run \`npm run build\`, then this bench`;
  }
  for (const name of needed) {
    const reason = staleReason(name);
    if (reason)
      console.log(
        `  note: ${name}/dist is older than its sources (${reason}); BENCH_BROWSER_BUILD=1 or \`npm run build\` measures the current code`,
      );
  }
  return null;
}

/** The register's count once every page is loaded, e.g. "50,000 transactions". */
const countText = (n: number) => `${n.toLocaleString('en-US')} transactions`;

export async function runRegisterBrowserBench(): Promise<void> {
  const [l1, l5, l15] = loadavg();
  console.log(
    `\n== browser: the register of one account with ${ROWS.toLocaleString('en-US')} transactions in Chromium ==`,
  );
  console.log(
    `  machine load average (1, 5, 15 min): ${l1.toFixed(2)} ${l5.toFixed(2)} ${l15.toFixed(2)} on ${cpus().length} cores`,
  );
  if (!existsSync(CHROMIUM)) {
    console.log(`  skipped: no Chromium at ${CHROMIUM} (BENCH_CHROMIUM)`);
    return;
  }
  const skip = await ensureFrontends();
  if (skip) {
    console.log(`  skipped: ${skip}`);
    return;
  }

  const user = await startAppWithUser({
    dataDirPrefix: 'hf-bench-browser-',
    userName: 'Browser Bench',
    emailPrefix: 'browser-bench',
  });
  let browser: Browser | null = null;
  try {
    const base = user.gatewayUrl;
    const accountId = await createBenchAccount(base, user.accessToken);
    const split =
      SPLIT_PERCENT > 0
        ? {
            every: Math.max(2, Math.round(100 / SPLIT_PERCENT)),
            categories: [
              await createBenchCategory(base, user.accessToken, 'Bench split A'),
              await createBenchCategory(base, user.accessToken, 'Bench split B'),
            ] as [number, number],
          }
        : undefined;
    const seedTimes = await seedRegister(user, accountId, ROWS, { batch: SEED_BATCH, split });
    console.log(
      `  seed: ${seedTimes.length} bulk calls of ${SEED_BATCH.toLocaleString('en-US')} rows${split ? ` (every ${split.every}th split into 2 lines)` : ''}: ${seedTimes.map((t) => ms(t)).join(', ')}`,
    );
    const newestId = await newestRowId(user, accountId);

    const { chromium } = await import('@playwright/test');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    console.log(
      `  chromium ${browser.version()} (${CHROMIUM}), headless, ${VIEWPORT.width}x${VIEWPORT.height}, flags of playwright.config.ts (--disable-gpu: software raster)`,
    );
    console.log(
      `  CPU reference (sorting 1,000,000 seeded numbers in Node, median of 5): ${ms(cpuReference())}` +
        (CPU_SLOWDOWN > 1 ? `; first-rows tabs' CPU slowed ${CPU_SLOWDOWN}x (BENCH_BROWSER_CPU_SLOWDOWN)` : ''),
    );

    const registerPath = `/accounts/${accountId}/register`;
    const probe = probeScript({
      row: SELECTORS.row,
      scroller: SELECTORS.scroller,
      count: SELECTORS.count,
      newestId,
      loadedText: countText(ROWS),
      registerPath,
      waterfall: WATERFALL,
    });
    const storageState = {
      cookies: [],
      origins: [
        {
          origin: base,
          localStorage: [
            { name: 'access_token', value: user.accessToken },
            ...(user.refreshToken ? [{ name: 'refresh_token', value: user.refreshToken }] : []),
          ],
        },
      ],
    };
    const newContext = async () => {
      const context = await browser!.newContext({
        baseURL: base,
        viewport: VIEWPORT,
        deviceScaleFactor: 1,
        storageState,
      });
      await context.addInitScript({ content: probe });
      return context;
    };
    const main = await newContext();

    // Warm-up (not in the figures): the first visit after seeding, with everything cold.
    const warm = await loadRegister(main, registerPath);
    console.log(
      `  first visit after seeding (server and browser cold, n=1): first rows ${ms(warm.visible)}, newest row ${ms(warm.newest)}, all loaded ${ms(warm.loaded)}; first row on screen dated ${warm.firstDate}`,
    );

    const inApp: FirstRows[] = [];
    for (let i = 0; i < REPEAT; i++) inApp.push(await clickIntoRegister(main, accountId));
    const warmLoads: FirstRows[] = [];
    for (let i = 0; i < REPEAT; i++) warmLoads.push(await loadRegister(main, registerPath));
    const coldLoads: FirstRows[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const context = await newContext();
      try {
        coldLoads.push(await loadRegister(context, registerPath));
      } finally {
        await context.close();
      }
    }
    printFirstRows([
      ['a. in-app: click on the account in /accounts', inApp],
      ['b. page load, warm HTTP cache (new tab)', warmLoads],
      ['b. page load, cold (new context, empty cache)', coldLoads],
    ]);
    if (WATERFALL) {
      printWaterfall('in-app click', inApp);
      printWaterfall('page load, warm', warmLoads);
      printWaterfall('page load, cold', coldLoads);
    }

    // BENCH_BROWSER_SCROLL_RUNS=0: first rows only.
    const phases = SCROLL_RUNS > 0 ? await scrollPhases(browser, main, registerPath) : new Map<string, PhaseRun[]>();
    if (SCROLL_RUNS > 0) printScroll(phases);
    await main.close();
    printTargets({ inApp, warmLoads, coldLoads }, phases);
  } finally {
    await browser?.close().catch(() => undefined);
    await user.stop();
  }
}

async function newestRowId(user: BenchUserApp, accountId: number): Promise<number> {
  const res = await fetch(`${user.gatewayUrl}/api/accounts/${accountId}/transactions?limit=1`, {
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  if (res.status !== 200) throw new Error(`GET newest row answered ${res.status}: ${await res.text()}`);
  const page = (await res.json()) as { rows: Array<{ id: number }> };
  if (!page.rows?.length) throw new Error('the seeded register is empty');
  return page.rows[page.rows.length - 1].id;
}

async function waitForProbe(page: Page, what: string, timeoutMs = 120_000): Promise<FirstRows> {
  // Polled from here: the app's CSP forbids the string evaluation waitForFunction would use.
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate('!!(window.__bench && window.__bench.marks && window.__bench.marks.done)'))) {
    if (Date.now() > deadline) {
      const partial = (await page
        .evaluate('window.__bench && window.__bench.marks && window.__bench.result()')
        .catch(() => null)) as FirstRows | null;
      throw new Error(
        `${what}: the register did not finish loading within ${timeoutMs / 1000} s; so far ${JSON.stringify(partial)}`,
      );
    }
    await sleep(100);
  }
  return (await page.evaluate('window.__bench.result()')) as FirstRows;
}

/** A new tab on /accounts, then a mouse click on the account; times from the click event. */
async function clickIntoRegister(context: BrowserContext, accountId: number): Promise<FirstRows> {
  const page = await context.newPage();
  try {
    await slowDown(context, page);
    await page.goto('/accounts', { waitUntil: 'networkidle' });
    const link = page.locator(SELECTORS.accountLink(accountId)).first();
    await link.waitFor({ state: 'visible', timeout: 30_000 });
    await sleep(300);
    await page.evaluate('window.__bench.arm("click")');
    await link.click();
    return await waitForProbe(page, 'in-app navigation');
  } finally {
    await page.close();
  }
}

/** A new tab in `context` straight to the register; times from navigation start. */
async function loadRegister(context: BrowserContext, registerPath: string): Promise<FirstRows> {
  const page = await context.newPage();
  try {
    await slowDown(context, page);
    await page.goto(registerPath);
    return await waitForProbe(page, 'page load');
  } finally {
    await page.close();
  }
}

/** BENCH_BROWSER_CPU_SLOWDOWN: the tab's CPU slowed before it navigates. */
async function slowDown(context: BrowserContext, page: Page): Promise<void> {
  if (CPU_SLOWDOWN <= 1) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** A fixed CPU workload (sort 1,000,000 seeded numbers), median of 5 runs in ms: the machine's speed. */
function cpuReference(): number {
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    let seed = 42;
    const values = new Float64Array(1_000_000).map(() => (seed = (seed * 16807) % 2147483647));
    const start = performance.now();
    values.sort();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2];
}

function printFirstRows(cases: Array<[string, FirstRows[]]>): void {
  console.log(
    `\n  First rows (times inside the page; n=${REPEAT} each)   median / min / max   [target: first rows < 1000 ms]`,
  );
  const stat = (values: Array<number | null>) => {
    const v = values.filter((x): x is number => x !== null);
    return v.length
      ? `${ms(median(v)).padStart(8)} / ${ms(Math.min(...v)).padStart(8)} / ${ms(Math.max(...v)).padStart(8)}`
      : '-'.padStart(30);
  };
  for (const [label, runs] of cases) {
    const visible = runs.map((r) => r.visible).filter((x): x is number => x !== null);
    const verdict = visible.length === runs.length ? (median(visible) < 1000 ? 'met' : 'missed') : 'rows never showed';
    console.log(`  ${label}`);
    console.log(
      `    ${'first register row on screen'.padEnd(40)} ${stat(runs.map((r) => r.visible))}   [< 1000 ms: ${verdict} at median]`,
    );
    console.log(`    ${'first register row in the DOM'.padEnd(40)} ${stat(runs.map((r) => r.dom))}`);
    console.log(`    ${'newest row on screen (opened at today)'.padEnd(40)} ${stat(runs.map((r) => r.newest))}`);
    console.log(`    ${`all loaded ("${countText(ROWS)}")`.padEnd(40)} ${stat(runs.map((r) => r.loaded))}`);
    if (runs.some((r) => r.fcp !== null))
      console.log(`    ${'first contentful paint (the shell)'.padEnd(40)} ${stat(runs.map((r) => r.fcp))}`);
    console.log(`    ${'first page of rows requested'.padEnd(40)} ${stat(runs.map((r) => r.apiStart))}`);
    console.log(`    ${'first page of rows received'.padEnd(40)} ${stat(runs.map((r) => r.apiEnd))}`);
  }
}

/** The run with the median first row on screen: its requests and long animation frames, in time order. */
function printWaterfall(label: string, runs: FirstRows[]): void {
  const sorted = runs.filter((r) => r.visible !== null && r.waterfall).sort((x, y) => x.visible! - y.visible!);
  const run = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!run?.waterfall) return;
  console.log(
    `\n  ${label} (the median run: first row on screen at ${ms(run.visible)}): requests, start - end (bytes)`,
  );
  for (const r of [...run.waterfall.requests].sort((x, y) => x.start - y.start))
    console.log(
      `    ${ms(r.start).padStart(8)} - ${ms(r.end).padStart(8)}  ${r.type.padEnd(14)} ${r.name.slice(0, 90)} (${r.bytes})`,
    );
  for (const f of run.waterfall.frames)
    console.log(`    long frame at ${ms(f.start)}, ${ms(f.duration)}: ${f.scripts.join('; ')}`);
}

// ----- scrolling -----

interface PhaseSpec {
  name: string;
  mode: 'passive' | 'steady' | 'sweep' | 'jumps';
  start: 'top' | 'bottom' | 'keep';
  seconds: number;
  step?: number;
  every?: number;
  /** Speed (px/s, positive: up) of a mouse-wheel gesture run during a passive phase. */
  wheel?: number;
}

const PHASES: PhaseSpec[] = [
  { name: 'idle (no scrolling)', mode: 'passive', start: 'keep', seconds: 2 },
  { name: 'wheel, 3,000 px/s, newest up', mode: 'passive', start: 'bottom', seconds: SCROLL_SECONDS, wheel: 3000 },
  { name: 'steady, 120 px/frame, oldest down', mode: 'steady', start: 'top', seconds: SCROLL_SECONDS, step: 120 },
  { name: `sweep, whole list in ${SCROLL_SECONDS} s`, mode: 'sweep', start: 'top', seconds: SCROLL_SECONDS },
  { name: 'jumps, 1 every 15 frames', mode: 'jumps', start: 'keep', seconds: SCROLL_SECONDS, every: 15 },
];

const METRICS = [
  'TaskDuration',
  'ScriptDuration',
  'LayoutDuration',
  'RecalcStyleDuration',
  'LayoutCount',
  'RecalcStyleCount',
];

async function metricsOf(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return Object.fromEntries(metrics.filter((m) => METRICS.includes(m.name)).map((m) => [m.name, m.value]));
}

async function scrollPhases(
  browser: Browser,
  context: BrowserContext,
  registerPath: string,
): Promise<Map<string, PhaseRun[]>> {
  const page = await context.newPage();
  const results = new Map<string, PhaseRun[]>(PHASES.map((p) => [p.name, []]));
  try {
    await page.goto(registerPath);
    await waitForProbe(page, 'scroll page');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const box = await page.locator(SELECTORS.scroller).boundingBox();
    if (!box) throw new Error('no register scroll container');
    const center = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(center.x, center.y);
    await sleep(1000);
    const profiles: unknown[] = [];
    for (let run = 0; run < SCROLL_RUNS; run++) {
      const tracing = TRACE && run === 0;
      if (tracing) await browser.startTracing(page, { path: TRACE, screenshots: false, categories: TRACE_CATEGORIES });
      for (const [index, spec] of PHASES.entries()) {
        const profiling = PROFILE && index > 0;
        if (profiling) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        const before = await metricsOf(cdp);
        const loafBefore = (await page.evaluate('window.__bench.loaf.length')) as number;
        const options = {
          name: spec.name.split(',')[0],
          mode: spec.mode,
          start: spec.start,
          seconds: spec.seconds,
          step: spec.step ?? 0,
          every: spec.every ?? 15,
          seed: 20261121 + 7919 * run + index,
        };
        const done = page.evaluate(`window.__bench.scroll(${JSON.stringify(options)})`) as Promise<ScrollResult>;
        if (spec.wheel !== undefined) await wheelGesture(cdp, center, spec.wheel * spec.seconds, spec.wheel);
        const result = await done;
        const after = await metricsOf(cdp);
        const loaf = (await page.evaluate(`window.__bench.loaf.slice(${loafBefore})`)) as LoafEntry[];
        if (profiling) {
          const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
          profiles.push(profile);
        }
        const metrics = Object.fromEntries(METRICS.map((name) => [name, (after[name] ?? 0) - (before[name] ?? 0)]));
        results.get(spec.name)!.push({ ...result, metrics, loaf });
        await sleep(500);
      }
      if (tracing) {
        await browser.stopTracing();
        printTrace(TRACE, results);
      }
    }
    if (PROFILE) printProfile(profiles as CpuProfile[]);
  } finally {
    await page.close();
  }
  return results;
}

/**
 * A mouse-wheel scroll gesture through Chromium's input pipeline (CDP Input.synthesizeScrollGesture,
 * as Telemetry's smoothness benchmarks scroll): wheel events every frame, scrolled by the
 * compositor, `speed` px/s over `distance` px (positive: up). Resolves when the gesture is done.
 */
async function wheelGesture(
  cdp: CDPSession,
  at: { x: number; y: number },
  distance: number,
  speed: number,
): Promise<void> {
  await cdp.send('Input.synthesizeScrollGesture', {
    x: Math.round(at.x),
    y: Math.round(at.y),
    xDistance: 0,
    yDistance: distance,
    speed,
    gestureSourceType: 'mouse',
    preventFling: true,
  });
}

function printScroll(phases: Map<string, PhaseRun[]>): void {
  console.log(
    `\n  Scrolling (requestAnimationFrame intervals, all rows loaded; ${SCROLL_RUNS} run(s) of each phase, frames pooled)   [target: 60 fps]`,
  );
  console.log(
    `    ${'phase'.padEnd(36)} ${'frames'.padStart(6)} ${'fps'.padStart(5)} ${'fps/run'.padStart(11)} ${'median'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'>16.7'.padStart(6)} ${'>33.4'.padStart(6)} ${'longest'.padStart(8)} ${'DOM rows'.padStart(8)}  viewport full of rows / dates seen per run`,
  );
  const fpsOf = (runs: PhaseRun[]) =>
    runs.reduce((s, r) => s + r.frames.length - 1, 0) /
    runs.reduce((s, r) => s + (r.frames[r.frames.length - 1] - r.frames[0]) / 1000, 0);
  for (const [name, runs] of phases) {
    const intervals = runs.flatMap((r) => r.frames.slice(1).map((t, i) => t - r.frames[i]));
    const fpsRuns = runs.map((r) => fpsOf([r]));
    // rAF timestamps are frame begin times, on the 60 Hz beat here: an interval over 16.7 ms
    // (1 ms of jitter allowed) means the previous frame missed at least one vsync.
    const over16 = intervals.filter((t) => t > FRAME_MS + 1).length;
    const over33 = intervals.filter((t) => t > 2 * FRAME_MS + 1).length;
    const checked = runs.reduce((s, r) => s + r.checked, 0);
    const full = runs.reduce((s, r) => s + r.full, 0);
    const minCoverage = Math.min(...runs.map((r) => r.minCoverage));
    console.log(
      `    ${name.padEnd(36)} ${String(intervals.length + runs.length).padStart(6)} ${fpsOf(runs).toFixed(1).padStart(5)} ${`${Math.min(...fpsRuns).toFixed(1)}-${Math.max(...fpsRuns).toFixed(1)}`.padStart(11)} ` +
        `${ms(median(intervals)).padStart(7)} ${ms(quantile(intervals, 0.95)).padStart(7)} ${ms(quantile(intervals, 0.99)).padStart(7)} ${pct(over16, intervals.length).padStart(6)} ${pct(over33, intervals.length).padStart(6)} ${ms(Math.max(...intervals)).padStart(8)} ${String(median(runs.flatMap((r) => r.domRows))).padStart(8)}  ` +
        `${pct(full, checked)} of frames${full < checked ? ` (least ${(100 * minCoverage).toFixed(0)}%)` : ''} / ${runs.map((r) => r.distinctDates).join(', ')}`,
    );
  }
  const moving = [...phases.entries()].filter(([name]) => name !== PHASES[0].name);
  const fpsMoving = moving.map(([, runs]) => fpsOf(runs));
  const invalid = moving.some(([, runs]) => runs.some((r) => r.distinctDates < 2 || r.full === 0));
  console.log(
    `    60 fps while scrolling: ${fpsMoving.every((f) => f >= 59.5) ? 'met' : 'missed'} (fps ${fpsMoving.map((f) => f.toFixed(1)).join(' / ')}: ${moving.map(([name]) => name.split(',')[0]).join(' / ')})` +
      (invalid ? '\n    WARNING: a scroll phase showed no rows or no change of dates: its figures are not valid' : ''),
  );
  for (const [name, runs] of moving) {
    console.log(
      `    ${name.split(',')[0]}: moved ${runs.map((r) => `${Math.round(r.fromTop)} -> ${Math.round(r.toTop)}`).join(', ')} of ${Math.round(runs[0].max)} px`,
    );
  }

  console.log(
    `\n  Main thread per frame (Chromium Performance metrics, thread time) and long animation frames (> 50 ms)`,
  );
  console.log(
    `    ${'phase'.padEnd(36)} ${'task'.padStart(8)} ${'script'.padStart(8)} ${'style'.padStart(8)} ${'layout'.padStart(8)}  ${'LoAF'.padStart(5)}  in LoAF: scripts / style+layout`,
  );
  for (const [name, runs] of phases) {
    const frames = runs.reduce((s, r) => s + r.frames.length, 0);
    const per = (key: string) => `${((1000 * runs.reduce((s, r) => s + r.metrics[key], 0)) / frames).toFixed(2)} ms`;
    const loaf = runs.flatMap((r) => r.loaf);
    const script = loaf.reduce((s, e) => s + e.scripts.reduce((t, x) => t + x.duration, 0), 0);
    const layout = loaf.reduce(
      (s, e) => s + (e.styleAndLayoutStart ? e.start + e.duration - e.styleAndLayoutStart : 0),
      0,
    );
    console.log(
      `    ${name.padEnd(36)} ${per('TaskDuration').padStart(8)} ${per('ScriptDuration').padStart(8)} ${per('RecalcStyleDuration').padStart(8)} ${per('LayoutDuration').padStart(8)}  ${String(loaf.length).padStart(5)}  ${ms(script)} / ${ms(layout)}`,
    );
  }
  const scripts = new Map<string, { count: number; ms: number; forced: number }>();
  for (const e of [...phases.values()].flat().flatMap((r) => r.loaf)) {
    for (const s of e.scripts) {
      const key = `${s.invoker} (${s.source}${s.fn ? ` ${s.fn}` : ''})`;
      const entry = scripts.get(key) ?? { count: 0, ms: 0, forced: 0 };
      entry.count++;
      entry.ms += s.duration;
      entry.forced += s.forced;
      scripts.set(key, entry);
    }
  }
  const top = [...scripts.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 5);
  if (top.length)
    console.log(
      `    scripts in long animation frames: ${top.map(([k, v]) => `${k}: ${v.count}x, ${ms(v.ms)} (forced style+layout ${ms(v.forced)})`).join('; ')}`,
    );
}

/** The two issue-3 targets in one place, from the figures above. */
function printTargets(
  first: { inApp: FirstRows[]; warmLoads: FirstRows[]; coldLoads: FirstRows[] },
  phases: Map<string, PhaseRun[]>,
): void {
  const visible = (runs: FirstRows[]) => runs.map((r) => r.visible).filter((x): x is number => x !== null);
  const medians = [visible(first.inApp), visible(first.warmLoads), visible(first.coldLoads)].map((v) =>
    v.length === REPEAT ? median(v) : Infinity,
  );
  const scrolling = PHASES.slice(1).map((p) => {
    const runs = phases.get(p.name) ?? [];
    const fps =
      runs.reduce((s, r) => s + r.frames.length - 1, 0) /
      runs.reduce((s, r) => s + (r.frames[r.frames.length - 1] - r.frames[0]) / 1000, 0);
    return [p.name.split(',')[0], fps] as const;
  });
  const missed = scrolling.filter(([, fps]) => !(fps >= 59.5)).map(([name]) => name);
  console.log(`\n  Targets (issue 3)                           measured (medians)`);
  console.log(
    `    first rows < 1000 ms after navigation     in-app ${ms(medians[0])}, page load warm ${ms(medians[1])}, cold ${ms(medians[2])}   ` +
      `[${medians.every((m) => m < 1000) ? 'met' : 'missed'}]`,
  );
  if (phases.size === 0) return;
  console.log(
    `    60 fps while scrolling                    ${scrolling.map(([name, fps]) => `${name} ${fps.toFixed(1)}`).join(', ')} fps   [${missed.length ? `missed: ${missed.join(', ')}` : 'met'}]`,
  );
}

// ----- optional Chromium trace summary -----

/** Playwright's default trace categories without the V8 sampler (which slows every frame). */
const TRACE_CATEGORIES = [
  '-*',
  'devtools.timeline',
  'v8.execute',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'blink.user_timing',
  'latencyInfo',
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * Per scroll phase of run 1 (between the page's `bench:<phase>:start/end` marks): each busy
 * thread's time per frame (top-level complete events) and the event names with the most self
 * time. Tracing slows the run, so its fps are not the bench's figures; the split is the point.
 */
function printTrace(path: string, results: Map<string, PhaseRun[]>): void {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const threadName = new Map<string, string>();
  const marks = new Map<string, number>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
    else if (e.name.startsWith('bench:') && !marks.has(e.name)) marks.set(e.name, e.ts);
  }
  console.log(
    `\n  Chromium trace of scroll run 1 (${path}; tracing slows the run: the split is the point). Per frame: thread busy time; top events by self time`,
  );
  for (const spec of PHASES) {
    const phase = spec.name.split(',')[0];
    const start = marks.get(`bench:${phase}:start`);
    const end = marks.get(`bench:${phase}:end`);
    const frames = results.get(spec.name)?.[0]?.frames.length;
    if (start === undefined || end === undefined || !frames) continue;
    const byThread = new Map<string, TraceEvent[]>();
    for (const e of events) {
      if (e.ph !== 'X' || e.dur === undefined || e.ts < start || e.ts > end) continue;
      const key = `${e.pid}:${e.tid}`;
      const list = byThread.get(key) ?? [];
      list.push(e);
      byThread.set(key, list);
    }
    const threads: Array<{ name: string; busy: number; self: Map<string, number> }> = [];
    for (const [key, list] of byThread) {
      list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
      const self = new Map<string, number>();
      const stack: TraceEvent[] = [];
      let busy = 0;
      for (const e of list) {
        while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur! <= e.ts) stack.pop();
        const parent = stack[stack.length - 1];
        if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur!);
        else busy += e.dur!;
        self.set(e.name, (self.get(e.name) ?? 0) + e.dur!);
        stack.push(e);
      }
      threads.push({ name: threadName.get(key) ?? key, busy, self });
    }
    console.log(`    ${phase} (${frames} frames):`);
    for (const t of threads.sort((a, b) => b.busy - a.busy).filter((t) => t.busy > 0.05 * (end - start))) {
      const top = [...t.self.entries()]
        .filter(([, v]) => v > 0)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8);
      console.log(
        `      ${t.name.padEnd(26)} ${`${(t.busy / 1000 / frames).toFixed(2)} ms`.padStart(9)}  ${top.map(([n, v]) => `${n} ${(v / 1000 / frames).toFixed(2)}`).join(', ')}`,
      );
    }
  }
}

// ----- optional CPU profile summary -----

interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }>;
  samples: number[];
  timeDeltas: number[];
}

function printProfile(profiles: CpuProfile[]): void {
  const self = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id);
      if (!node) return;
      const dt = (profile.timeDeltas[i] ?? 0) / 1000;
      total += dt;
      const { functionName, url, lineNumber, columnNumber } = node.callFrame;
      const file = url ? url.split('/').slice(-2).join('/') : '(native)';
      const key =
        `${functionName || '(anonymous)'} ${url ? `${file}:${lineNumber + 1}:${columnNumber + 1}` : ''}`.trim();
      self.set(key, (self.get(key) ?? 0) + dt);
      byFile.set(file, (byFile.get(file) ?? 0) + dt);
    });
  }
  console.log(`\n  CPU profile of the scroll phases (V8 sampling, self time, ${ms(total)} sampled)`);
  for (const [key, t] of [...byFile.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(`    ${pct(t, total).padStart(6)}  ${key}`);
  console.log('    top functions:');
  for (const [key, t] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`    ${pct(t, total).padStart(6)}  ${key}`);
}

if (require.main === module) {
  runRegisterBrowserBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

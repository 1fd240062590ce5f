/**
 * Ledger benchmark: one account with 50,000 transactions.
 *
 * 1. Seeds them through svc-ledger's internal bulk route (5 calls of 10,000 rows; target: 10,000
 *    in < 1 s).
 * 2. Times, sequentially over one keep-alive connection: the full register (GET
 *    /api/accounts/:id/transactions, target < 300 ms through the gateway) three ways - served
 *    from svc-ledger's register cache (compressed if offered, and identity), revalidated with
 *    If-None-Match (304), and cold: right after an edit of one row, so svc-ledger rebuilds it
 *    (PostgreSQL writes the JSON) and gzips it again - then a 200-row page (newest page and one in
 *    the middle, target < 30 ms) and a single edit (PUT /api/transactions/:id, target < 20 ms).
 *    Prints p50/p95 through the gateway and straight to svc-ledger, and the app process's CPU
 *    per request (gateway + services, not PostgreSQL), which depends little on the machine's load.
 *
 * It runs on the default single-process app (startApp from app/src/start.ts, in a child process,
 * fresh temporary DATA_DIR, one registered user). When that cannot start, it falls back to
 * svc-ledger's buildApp on a test database (TEST_PG_URL or the machine's PostgreSQL), without
 * the gateway. Figures are printed, not asserted.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createBenchAccount,
  createBenchCategory,
  seedRegister,
  SEED_BATCH,
  startAppWithUser,
} from './support/seed-register';
import { request, time, type Timing } from './support/timing';

interface Target {
  mode: string;
  /** Base URL the browser would use (the gateway), or null without one. */
  gatewayUrl: string | null;
  /** svc-ledger's own base URL. */
  ledgerUrl: string;
  internalToken: string;
  token: string;
  householdId: number;
  /** CPU (µs) the app process has used so far; null when the app runs inside this process. */
  cpuMicros: (() => Promise<number>) | null;
  stop(): Promise<void>;
}

const ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 50_000);
/**
 * `BENCH_LEDGER_SPLIT_PERCENT=10`: after seeding, that share of the rows (every 10th) is split
 * into 2 lines of 2 categories through PUT /api/transactions/:id (issue 21), and an edit of a
 * split row (total and lines) is timed too.
 */
const SPLIT_PERCENT = Number(process.env.BENCH_LEDGER_SPLIT_PERCENT ?? 0);

/** Two lines of two categories summing exactly to `amount` (decimal; |amount| >= 0.02). */
function twoLines(amount: number, categories: readonly number[]) {
  const cents = Math.round(amount * 100);
  const first = Math.trunc(cents / 2);
  return [
    { category_id: categories[0], amount: first / 100 },
    { category_id: categories[1], amount: (cents - first) / 100 },
  ];
}
const BATCH = SEED_BATCH;
/** The pause before each of the spaced edits (not timed). */
const EDIT_SPACING_MS = 50;

async function viaStartApp(): Promise<Target> {
  const user = await startAppWithUser({
    dataDirPrefix: 'hf-bench-ledger-',
    userName: 'Ledger Bench',
    emailPrefix: 'ledger-bench',
  });
  return {
    mode: 'single-process app (startApp), through the gateway and direct',
    gatewayUrl: user.gatewayUrl,
    ledgerUrl: user.ledgerUrl,
    internalToken: user.internalToken,
    token: user.accessToken,
    householdId: user.householdId,
    cpuMicros: user.app.cpuMicros,
    stop: user.stop,
  };
}

async function viaBuildApp(): Promise<Target> {
  const { createTestDatabase, testAppOptions, testToken, TEST_INTERNAL_TOKEN } =
    await import('@hf/service-kit/testing');
  const { createInProcessBus } = await import('@hf/messaging');
  const { buildApp } = await import('@hf/svc-ledger');
  process.env.TEST_PG_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const db = await createTestDatabase('benchledger');
  const bus = createInProcessBus();
  const app = await buildApp(testAppOptions(db.url, bus));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    mode: 'svc-ledger buildApp on a test database (no gateway)',
    gatewayUrl: null,
    ledgerUrl: `http://127.0.0.1:${port}`,
    internalToken: TEST_INTERNAL_TOKEN,
    token: testToken({ userId: 1, householdId: 1 }),
    householdId: 1,
    cpuMicros: null,
    stop: async () => {
      await app.close();
      await bus.close();
      await db.drop();
    },
  };
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** A GET whose body is read as bytes and not decoded (fetch gunzips, which would add the client's own time to the figure). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ ms: number; bytes: number; encoding: string }> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: keepAlive }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`GET ${url} answered ${res.statusCode}`));
          resolve({
            ms: Number(process.hrtime.bigint() - start) / 1e6,
            bytes,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
          });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** `time` with the app process's CPU per run, when known. */
const timeApp = (count: number, run: (i: number) => Promise<number>) => time(count, run, cpuMicros);
let cpuMicros: (() => Promise<number>) | null = null;

const fmt = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const line = (label: string, r: Timing, target?: number) =>
  `  ${label.padEnd(50)} p50 ${fmt(r.p50).padStart(9)}   p95 ${fmt(r.p95).padStart(9)}   min ${fmt(r.min).padStart(9)}` +
  `${r.cpu !== undefined ? `   app CPU ${fmt(r.cpu).padStart(9)}` : ''}${target ? `   [target < ${target} ms: ${r.p50 < target ? 'met' : 'missed'} at p50]` : ''}`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

export async function runLedgerBench(): Promise<void> {
  console.log(`\n== ledger: one account with ${ROWS.toLocaleString('en-US')} transactions ==`);
  let target: Target;
  try {
    target = await viaStartApp();
  } catch (err) {
    console.log(`  (startApp unavailable: ${(err as Error).message}; using buildApp directly)`);
    target = await viaBuildApp();
  }
  console.log(`  mode: ${target.mode}`);
  cpuMicros = target.cpuMicros;
  const auth = { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' };
  const api = target.gatewayUrl ?? target.ledgerUrl;
  try {
    const account = { id: await createBenchAccount(api, target.token) };

    // 1. Seed through the internal bulk route, 10,000 rows per call, dated over ~4 years.
    const seedTimes = await seedRegister(target, account.id, ROWS, { batch: BATCH });
    console.log(
      `  seed: ${seedTimes.length} bulk calls of ${BATCH.toLocaleString('en-US')} rows: ${seedTimes.map((t) => fmt(t)).join(', ')}   [target < 1000 ms each: ${seedTimes.every((t) => t < 1000) ? 'met' : 'missed'}]`,
    );

    const register = `/api/accounts/${account.id}/transactions`;
    const every = SPLIT_PERCENT > 0 ? Math.max(2, Math.round(100 / SPLIT_PERCENT)) : 0;
    const splitCategories: number[] = [];
    let splitSample: { id: number; amount: number } | null = null;
    if (every > 0) {
      for (const name of ['Bench split A', 'Bench split B'])
        splitCategories.push(await createBenchCategory(api, target.token, name));
      const seeded = JSON.parse((await request(`${api}${register}`, { headers: auth })).text) as Array<{
        id: number;
        amount: number;
      }>;
      const toSplit = seeded.filter((r, i) => i % every === 0 && Math.abs(r.amount) >= 0.02);
      const started = Date.now();
      for (let i = 0; i < toSplit.length; i += 8)
        await Promise.all(
          toSplit.slice(i, i + 8).map((r) =>
            request(`${api}/api/transactions/${r.id}`, {
              method: 'PUT',
              headers: auth,
              body: JSON.stringify({ splits: twoLines(r.amount, splitCategories) }),
            }),
          ),
        );
      splitSample = toSplit[Math.floor(toSplit.length / 2)] ?? null;
      console.log(
        `  split: ${toSplit.length.toLocaleString('en-US')} rows (${SPLIT_PERCENT}%) into 2 lines each, in ${fmt(Date.now() - started)} (not a target)`,
      );
    }
    const bases = target.gatewayUrl
      ? [
          ['gateway', target.gatewayUrl],
          ['direct', target.ledgerUrl],
        ]
      : [['direct', target.ledgerUrl]];
    // Warm up: JIT, pools, PostgreSQL caches (and autovacuum's visibility map for index-only sums).
    for (let i = 0; i < 3; i++) for (const [, base] of bases) await request(`${base}${register}`, { headers: auth });
    const full = await request(`${api}${register}`, {
      headers: { authorization: auth.authorization, 'accept-encoding': 'identity' },
    });
    const rows = JSON.parse(full.text) as Array<{ id: number; updated_at: string }>;
    console.log(
      `  full register: ${rows.length.toLocaleString('en-US')} rows, ${(full.text.length / 1024 / 1024).toFixed(1)} MiB of JSON`,
    );

    const newest = JSON.parse((await request(`${api}${register}?limit=200`, { headers: auth })).text) as {
      prev_cursor: string;
    };
    // With splits, a row that is not split (every `every`-th row is): its amount can change alone.
    const half = Math.floor(rows.length / 2);
    const middle = rows[half + (every > 0 && half % every === 0 ? 1 : 0)];
    let middleCursor = newest.prev_cursor;
    // Walk to the middle with one large page so the cursor points there.
    const jump = JSON.parse(
      (
        await request(`${api}${register}?limit=${Math.min(5000, Math.floor(rows.length / 2))}&before=${middleCursor}`, {
          headers: auth,
        })
      ).text,
    ) as { prev_cursor: string };
    middleCursor = jump.prev_cursor ?? middleCursor;

    const identity = { ...auth, 'accept-encoding': 'identity' };
    let edits = 0;
    const editMiddle = (base: string) =>
      request(`${base}/api/transactions/${middle.id}`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ amount: -(edits % 50) - 1.25, notes: `edit ${edits++}` }),
      });
    for (const [name, base] of bases) {
      const fullTarget = name === 'gateway' || !target.gatewayUrl ? 300 : undefined;
      // Served from the register cache: the first two requests build this version and its gzip copy.
      await request(`${base}${register}`, { headers: auth });
      await request(`${base}${register}`, { headers: identity });
      const sample = await request(`${base}${register}`, { headers: auth });
      const encoding = sample.headers.get('content-encoding') ?? 'identity';
      const length = sample.headers.get('content-length');
      const wire = length === null ? 'streamed' : mib(Number(length));
      const fullGzip = await timeApp(10, async () => (await request(`${base}${register}`, { headers: auth })).ms);
      console.log(line(`${name}: full register, cached (${encoding}, ${wire})`, fullGzip, fullTarget));
      const gzipHeaders = { authorization: auth.authorization, 'accept-encoding': 'gzip, deflate, br' };
      const fullRaw = await timeApp(10, async () => (await rawGet(`${base}${register}`, gzipHeaders)).ms);
      console.log(line(`${name}: same, received but not gunzipped`, fullRaw, fullTarget));
      const fullPlain = await timeApp(10, async () => (await request(`${base}${register}`, { headers: identity })).ms);
      console.log(line(`${name}: full register, cached (identity)`, fullPlain));
      const etag = sample.headers.get('etag');
      if (etag) {
        const revalidate = await timeApp(
          20,
          async () =>
            (await request(`${base}${register}`, { headers: { ...auth, 'if-none-match': etag }, expect: 304 })).ms,
        );
        console.log(line(`${name}: full register, revalidated (304)`, revalidate));
      }
      // Cold: each GET follows an edit (not timed, its CPU is in the figure), so svc-ledger rebuilds the register.
      const cold = await timeApp(10, async () => {
        await editMiddle(base);
        return (await request(`${base}${register}`, { headers: auth })).ms;
      });
      console.log(line(`${name}: full register after an edit (rebuilt, ${encoding})`, cold, fullTarget));
      const coldRaw = await timeApp(5, async () => {
        await editMiddle(base);
        return (await rawGet(`${base}${register}`, gzipHeaders)).ms;
      });
      console.log(line(`${name}: same, received but not gunzipped`, coldRaw, fullTarget));
      const coldPlain = await timeApp(5, async () => {
        await editMiddle(base);
        return (await request(`${base}${register}`, { headers: identity })).ms;
      });
      console.log(line(`${name}: full register after an edit (rebuilt, identity)`, coldPlain));
      const pageNewest = await timeApp(
        100,
        async () => (await request(`${base}${register}?limit=200`, { headers: auth })).ms,
      );
      console.log(line(`${name}: 200-row page, newest`, pageNewest, 30));
      const pageMiddle = await timeApp(
        100,
        async () => (await request(`${base}${register}?limit=200&before=${middleCursor}`, { headers: auth })).ms,
      );
      console.log(line(`${name}: 200-row page, middle of the register`, pageMiddle, 30));
      const edit = await timeApp(100, async () => (await editMiddle(base)).ms);
      console.log(line(`${name}: single edit (PUT /api/transactions/:id)`, edit, 20));
      // The same, one edit every EDIT_SPACING_MS: the previous edit's events are through the
      // relay and the consumers before the next one starts, as when a person saves rows.
      const spaced = await time(50, async () => {
        await sleep(EDIT_SPACING_MS);
        return (await editMiddle(base)).ms;
      });
      console.log(line(`${name}: single edit, one every ${EDIT_SPACING_MS} ms`, spaced, 20));
      if (splitSample) {
        const sample = splitSample;
        let n = 0;
        const splitEdit = await timeApp(50, async () => {
          const amount = -(n++ % 50) - 2.5;
          return (
            await request(`${base}/api/transactions/${sample.id}`, {
              method: 'PUT',
              headers: auth,
              body: JSON.stringify({ amount, splits: twoLines(amount, splitCategories) }),
            })
          ).ms;
        });
        console.log(line(`${name}: single edit of a split row (total and lines)`, splitEdit, 20));
      }
    }
  } finally {
    keepAlive.destroy();
    await target.stop();
  }
}

if (require.main === module) {
  runLedgerBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

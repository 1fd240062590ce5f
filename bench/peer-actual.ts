/**
 * Peer benchmark: the ledger figures of issue 3 measured side by side with Actual Budget's engine
 * (`@actual-app/api`, which runs Actual's server code - SQLite through better-sqlite3 - inside
 * this process), on the same generated rows as bench/ledger.ts (`benchRow` from
 * bench/support/seed-register.ts: 50,000 rows in one account, 5 bulk calls of 10,000).
 *
 * The peer is not a dependency of the project: it is installed on demand into the git-ignored
 * bench/.peer/ (`npm install --prefix bench/.peer @actual-app/api@<PEER_VERSION>`, which
 * compiles better-sqlite3 when no prebuilt binary can be downloaded) and loaded from there with
 * createRequire. When that fails the peer is skipped with a message; nothing else fails.
 *
 * Peer (in-process calls, no HTTP, no JSON, a fresh temporary dataDir, no sync server):
 *   - budget: `runImport(name, fn)` (creates a local budget, then loads it) with one account
 *     created by `createAccount` (no starting-balance transaction);
 *   - bulk create: `addTransactions(account, rows, { runTransfers: false, learnCategories: false })`,
 *     the API's call for adding rows as they are (`importTransactions` additionally reconciles
 *     each row against the existing ones, i.e. does strictly more); it still runs the rules on
 *     every row, and in 26.9.0 that includes an SQL sum of the account's earlier rows per row;
 *     for the engine's own cost without that, 10,000 more rows go into a second account through
 *     `transactions-batch-update` (what Actual's UI sends when it saves new rows);
 *   - full list: `getTransactions(account, from, to)` (= ActualQL
 *     `q('transactions').filter({ account }).options({ splits: 'grouped' }).select('*')`, the
 *     query Actual's account view pages through), alone and followed by the running balances the
 *     way Actual's UI computes them (`select([{ balance: { $sumOver: '$amount' } }])`);
 *   - 200-row page: the same query with `.limit(200)` (newest first: date desc, sort_order desc)
 *     and `.offset(n / 2)` (Actual's pager uses limit/offset);
 *   - single edit: `updateTransaction(id, { amount, notes })` - its promise settles before the
 *     write is done (26.9.0 does not await the batch update inside), so the timing waits for the
 *     queued work (setImmediate) and the result is checked - and the UI's own edit call,
 *     `send('transactions-batch-update', { updated: [{ id, amount, notes }] })`, awaited.
 *
 * Ours (same command, unless BENCH_PEER_OURS=0): the app in a child process as in
 * bench/ledger.ts, the account (starting balance 0) seeded through svc-ledger's internal bulk
 * route, then through the gateway over HTTP: the full register with `accept-encoding: identity`
 * *including the client's JSON.parse* (so both sides end with 50,000 row objects in the
 * caller's hands; bench/ledger.ts times without the parse), cached and rebuilt (each GET after
 * an untimed edit), 200-row pages (newest, middle) and `PUT /api/transactions/:id`.
 *
 * Prints p50/p95/min and a side-by-side table (p50). Knobs: BENCH_PEER_ROWS (default 50,000),
 * BENCH_PEER_OURS=0 (peer only), BENCH_PEER_INSTALL=0 (never install; skip when missing),
 * BENCH_PEER_DIR (install folder, default bench/.peer).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, time, type Timing } from './support/timing';
import { benchRow, createBenchAccount, SEED_BATCH, seedRegister, startAppWithUser } from './support/seed-register';

/** The peer's version, pinned: figures are only comparable run to run with the same engine. */
export const PEER_PACKAGE = '@actual-app/api';
export const PEER_VERSION = '26.9.0';
export const PEER_DIR = process.env.BENCH_PEER_DIR ?? join(__dirname, '.peer');

const ROWS = Number(process.env.BENCH_PEER_ROWS ?? 50_000);
const BATCH = SEED_BATCH;

// --- The slice of @actual-app/api this bench uses (the package is not installed for tsc) ---------

/** An ActualQL query (immutable builder; `q(table)` starts one). */
export interface PeerQuery {
  filter(expr: Record<string, unknown>): PeerQuery;
  select(expr: string | Array<string | Record<string, unknown>>): PeerQuery;
  options(opts: Record<string, unknown>): PeerQuery;
  limit(n: number): PeerQuery;
  offset(n: number): PeerQuery;
  groupBy(expr: string | Array<string | Record<string, unknown>>): PeerQuery;
}

/** A transaction as Actual's API returns it (amounts in integer cents). */
interface PeerTransaction {
  id: string;
  date: string;
  amount: number;
  cleared: boolean;
  notes: string | null;
  payee: string | null;
}

/** A row for `addTransactions` (`payee_name` creates or finds the payee). */
interface PeerNewTransaction {
  date: string;
  amount: number;
  payee_name: string;
  cleared: boolean;
  notes?: string;
}

export interface PeerApi {
  init(config: {
    dataDir: string;
    verbose?: boolean;
  }): Promise<{ send(name: string, args?: unknown): Promise<unknown> }>;
  shutdown(): Promise<void>;
  runImport(budgetName: string, func: () => Promise<void>): Promise<void>;
  createAccount(
    account: { name: string; offbudget?: boolean; closed?: boolean },
    initialBalance?: number,
  ): Promise<string>;
  addTransactions(
    accountId: string,
    transactions: PeerNewTransaction[],
    opts?: { learnCategories?: boolean; runTransfers?: boolean },
  ): Promise<string>;
  getTransactions(accountId: string, startDate: string, endDate: string): Promise<PeerTransaction[]>;
  updateTransaction(id: string, fields: Partial<Omit<PeerTransaction, 'id'>>): Promise<unknown>;
  getPayees(): Promise<Array<{ id: string; name: string }>>;
  aqlQuery(query: PeerQuery): Promise<{ data: unknown }>;
  q(table: string): PeerQuery;
  createCategoryGroup(group: { name: string }): Promise<string>;
  createCategory(category: { name: string; group_id: string; is_income?: boolean }): Promise<string>;
  createPayee(payee: { name: string }): Promise<string>;
}

// --- Install on demand ------------------------------------------------------------------------------

const installedVersion = (): string | null => {
  const file = join(PEER_DIR, 'node_modules', ...PEER_PACKAGE.split('/'), 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : null;
};

/** better-sqlite3's native module loads (npm may have skipped its build script). */
function nativeModuleLoads(): string | null {
  const probe = spawnSync(process.execPath, ['-e', "require('better-sqlite3')(':memory:').close()"], {
    cwd: join(PEER_DIR, 'node_modules', '@actual-app', 'api'),
    encoding: 'utf8',
  });
  return probe.status === 0
    ? null
    : (probe.stderr || `exit ${probe.status}`).trim().split('\n').slice(0, 3).join(' | ');
}

function npm(args: string[]): boolean {
  console.log(`  $ npm ${args.join(' ')}`);
  const run = spawnSync('npm', args, { stdio: 'inherit', timeout: 20 * 60_000 });
  if (run.error) console.log(`  (npm could not run: ${run.error.message})`);
  return run.status === 0;
}

/** Installs the pinned peer into bench/.peer when it is missing; returns a reason when it cannot be used. */
export function ensurePeer(): string | null {
  if (installedVersion() !== PEER_VERSION) {
    if (process.env.BENCH_PEER_INSTALL === '0')
      return `${PEER_PACKAGE}@${PEER_VERSION} is not installed in ${PEER_DIR} and BENCH_PEER_INSTALL=0`;
    console.log(
      `  installing the peer into ${PEER_DIR} (not a project dependency; better-sqlite3 may compile from source, a few minutes):`,
    );
    mkdirSync(PEER_DIR, { recursive: true });
    // Its own package.json, so npm does not treat the workspace root as the project; npm 11
    // runs a dependency's install script only when allowScripts lists it.
    writeFileSync(
      join(PEER_DIR, 'package.json'),
      `${JSON.stringify({ name: 'ledgerly-bench-peer', private: true, description: 'Installed by bench/peer-actual.ts; safe to delete.', allowScripts: { 'better-sqlite3': true } }, null, 2)}\n`,
    );
    if (
      !npm([
        'install',
        '--prefix',
        PEER_DIR,
        '--no-audit',
        '--no-fund',
        '--save-exact',
        `${PEER_PACKAGE}@${PEER_VERSION}`,
      ]) ||
      installedVersion() !== PEER_VERSION
    ) {
      return `npm install of ${PEER_PACKAGE}@${PEER_VERSION} failed (see npm's output above)`;
    }
  }
  let failure = nativeModuleLoads();
  if (failure) {
    console.log(`  better-sqlite3 does not load (${failure}); building it:`);
    if (!npm(['rebuild', '--prefix', PEER_DIR, 'better-sqlite3']))
      return 'npm rebuild better-sqlite3 failed (needs python3, make, g++)';
    failure = nativeModuleLoads();
    if (failure) return `better-sqlite3 still does not load: ${failure}`;
  }
  return null;
}

// --- Timing -----------------------------------------------------------------------------------------

const now = () => process.hrtime.bigint();
const since = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Times `run` as a whole. */
const timed = async (run: () => Promise<unknown>): Promise<number> => {
  const start = now();
  await run();
  return since(start);
};

const fmt = (ms: number) =>
  ms >= 10_000
    ? `${(ms / 1000).toFixed(1)} s`
    : ms >= 1000
      ? `${(ms / 1000).toFixed(2)} s`
      : `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
const line = (label: string, r: Timing) =>
  `  ${label.padEnd(66)} p50 ${fmt(r.p50).padStart(9)}   p95 ${fmt(r.p95).padStart(9)}   min ${fmt(r.min).padStart(9)}`;
const seedLine = (label: string, times: number[]) => `  ${label.padEnd(66)} ${times.map(fmt).join(', ')}`;

// --- Peer -------------------------------------------------------------------------------------------

export interface PeerResults {
  seed: number[];
  /** 10,000 rows through `transactions-batch-update` (no rules), into a second account. */
  seedNoRules: number | null;
  full: Timing;
  fullWithBalances: Timing;
  pageNewest: Timing;
  pageMiddle: Timing;
  edit: Timing;
  editUiCall: Timing;
}

/** Runs `fn` with console.warn silenced: the peer logs that it has no sync server to upload to (expected). */
export async function withoutPeerWarnings<T>(fn: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    return await fn();
  } finally {
    console.warn = warn;
  }
}

/** Shuts the peer's engine down and removes its data folder. */
export async function closePeer(api: PeerApi, dataDir: string): Promise<void> {
  try {
    await withoutPeerWarnings(() => api.shutdown());
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function peerRow(i: number, total: number): PeerNewTransaction {
  const r = benchRow(i, total);
  return {
    date: r.date,
    payee_name: r.payee,
    amount: r.amount_cents,
    cleared: r.status === 'x',
    ...(r.notes ? { notes: r.notes } : {}),
  };
}

async function measurePeer(api: PeerApi): Promise<PeerResults> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hf-bench-peer-actual-'));
  try {
    const internal = await api.init({ dataDir, verbose: false });
    let accountId = '';
    await withoutPeerWarnings(() =>
      api.runImport('Ledgerly peer bench', async () => {
        accountId = await api.createAccount({ name: 'Bench Checking', offbudget: false, closed: false });
      }),
    );

    // 1. Bulk create, BATCH rows per call; rows are built before timing (as ours are).
    const seed: number[] = [];
    for (let done = 0; done < ROWS; done += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, ROWS - done) }, (_, k) => peerRow(done + k, ROWS));
      seed.push(
        await timed(() => api.addTransactions(accountId, rows, { runTransfers: false, learnCategories: false })),
      );
      console.log(
        `  peer: addTransactions of ${rows.length.toLocaleString('en-US')} rows into ${done.toLocaleString('en-US')}: ${fmt(seed[seed.length - 1])}`,
      );
    }

    const query = () => api.q('transactions').filter({ account: accountId }).options({ splits: 'grouped' }).select('*');
    const runningBalances = () =>
      api.aqlQuery(
        api
          .q('transactions')
          .filter({ account: accountId })
          .options({ splits: 'none' })
          .select([{ balance: { $sumOver: '$amount' } }]),
      );
    const listAll = () => api.getTransactions(accountId, '1900-01-01', '2999-12-31');
    for (let i = 0; i < 3; i++) await listAll(); // warm-up: JIT, SQLite page cache
    const all = await listAll();
    const balances = (await runningBalances()).data as Array<{ id: string; balance: number }>;
    const total = all.reduce((sum, t) => sum + t.amount, 0);
    console.log(
      `  peer: full list ${all.length.toLocaleString('en-US')} rows (newest ${all[0]?.date}, oldest ${all[all.length - 1]?.date}); running balance of the newest ${balances[0]?.balance / 100} = sum ${total / 100}`,
    );
    if (all.length !== ROWS) console.log(`  peer: WARNING: expected ${ROWS} rows`);

    const full = await time(10, () => timed(listAll));
    console.log(line('peer: full list (getTransactions)', full));
    const fullWithBalances = await time(10, () =>
      timed(async () => {
        await listAll();
        await runningBalances();
      }),
    );
    console.log(line('peer: full list + running balances ($sumOver, as its UI does)', fullWithBalances));
    const middleOffset = Math.floor(all.length / 2);
    const pageNewest = await time(100, () => timed(() => api.aqlQuery(query().limit(200))));
    console.log(line('peer: 200-row page, newest (ActualQL .limit(200))', pageNewest));
    const pageMiddle = await time(100, () => timed(() => api.aqlQuery(query().limit(200).offset(middleOffset))));
    console.log(
      line(`peer: 200-row page, middle (.limit(200).offset(${middleOffset.toLocaleString('en-US')}))`, pageMiddle),
    );

    const middle = all[middleOffset];
    const editFields = (k: number) => ({ amount: -(k % 50) * 100 - 125, notes: `edit ${k}` });
    const edit = await time(100, (k) =>
      timed(async () => {
        await api.updateTransaction(middle.id, editFields(k));
        await nextTick(); // the write it started (not awaited by the API) finishes in this turn
      }),
    );
    const [after] = (await api.aqlQuery(api.q('transactions').filter({ id: middle.id }).select(['amount', 'notes'])))
      .data as Array<{ amount: number; notes: string }>;
    const expected = editFields(99);
    const landed = after?.amount === expected.amount && after?.notes === expected.notes;
    console.log(
      line(`peer: single edit (updateTransaction + its pending write${landed ? '' : '; WRITE NOT SEEN'})`, edit),
    );
    const editUiCall = await time(100, (k) =>
      timed(() => internal.send('transactions-batch-update', { updated: [{ id: middle.id, ...editFields(k + 100) }] })),
    );
    console.log(line("peer: single edit (its UI's call: transactions-batch-update)", editUiCall));

    // The engine's write cost without the rules pass: 10,000 rows into a second account.
    let seedNoRules: number | null = null;
    try {
      const second = await api.createAccount({ name: 'Bench Savings', offbudget: false, closed: false });
      const payees = new Map((await api.getPayees()).map((p) => [p.name, p.id]));
      const stamp = Date.now();
      const added = Array.from({ length: Math.min(BATCH, ROWS) }, (_, k) => {
        const r = peerRow(k, ROWS);
        return {
          id: randomUUID(),
          account: second,
          date: r.date,
          amount: r.amount,
          payee: payees.get(r.payee_name) ?? null,
          cleared: r.cleared,
          notes: r.notes ?? null,
          sort_order: stamp - k,
        };
      });
      seedNoRules = await timed(() => internal.send('transactions-batch-update', { added, runTransfers: false }));
      console.log(
        seedLine(
          `peer: ${added.length.toLocaleString('en-US')} rows via transactions-batch-update (no rules; 2nd account)`,
          [seedNoRules],
        ),
      );
    } catch (err) {
      console.log(`  peer: transactions-batch-update of new rows failed: ${(err as Error).message}`);
    }
    return { seed, seedNoRules, full, fullWithBalances, pageNewest, pageMiddle, edit, editUiCall };
  } finally {
    await closePeer(api, dataDir);
  }
}

// --- Ours (the same rows, through the gateway) ------------------------------------------------------

export interface OurResults {
  seed: number[];
  fullCached: Timing;
  fullRebuilt: Timing;
  pageNewest: Timing;
  pageMiddle: Timing;
  edit: Timing;
}

async function measureOurs(): Promise<OurResults> {
  const user = await startAppWithUser({
    dataDirPrefix: 'hf-bench-peer-ours-',
    userName: 'Peer Bench',
    emailPrefix: 'peer-bench',
  });
  try {
    const api = user.gatewayUrl;
    const auth = { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' };
    const identity = { ...auth, 'accept-encoding': 'identity' };
    const accountId = await createBenchAccount(api, user.accessToken, 'Bench Checking', 0);
    const seed = await seedRegister(user, accountId, ROWS, { batch: BATCH, keyPrefix: 'peer-bench' });
    console.log(seedLine(`ours: bulk route, ${BATCH.toLocaleString('en-US')} rows per call`, seed));

    const register = `${api}/api/accounts/${accountId}/transactions`;
    for (let i = 0; i < 3; i++) await request(register, { headers: identity });
    const rows = JSON.parse((await request(register, { headers: identity })).text) as Array<{ id: number }>;
    const middle = rows[Math.floor(rows.length / 2)];
    let edits = 0;
    const editMiddle = () =>
      request(`${api}/api/transactions/${middle.id}`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ amount: -(edits % 50) - 1.25, notes: `edit ${edits++}` }),
      });
    const parsedList = () =>
      timed(async () => (JSON.parse((await request(register, { headers: identity })).text) as unknown[]).length);

    await request(register, { headers: identity }); // this version cached
    const fullCached = await time(10, parsedList);
    console.log(line('ours: full register, cached (identity, JSON.parse included)', fullCached));
    const fullRebuilt = await time(10, async () => {
      await editMiddle();
      return parsedList();
    });
    console.log(line('ours: full register after an edit (rebuilt; identity, parsed)', fullRebuilt));

    // The middle page: walk there with large pages (newest first) so its cursor is ~n/2 rows back.
    type Page = { prev_cursor: string | null };
    let cursor = (JSON.parse((await request(`${register}?limit=200`, { headers: auth })).text) as Page).prev_cursor;
    for (let walked = 200; cursor && walked < Math.floor(rows.length / 2);) {
      const step = Math.min(5000, Math.floor(rows.length / 2) - walked);
      cursor = (
        JSON.parse((await request(`${register}?limit=${step}&before=${cursor}`, { headers: auth })).text) as Page
      ).prev_cursor;
      walked += step;
    }
    const pageNewest = await time(100, async () => (await request(`${register}?limit=200`, { headers: auth })).ms);
    console.log(line('ours: 200-row page, newest', pageNewest));
    const pageMiddle = await time(
      100,
      async () => (await request(`${register}?limit=200${cursor ? `&before=${cursor}` : ''}`, { headers: auth })).ms,
    );
    console.log(line('ours: 200-row page, middle', pageMiddle));
    const edit = await time(100, async () => (await editMiddle()).ms);
    console.log(line('ours: single edit (PUT /api/transactions/:id)', edit));
    return { seed, fullCached, fullRebuilt, pageNewest, pageMiddle, edit };
  } finally {
    await user.stop();
  }
}

// --- Side by side -----------------------------------------------------------------------------------

const seeds = (times: number[]) => times.map(fmt).join(' / ');

function printTable(peer: PeerResults, ours: OurResults | null): void {
  const rows: Array<[string, string, string]> = [
    [
      `bulk create ${Math.min(BATCH, ROWS).toLocaleString('en-US')} (each of ${peer.seed.length} calls, into 0 ... ${((peer.seed.length - 1) * BATCH).toLocaleString('en-US')} rows)`,
      ours ? seeds(ours.seed) : '-',
      `${seeds(peer.seed)} (addTransactions)${peer.seedNoRules !== null ? `; ${fmt(peer.seedNoRules)} without rules` : ''}`,
    ],
    [
      `full list ${ROWS.toLocaleString('en-US')}`,
      ours ? `${fmt(ours.fullCached.p50)} cached, ${fmt(ours.fullRebuilt.p50)} rebuilt (with 3 balances per row)` : '-',
      `${fmt(peer.full.p50)}; ${fmt(peer.fullWithBalances.p50)} with running balances`,
    ],
    [
      '200-row page, newest / middle',
      ours ? `${fmt(ours.pageNewest.p50)} / ${fmt(ours.pageMiddle.p50)}` : '-',
      `${fmt(peer.pageNewest.p50)} / ${fmt(peer.pageMiddle.p50)}`,
    ],
    [
      'single edit',
      ours ? fmt(ours.edit.p50) : '-',
      `${fmt(peer.edit.p50)} (updateTransaction); ${fmt(peer.editUiCall.p50)} (UI's call)`,
    ],
  ];
  console.log(
    `\n  side by side, p50 (${ours ? 'ours: HTTP through the gateway, JSON parsed by the client' : 'ours: see `npm run bench -- ledger`'}):`,
  );
  console.log(`  | | ours (Ledgerly) | peer (${PEER_PACKAGE} ${PEER_VERSION}, in-process) |`);
  console.log('  |---|---|---|');
  for (const [label, a, b] of rows) console.log(`  | ${label} | ${a} | ${b} |`);
}

export async function runPeerActualBench(): Promise<void> {
  console.log(
    `\n== peer: Actual Budget's engine (${PEER_PACKAGE}@${PEER_VERSION}) vs ours, one account with ${ROWS.toLocaleString('en-US')} transactions ==`,
  );
  const unusable = ensurePeer();
  if (unusable) {
    console.log(`  peer skipped: ${unusable}. Our own figures: npm run bench -- ledger`);
    return;
  }
  let ours: OurResults | null = null;
  if (process.env.BENCH_PEER_OURS !== '0') {
    try {
      ours = await measureOurs();
    } catch (err) {
      console.log(`  ours skipped (${(err as Error).message}); see npm run bench -- ledger`);
    }
  }
  const api = createRequire(join(PEER_DIR, 'package.json'))(PEER_PACKAGE) as PeerApi;
  const peer = await measurePeer(api);
  printTable(peer, ours);
}

if (require.main === module) {
  runPeerActualBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

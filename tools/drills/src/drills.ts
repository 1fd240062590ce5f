/**
 * The fault drills: each injects one fault into the running scaled mode under continuous load,
 * brings the part back, measures when service resumed, then stops the load, lets the events
 * drain and checks the invariants.
 */
import type { DrillSystem } from './harness';
import {
  checkBalances,
  checkBulks,
  checkEvents,
  checkMirrors,
  checkTransfers,
  consumerPool,
  consumerPosition,
  CONSUMERS,
  outboxHead,
  waitForConsumers,
} from './invariants';
import type { BulkAttempt } from './drill-types';
import { Load } from './load';
import {
  countOutcomes,
  judgeStatuses,
  resumeCheck,
  timeToResume,
  type Check,
  type DrillResult,
  type OutageWindow,
  type RequestRecord,
} from './verdict';

export const RESUME_LIMIT_MS = 10_000;
/** Ops answered by svc-ledger behind the gateway. */
const LEDGER_OPS = ['entry', 'edit', 'transfer', 'accounts'];
const GATEWAY_OPS = [...LEDGER_OPS, 'report'];

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export type DrillName = 'ledger-kill' | 'nats-outage' | 'postgres-restart' | 'gateway-kill';
export const ALL_DRILLS: DrillName[] = ['ledger-kill', 'nats-outage', 'postgres-restart', 'gateway-kill'];

export interface DrillOptions {
  /** How long NATS stays down (ms; the full drill: 60 s). */
  natsOutageMs: number;
  /** Rows of the bulk create svc-ledger is killed in (10,000). */
  bulkRows: number;
  /** Load before the fault and after the part is back (ms). */
  warmMs: number;
  afterMs: number;
  /** How long PostgreSQL and a killed process stay down before they are started again (ms). */
  downMs: number;
  log?: (line: string) => void;
}

export const FULL_DRILLS: DrillOptions = {
  natsOutageMs: 60_000,
  bulkRows: 10_000,
  warmMs: 5_000,
  afterMs: 10_000,
  downMs: 3_000,
};
/**
 * The short set of `npm test` (`--short`): shorter load around each fault and a 5 s NATS outage,
 * still longer than the publish and ack-confirm timeouts (2 s), so that publishes fail, acks
 * are lost and the durables are re-created from their ack floors as in the long one.
 */
export const SHORT_DRILLS: DrillOptions = {
  natsOutageMs: 5_000,
  bulkRows: 10_000,
  warmMs: 2_000,
  afterMs: 3_000,
  downMs: 1_000,
};
export const SHORT_DRILL_NAMES = ['ledger-kill', 'nats-outage', 'gateway-kill'] as const;

interface Injection {
  window: OutageWindow;
  notes: string[];
  /** Measured resume (when not from the load's records), and what was measured. */
  resume?: { ms: number | null; what: string };
  extraChecks?: Check[];
}

/** Balances as the API answers them, asked until the gateway answers (it is up again by now). */
async function apiAccounts(system: DrillSystem): Promise<Array<{ id: number; balance: number }>> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${system.cluster.url}/api/accounts`, {
      headers: { authorization: `Bearer ${system.household.token}` },
    }).catch(() => null);
    if (res?.ok) return (await res.json()) as Array<{ id: number; balance: number }>;
    if (attempt > 50) throw new Error(`GET /api/accounts answered ${res?.status ?? 'nothing'} after the drill`);
    await sleep(200);
  }
}

/** Waits until svc-ledger's database shows a bulk create's transaction open (it holds a row lock on idempotency_keys) for `openMs`. */
async function waitForOpenBulk(system: DrillSystem, openMs: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await system.db.ledger.query<{ age: number }>(
      `SELECT extract(epoch FROM now() - a.xact_start) * 1000 AS age FROM pg_locks l
       JOIN pg_class c ON c.oid = l.relation JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE c.relname = 'idempotency_keys' AND l.mode = 'RowExclusiveLock' AND l.pid <> pg_backend_pid() AND a.datname = current_database()`,
    );
    if (open.rows.some((r) => r.age >= openMs)) return true;
    await sleep(20);
  }
  return false;
}

/** Ms until the outbox is published up to `sequence`, or null at `timeoutMs`. */
async function waitForPublished(system: DrillSystem, sequence: number, timeoutMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const left = await system.db.ledger.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL AND sequence <= $1',
      [sequence],
    );
    if (left.rows[0].n === 0) return Date.now() - started;
    await sleep(100);
  }
  return null;
}

/** pino's numeric levels; messaging's own logger writes their names. */
const LEVELS: Record<string, number> = { info: 30, warn: 40, error: 50 };

/**
 * Warning and error lines of the processes' logs during the drill (failed event handling,
 * publishes, lost connections, re-created durables), counted, for the notes. Both log formats:
 * pino's (numeric level, epoch ms) and messaging's stderr lines (level name, ISO time).
 */
function errorLines(system: DrillSystem, since: number): string[] {
  const lines: string[] = [];
  for (const name of ['gateway', ...Object.keys(system.cluster.services)]) {
    for (const line of system.cluster.output(name)) {
      let entry: {
        time?: number | string;
        level?: number | string;
        msg?: string;
        err?: string | { message?: string; code?: string };
      };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        continue;
      }
      const time = typeof entry.time === 'string' ? Date.parse(entry.time) : (entry.time ?? 0);
      const level = typeof entry.level === 'string' ? (LEVELS[entry.level] ?? 0) : (entry.level ?? 0);
      if (time < since || level < 40) continue;
      const err = typeof entry.err === 'string' ? { message: entry.err } : entry.err;
      lines.push(`${name}: ${entry.msg}${err ? ` (${[err.code, err.message].filter(Boolean).join(' ')})` : ''}`);
    }
  }
  const counts = new Map<string, number>();
  for (const l of lines) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts].map(([l, n]) => `log x${n}: ${l}`);
}

/** Seconds from `backAt` (ms epoch) to `at`, e.g. `+1.23 s`; `-` when there is no such instant. */
function after(backAt: number, at: number | null | undefined): string {
  if (at === null || at === undefined) return '-';
  const s = (at - backAt) / 1000;
  return `${s < 0 ? '-' : '+'}${Math.abs(s).toFixed(2)} s`;
}

/**
 * Where the time after NATS came back went, from the services' own records: each process's
 * "NATS connection back" log line; the outbox's published_at (the relay's first publish of a
 * row that waited for NATS, from `firstWaiting` on, and when the rows up to `target` were all
 * published); each consumer's processed_events after its position at `backAt` (its first
 * event applied, the event at `target` applied, in how many transactions). A process may
 * reconnect a moment before the drill sees the port open: such times are negative.
 */
async function natsTimeline(
  system: DrillSystem,
  window: OutageWindow,
  firstWaiting: number,
  target: number,
  positionsAtBack: readonly number[],
): Promise<string> {
  const { downAt, backAt } = window;
  const reconnected: string[] = [];
  for (const name of ['svc-ledger', ...CONSUMERS, 'gateway']) {
    let at: number | undefined;
    for (const line of system.cluster.output(name)) {
      if (!line.includes('NATS connection back')) continue;
      const time = Date.parse(/"time":"([^"]+)"/.exec(line)?.[1] ?? '');
      if (time >= downAt && at === undefined) at = time;
    }
    reconnected.push(`${name} ${after(backAt, at)}`);
  }
  const relay = await system.db.ledger.query<{ first: number | null; backlog: number | null }>(
    `SELECT extract(epoch FROM min(published_at)) * 1000 AS first, extract(epoch FROM max(published_at) FILTER (WHERE sequence <= $2)) * 1000 AS backlog
     FROM outbox WHERE sequence >= $1`,
    [firstWaiting, target],
  );
  const consumers: string[] = [];
  for (const [i, consumer] of CONSUMERS.entries()) {
    const pool = consumerPool(system.db, consumer);
    // processed_at is the applying transaction's start: distinct values = transactions.
    const r = await pool.query<{ first: number | null; head: number | null; n: number; transactions: number }>(
      `SELECT extract(epoch FROM min(processed_at)) * 1000 AS first, extract(epoch FROM max(processed_at) FILTER (WHERE sequence <= $2)) * 1000 AS head,
         count(*) FILTER (WHERE sequence <= $2)::int AS n, count(DISTINCT processed_at) FILTER (WHERE sequence <= $2)::int AS transactions
       FROM processed_events WHERE consumer = $3 AND source = 'svc-ledger' AND sequence > $1`,
      [positionsAtBack[i], target, consumer],
    );
    const row = r.rows[0];
    consumers.push(
      `${consumer} (at ${positionsAtBack[i]} of ${target}) first event ${after(backAt, row.first)}, head ${after(backAt, row.head)} (${row.n} events in ${row.transactions} transactions)`,
    );
  }
  const row = relay.rows[0];
  return `timeline after NATS was back: reconnected ${reconnected.join(', ')}; relay's first publish ${after(backAt, row.first)}, rows up to ${target} published ${after(backAt, row.backlog)}; ${consumers.join('; ')}`;
}

async function keyCommitted(system: DrillSystem, key: string): Promise<boolean> {
  const r = await system.db.ledger.query('SELECT 1 FROM idempotency_keys WHERE household_id = $1 AND key = $2', [
    system.household.householdId,
    key,
  ]);
  return (r.rowCount ?? 0) > 0;
}

const injections: Record<DrillName, (system: DrillSystem, load: Load, options: DrillOptions) => Promise<Injection>> = {
  /** kill -9 svc-ledger while a 10,000-row bulk create is inside its database transaction; the bulk is sent again (same key) once it is back. */
  'ledger-kill': async (system, load, options) => {
    const key = `drill-big-${Date.now()}`;
    load.pauseBulks = true;
    await load.idleBulks();
    // The drill holds the bulk's account row (FOR UPDATE), so the bulk waits on its lock of
    // that row (FOR KEY SHARE, or its INSERT's foreign-key check) inside its transaction, after claiming its key: the kill lands with the
    // transaction open however fast a bulk create is (a quick one would otherwise commit first).
    const holder = await system.db.ledger.connect();
    let downAt = 0;
    let open = false;
    let big!: Promise<BulkAttempt>;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [system.household.accounts[0]]);
      big = load.bulk(key, options.bulkRows, 'bulk-big');
      open = await waitForOpenBulk(system, 0, 30_000);
      downAt = Date.now();
      await system.cluster.kill('svc-ledger', 'SIGKILL');
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
    }
    const first = await big;
    const committed = await keyCommitted(system, key);
    await sleep(options.downMs);
    await system.cluster.restart('svc-ledger');
    const backAt = Date.now();
    load.pauseBulks = false;
    const again = await load.bulk(key, options.bulkRows, 'bulk-retry');
    return {
      window: { downAt, backAt },
      notes: [
        `bulk of ${options.bulkRows} rows: ${open ? 'killed with its transaction open' : 'its transaction was not seen open'}; first attempt ${first.outcome}, key committed after the kill: ${committed ? 'yes' : 'no'}; sent again: ${again.outcome}${again.replayed ? ' (replayed)' : ''}`,
        `svc-ledger restart (spawn to /readyz): ${((backAt - downAt - options.downMs) / 1000).toFixed(1)} s`,
      ],
      extraChecks: [
        {
          name: 'kill landed mid-bulk (rolled back, then whole)',
          pass: open && !committed && again.outcome === 200 && again.replayed === false,
          detail: `open ${open}, committed ${committed}, retry ${again.outcome}`,
        },
      ],
    };
  },

  /** NATS stopped, then started on the same port and store; resumed = every consumer reached the outbox head of the moment NATS was back. */
  'nats-outage': async (system, _load, options) => {
    const downAt = Date.now();
    await system.nats.stop();
    await sleep(options.natsOutageMs);
    const queued = await outboxHead(system.db.ledger);
    const waiting = await system.db.ledger.query<{ first: string | null }>(
      'SELECT min(sequence)::text AS first FROM outbox WHERE published_at IS NULL',
    );
    await system.nats.start();
    const backAt = Date.now();
    const target = (await outboxHead(system.db.ledger)).max;
    const positionsAtBack = await Promise.all(CONSUMERS.map((c) => consumerPosition(consumerPool(system.db, c), c)));
    const published = waitForPublished(system, target, 60_000);
    const caughtUp = await waitForConsumers(system.db, 60_000, target);
    const publishedMs = await published;
    return {
      window: { downAt, backAt },
      notes: [
        `outbox rows waiting for NATS when it came back: ${queued.unpublished}; published up to sequence ${target} ${publishedMs === null ? 'not within 60 s' : `${(publishedMs / 1000).toFixed(2)} s`} after NATS was back`,
        await natsTimeline(
          system,
          { downAt, backAt },
          Number(waiting.rows[0].first ?? target + 1),
          target,
          positionsAtBack,
        ),
      ],
      resume: { ms: caughtUp, what: 'both consumers reached the outbox head' },
    };
  },

  /** The private PostgreSQL stopped (fast shutdown: connections cut, open transactions rolled back) and started again. */
  'postgres-restart': async (system, _load, options) => {
    const downAt = Date.now();
    await system.postgres.stop();
    await sleep(options.downMs);
    await system.postgres.start();
    const backAt = Date.now();
    return { window: { downAt, backAt }, notes: [] };
  },

  /** kill -9 the gateway, then start it again. */
  'gateway-kill': async (system, _load, options) => {
    const downAt = Date.now();
    await system.cluster.kill('gateway', 'SIGKILL');
    await sleep(options.downMs);
    await system.cluster.restart('gateway');
    const backAt = Date.now();
    return {
      window: { downAt, backAt },
      notes: [`gateway restart (spawn to /readyz): ${((backAt - downAt - options.downMs) / 1000).toFixed(1)} s`],
    };
  },
};

/** Which ops may get no answer at all while the part is down. */
function transportAllowed(drill: DrillName): (op: string) => boolean {
  if (drill === 'gateway-kill') return () => true;
  if (drill === 'ledger-kill') return (op) => op.startsWith('bulk');
  return () => false;
}

export async function runDrill(system: DrillSystem, drill: DrillName, options: DrillOptions): Promise<DrillResult> {
  const log = options.log ?? (() => undefined);
  const load = new Load(
    system.cluster.url,
    system.cluster.services['svc-ledger'],
    system.internalToken,
    system.household,
  );
  const started = Date.now();
  log(`${drill}: load for ${options.warmMs / 1000} s`);
  load.start();
  await sleep(options.warmMs);
  log(`${drill}: fault`);
  const injection = await injections[drill](system, load, options);
  log(
    `${drill}: part back after ${((injection.window.backAt - injection.window.downAt) / 1000).toFixed(1)} s; load for ${options.afterMs / 1000} s more`,
  );
  await sleep(options.afterMs);
  await load.stop();
  await load.retryFailedBulks(Date.now() + 60_000);
  system.bulkAttempts.push(...load.bulks);
  const drained = await waitForConsumers(system.db, 60_000);
  log(
    `${drill}: load stopped; events drained in ${drained === null ? 'more than 60 s' : `${(drained / 1000).toFixed(1)} s`}; checking`,
  );

  const records: RequestRecord[] = load.records.filter((r) => r.start >= started);
  const { window } = injection;
  const resumeMs = injection.resume
    ? injection.resume.ms
    : timeToResume(records, window.backAt, drill === 'ledger-kill' ? LEDGER_OPS : GATEWAY_OPS);
  const resumeWhat = injection.resume?.what ?? 'first 2xx through the gateway';
  const checks: Check[] = [
    judgeStatuses(records, window, { transportAllowed: transportAllowed(drill) }),
    resumeCheck(resumeMs, RESUME_LIMIT_MS, resumeWhat),
    ...(injection.extraChecks ?? []),
    await checkBalances(system.db, system.household.householdId, await apiAccounts(system)),
    await checkTransfers(system.db, system.household.householdId),
    await checkBulks(system.db, system.household.householdId, system.bulkAttempts),
    ...(await checkEvents(system.db)),
    await checkMirrors(system.db, system.household.householdId),
  ];
  return {
    name: drill,
    statuses: countOutcomes(records),
    statusesDuringOutage: countOutcomes(records.filter((r) => r.end >= window.downAt && r.start <= window.backAt)),
    outageMs: window.backAt - window.downAt,
    resumeMs,
    checks,
    notes: [
      ...injection.notes,
      ...errorLines(system, started),
      `requests: ${records.length}; events drained ${drained === null ? 'not within 60 s' : `in ${(drained / 1000).toFixed(1)} s`} after the load stopped`,
    ],
  };
}

/**
 * The fault drills: each injects one fault into the running scaled mode under continuous load,
 * brings the part back, measures when service resumed, then stops the load, lets the events
 * drain and checks the invariants.
 */
import type { DrillSystem } from './harness';
import { checkBalances, checkBulks, checkEvents, checkMirrors, checkTransfers, outboxHead, waitForConsumers } from './invariants';
import { Load } from './load';
import { countOutcomes, judgeStatuses, resumeCheck, timeToResume, type Check, type DrillResult, type OutageWindow, type RequestRecord } from './verdict';

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

export const FULL_DRILLS: DrillOptions = { natsOutageMs: 60_000, bulkRows: 10_000, warmMs: 5_000, afterMs: 10_000, downMs: 3_000 };
/** The short set of `npm test` (`--short`): a 10 s NATS outage, shorter load around each fault. */
export const SHORT_DRILLS: DrillOptions = { natsOutageMs: 10_000, bulkRows: 10_000, warmMs: 2_000, afterMs: 3_000, downMs: 1_000 };
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
    const res = await fetch(`${system.cluster.url}/api/accounts`, { headers: { authorization: `Bearer ${system.household.token}` } }).catch(() => null);
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
    const left = await system.db.ledger.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL AND sequence <= $1', [sequence]);
    if (left.rows[0].n === 0) return Date.now() - started;
    await sleep(100);
  }
  return null;
}

/** Error lines of the processes' logs (unhandled errors, failed event handling) during the drill, for the notes. */
function errorLines(system: DrillSystem, since: number): string[] {
  const lines: string[] = [];
  for (const name of ['gateway', ...Object.keys(system.cluster.services)]) {
    for (const line of system.cluster.output(name)) {
      let entry: { time?: number; level?: number; msg?: string; err?: { message?: string; code?: string } };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        continue;
      }
      if ((entry.time ?? 0) < since || (entry.level ?? 0) < 50) continue;
      lines.push(`${name}: ${entry.msg} (${entry.err?.code ?? ''} ${entry.err?.message ?? ''})`.trim());
    }
  }
  const counts = new Map<string, number>();
  for (const l of lines) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts].map(([l, n]) => `log x${n}: ${l}`);
}

async function keyCommitted(system: DrillSystem, key: string): Promise<boolean> {
  const r = await system.db.ledger.query('SELECT 1 FROM idempotency_keys WHERE household_id = $1 AND key = $2', [system.household.householdId, key]);
  return (r.rowCount ?? 0) > 0;
}

const injections: Record<DrillName, (system: DrillSystem, load: Load, options: DrillOptions) => Promise<Injection>> = {
  /** kill -9 svc-ledger while a 10,000-row bulk create is inside its database transaction; the bulk is sent again (same key) once it is back. */
  'ledger-kill': async (system, load, options) => {
    const key = `drill-big-${Date.now()}`;
    load.pauseBulks = true;
    await load.idleBulks();
    const big = load.bulk(key, options.bulkRows, 'bulk-big');
    const open = await waitForOpenBulk(system, 300, 120_000);
    const downAt = Date.now();
    await system.cluster.kill('svc-ledger', 'SIGKILL');
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
      extraChecks: [{ name: 'kill landed mid-bulk (rolled back, then whole)', pass: open && !committed && again.outcome === 200 && again.replayed === false, detail: `open ${open}, committed ${committed}, retry ${again.outcome}` }],
    };
  },

  /** NATS stopped, then started on the same port and store; resumed = every consumer reached the outbox head of the moment NATS was back. */
  'nats-outage': async (system, _load, options) => {
    const downAt = Date.now();
    await system.nats.stop();
    await sleep(options.natsOutageMs);
    const queued = await outboxHead(system.db.ledger);
    await system.nats.start();
    const backAt = Date.now();
    const target = (await outboxHead(system.db.ledger)).max;
    const published = waitForPublished(system, target, 60_000);
    const caughtUp = await waitForConsumers(system.db, 60_000, target);
    const publishedMs = await published;
    return {
      window: { downAt, backAt },
      notes: [`outbox rows waiting for NATS when it came back: ${queued.unpublished}; published up to sequence ${target} ${publishedMs === null ? 'not within 60 s' : `${(publishedMs / 1000).toFixed(2)} s`} after NATS was back`],
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
    return { window: { downAt, backAt }, notes: [`gateway restart (spawn to /readyz): ${((backAt - downAt - options.downMs) / 1000).toFixed(1)} s`] };
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
  const load = new Load(system.cluster.url, system.cluster.services['svc-ledger'], system.internalToken, system.household);
  const started = Date.now();
  log(`${drill}: load for ${options.warmMs / 1000} s`);
  load.start();
  await sleep(options.warmMs);
  log(`${drill}: fault`);
  const injection = await injections[drill](system, load, options);
  log(`${drill}: part back after ${((injection.window.backAt - injection.window.downAt) / 1000).toFixed(1)} s; load for ${options.afterMs / 1000} s more`);
  await sleep(options.afterMs);
  await load.stop();
  await load.retryFailedBulks(Date.now() + 60_000);
  system.bulkAttempts.push(...load.bulks);
  const drained = await waitForConsumers(system.db, 60_000);
  log(`${drill}: load stopped; events drained in ${drained === null ? 'more than 60 s' : `${(drained / 1000).toFixed(1)} s`}; checking`);

  const records: RequestRecord[] = load.records.filter((r) => r.start >= started);
  const { window } = injection;
  const resumeMs = injection.resume ? injection.resume.ms : timeToResume(records, window.backAt, drill === 'ledger-kill' ? LEDGER_OPS : GATEWAY_OPS);
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
    notes: [...injection.notes, ...errorLines(system, started), `requests: ${records.length}; events drained ${drained === null ? 'not within 60 s' : `in ${(drained / 1000).toFixed(1)} s`} after the load stopped`],
  };
}

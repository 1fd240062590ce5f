/**
 * The invariants after a drill, in SQL over the services' own databases (svc-ledger's rows and
 * outbox, the processed events and ledger mirrors of svc-budget and svc-reports).
 */
import type pg from 'pg';
import type { BulkAttempt } from './drill-types';
import type { Check } from './verdict';

export const CONSUMERS = ['svc-budget', 'svc-reports'] as const;
const LEDGER_SOURCE = 'svc-ledger';

type Pools = { ledger: pg.Pool; budget: pg.Pool; reports: pg.Pool };

export const consumerPool = (db: Pools, consumer: (typeof CONSUMERS)[number]) =>
  consumer === 'svc-budget' ? db.budget : db.reports;

/** Highest outbox sequence, and how many rows are still unpublished. */
export async function outboxHead(ledger: pg.Pool): Promise<{ max: number; unpublished: number }> {
  const r = await ledger.query<{ max: string; unpublished: number }>(
    'SELECT coalesce(max(sequence), 0)::text AS max, count(*) FILTER (WHERE published_at IS NULL)::int AS unpublished FROM outbox',
  );
  return { max: Number(r.rows[0].max), unpublished: r.rows[0].unpublished };
}

export async function consumerPosition(pool: pg.Pool, consumer: string): Promise<number> {
  const r = await pool.query<{ sequence: string }>(
    'SELECT sequence::text FROM consumer_positions WHERE consumer = $1 AND source = $2',
    [consumer, LEDGER_SOURCE],
  );
  return r.rows.length === 0 ? 0 : Number(r.rows[0].sequence);
}

/** Waits until every consumer's position reaches `target` (the outbox head when omitted); answers the ms it took, or null at `timeoutMs`. */
export async function waitForConsumers(db: Pools, timeoutMs: number, target?: number): Promise<number | null> {
  const started = Date.now();
  for (;;) {
    try {
      const head = target ?? (await outboxHead(db.ledger)).max;
      const positions = await Promise.all(CONSUMERS.map((c) => consumerPosition(consumerPool(db, c), c)));
      if (positions.every((p) => p >= head)) return Date.now() - started;
    } catch {
      // A database restarting: try again.
    }
    if (Date.now() - started > timeoutMs) return null;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every account balance (as the API answers it) equals its starting balance plus its live rows in svc-ledger's database. */
export async function checkBalances(
  db: Pools,
  householdId: number,
  apiAccounts: Array<{ id: number; balance: number }>,
): Promise<Check> {
  const r = await db.ledger.query<{ id: number; starting_balance: string; total: string }>(
    `SELECT a.id, a.starting_balance::text, coalesce((SELECT sum(amount) FROM transactions t WHERE t.account_id = a.id AND t.deleted_at IS NULL), 0)::text AS total
     FROM accounts a WHERE a.household_id = $1 AND a.deleted_at IS NULL ORDER BY a.id`,
    [householdId],
  );
  const wrong: string[] = [];
  for (const row of r.rows) {
    const expected = Number(row.starting_balance) + Number(row.total);
    const api = apiAccounts.find((a) => a.id === row.id);
    if (!api || Math.round(api.balance * 100) !== expected)
      wrong.push(`account ${row.id}: API ${api?.balance ?? 'missing'}, SQL ${expected / 100}`);
  }
  if (apiAccounts.length !== r.rows.length)
    wrong.push(`API lists ${apiAccounts.length} accounts, SQL ${r.rows.length}`);
  return {
    name: 'balance = starting + rows',
    pass: wrong.length === 0,
    detail: wrong.length === 0 ? `${r.rows.length} accounts` : wrong.join('; '),
  };
}

/** Every transfer has exactly two legs, pointing at each other, in two accounts, amounts negated, both live or both deleted. */
export async function checkTransfers(db: Pools, householdId: number): Promise<Check> {
  const r = await db.ledger.query<{ transfer_id: number; problem: string }>(
    `SELECT transfer_id, CASE
        WHEN count(*) <> 2 THEN 'legs: ' || count(*)
        WHEN sum(amount) <> 0 THEN 'amounts do not cancel'
        WHEN count(DISTINCT account_id) <> 2 THEN 'one account'
        WHEN bool_or(deleted_at IS NULL) <> bool_and(deleted_at IS NULL) THEN 'one leg deleted'
        WHEN min(transfer_transaction_id) <> min(id) OR max(transfer_transaction_id) <> max(id) THEN 'legs do not point at each other'
        ELSE NULL END AS problem
     FROM transactions WHERE household_id = $1 AND transfer_id IS NOT NULL GROUP BY transfer_id`,
    [householdId],
  );
  const bad = r.rows.filter((row) => row.problem !== null);
  return {
    name: 'every transfer has both legs',
    pass: bad.length === 0,
    detail:
      bad.length === 0
        ? `${r.rows.length} transfers`
        : bad
            .slice(0, 5)
            .map((b) => `transfer ${b.transfer_id}: ${b.problem}`)
            .join('; '),
  };
}

/**
 * No bulk create is half applied: the rows of each key (notes `bulk:<key>`) number 0 or the
 * whole request, exactly the whole request when the key is recorded, none when it is not; and
 * each key attempted was applied once in the end (its failed attempts were tried again).
 */
export async function checkBulks(db: Pools, householdId: number, attempts: readonly BulkAttempt[]): Promise<Check> {
  const sizes = new Map<string, number>();
  for (const a of attempts) sizes.set(a.key, a.rows);
  const rows = await db.ledger.query<{ key: string; n: number }>(
    `SELECT substring(notes from 6) AS key, count(*)::int AS n FROM transactions WHERE household_id = $1 AND notes LIKE 'bulk:%' AND deleted_at IS NULL GROUP BY 1`,
    [householdId],
  );
  const keys = await db.ledger.query<{ key: string; created: number | null }>(
    `SELECT key, (response->>'created')::int AS created FROM idempotency_keys WHERE household_id = $1`,
    [householdId],
  );
  const counted = new Map(rows.rows.map((r) => [r.key, r.n]));
  const recorded = new Map(keys.rows.map((r) => [r.key, r.created]));
  const problems: string[] = [];
  for (const [key, size] of sizes) {
    const n = counted.get(key) ?? 0;
    const created = recorded.get(key);
    if (n !== 0 && n !== size) problems.push(`${key}: ${n} of ${size} rows`);
    else if (created !== undefined && (created !== size || n !== size))
      problems.push(`${key}: recorded ${created}, ${n} rows`);
    else if (created === undefined && n !== 0) problems.push(`${key}: ${n} rows without its key`);
    else if (n === 0) problems.push(`${key}: never applied (its retries failed)`);
  }
  for (const key of counted.keys()) if (!sizes.has(key)) problems.push(`${key}: rows of a key never sent`);
  const applied = [...sizes.keys()].filter((k) => (counted.get(k) ?? 0) === sizes.get(k)).length;
  return {
    name: 'no bulk create half applied',
    pass: problems.length === 0,
    detail:
      problems.length === 0
        ? `${applied} keys, each whole once (${attempts.length} attempts)`
        : problems.slice(0, 5).join('; '),
  };
}

/**
 * Every committed write's event was delivered exactly once to each consumer: the outbox is
 * published, and each consumer's processed events from svc-ledger are exactly the outbox's
 * ids (one row per event id, nothing missing, nothing extra), with its position at the head.
 */
export async function checkEvents(db: Pools): Promise<Check[]> {
  const outbox = await db.ledger.query<{ id: string }>('SELECT id::text FROM outbox');
  const head = await outboxHead(db.ledger);
  const ids = new Set(outbox.rows.map((r) => r.id));
  const checks: Check[] = [];
  for (const consumer of CONSUMERS) {
    const pool = consumerPool(db, consumer);
    const processed = await pool.query<{ id: string; n: number }>(
      'SELECT event_id::text AS id, count(*)::int AS n FROM processed_events WHERE consumer = $1 AND source = $2 GROUP BY 1',
      [consumer, LEDGER_SOURCE],
    );
    const seen = new Set(processed.rows.map((r) => r.id));
    const twice = processed.rows.filter((r) => r.n > 1).length;
    const missing = [...ids].filter((id) => !seen.has(id)).length;
    const extra = [...seen].filter((id) => !ids.has(id)).length;
    const position = await consumerPosition(pool, consumer);
    const pass = missing === 0 && extra === 0 && twice === 0 && head.unpublished === 0 && position === head.max;
    checks.push({
      name: `events exactly once: ${consumer}`,
      pass,
      detail: `outbox ${ids.size} (unpublished ${head.unpublished}), processed ${seen.size}, missing ${missing}, extra ${extra}, twice ${twice}, position ${position}/${head.max}`,
    });
  }
  return checks;
}

/** Each consumer's mirror of the ledger has the ledger's live rows: per account, the same count and sum. */
export async function checkMirrors(db: Pools, householdId: number): Promise<Check> {
  const ledger = await db.ledger.query<{ account_id: number; n: number; total: string }>(
    'SELECT account_id, count(*)::int AS n, sum(amount)::text AS total FROM transactions WHERE household_id = $1 AND deleted_at IS NULL GROUP BY 1 ORDER BY 1',
    [householdId],
  );
  const want = JSON.stringify(ledger.rows);
  const wrong: string[] = [];
  for (const consumer of CONSUMERS) {
    const mirror = await consumerPool(db, consumer).query<{ account_id: number; n: number; total: string }>(
      'SELECT account_id, count(*)::int AS n, sum(amount)::text AS total FROM ledger_rows WHERE household_id = $1 AND NOT deleted GROUP BY 1 ORDER BY 1',
      [householdId],
    );
    if (JSON.stringify(mirror.rows) !== want)
      wrong.push(`${consumer}: ${JSON.stringify(mirror.rows)} vs ledger ${want}`);
  }
  const rows = ledger.rows.reduce((s, r) => s + r.n, 0);
  return {
    name: 'read models = ledger',
    pass: wrong.length === 0,
    detail:
      wrong.length === 0 ? `${rows} rows in ${ledger.rows.length} accounts, both mirrors equal` : wrong.join('; '),
  };
}

import type { Reconciliation } from '@hf/contracts/ledger';
import { fromCents } from '@hf/money';
import { isoText, type PoolClient, type Queryable } from './sql';

/** A reconciliation as stored (money in cents). */
export interface ReconciliationRow {
  id: number;
  household_id: number;
  account_id: number;
  statement_date: string;
  statement_balance: number;
  adjustment_transaction_id: number | null;
  reconciled_count: number;
  finished_at: string | null;
  undone_at: string | null;
}

const columns = `r.id, r.household_id, r.account_id, r.statement_date::text AS statement_date,
  r.statement_balance::float8 AS statement_balance, r.adjustment_transaction_id, r.reconciled_count,
  ${isoText('r.finished_at')} AS finished_at, ${isoText('r.undone_at')} AS undone_at`;

/** A reconciliation of the household's account, locked for update when `client` is a write's; null when none. */
export async function lockReconciliation(
  client: PoolClient,
  householdId: number,
  accountId: number,
  id: number,
): Promise<ReconciliationRow | null> {
  const result = await client.query<ReconciliationRow>(
    `SELECT ${columns} FROM reconciliations r
     WHERE r.household_id = $1 AND r.account_id = $2 AND r.id = $3 FOR UPDATE`,
    [householdId, accountId, id],
  );
  return result.rows[0] ?? null;
}

/** The account's open reconciliation, locked, or null. */
export async function lockOpenReconciliation(client: PoolClient, accountId: number): Promise<ReconciliationRow | null> {
  const result = await client.query<ReconciliationRow>(
    `SELECT ${columns} FROM reconciliations r
     WHERE r.account_id = $1 AND r.finished_at IS NULL AND r.undone_at IS NULL FOR UPDATE`,
    [accountId],
  );
  return result.rows[0] ?? null;
}

/** The account's latest finished (not undone) reconciliation, or null. */
export async function latestFinished(q: Queryable, accountId: number): Promise<ReconciliationRow | null> {
  const result = await q.query<ReconciliationRow>(
    `SELECT ${columns} FROM reconciliations r
     WHERE r.account_id = $1 AND r.finished_at IS NOT NULL AND r.undone_at IS NULL ORDER BY r.id DESC LIMIT 1`,
    [accountId],
  );
  return result.rows[0] ?? null;
}

/** The account's open and finished (not undone) reconciliations, newest first. */
export async function reconciliationsOf(q: Queryable, accountId: number, limit = 50): Promise<ReconciliationRow[]> {
  const result = await q.query<ReconciliationRow>(
    `SELECT ${columns} FROM reconciliations r WHERE r.account_id = $1 AND r.undone_at IS NULL ORDER BY r.id DESC LIMIT $2`,
    [accountId, limit],
  );
  return result.rows;
}

export async function insertReconciliation(
  client: PoolClient,
  householdId: number,
  accountId: number,
  statementDate: string,
  statementBalance: number,
  userId: number | null,
): Promise<number> {
  const result = await client.query<{ id: number }>(
    `INSERT INTO reconciliations (household_id, account_id, statement_date, statement_balance, opened_by)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [householdId, accountId, statementDate, statementBalance, userId],
  );
  return result.rows[0].id;
}

export async function updateOpenStatement(
  client: PoolClient,
  id: number,
  statementDate: string,
  statementBalance: number,
): Promise<void> {
  await client.query('UPDATE reconciliations SET statement_date = $2, statement_balance = $3 WHERE id = $1', [
    id,
    statementDate,
    statementBalance,
  ]);
}

/** An account's row sums as the balance cache holds them (`register_version` and cents), if at all. */
export interface HeldCleared {
  version: string;
  cleared: number;
}

/**
 * The cleared balance as of `date`: starting balance + cleared live rows dated on or before it.
 * With the account's cleared sum held at its current register version (the balance cache),
 * only the rows after the date are summed (statement dates are recent: few rows); otherwise an
 * index-only scan of transactions_register up to the date.
 */
export async function clearedAsOf(q: Queryable, accountId: number, date: string, held?: HeldCleared): Promise<number> {
  if (held) {
    const after = await q.query<{ version: string; start: string; after: string }>(
      `SELECT a.register_version::text AS version, a.starting_balance::text AS start, coalesce((
         SELECT sum(t.amount) FROM transactions t
         WHERE t.account_id = a.id AND t.deleted_at IS NULL AND t.date > $2::date AND t.status = 'x'), 0)::text AS after
       FROM accounts a WHERE a.id = $1`,
      [accountId, date],
    );
    const r = after.rows[0];
    if (r && r.version === held.version) return Number(r.start) + held.cleared - Number(r.after);
  }
  const result = await q.query<{ cents: string }>(
    `SELECT (a.starting_balance + coalesce((
       SELECT sum(t.amount) FROM transactions t
       WHERE t.account_id = a.id AND t.deleted_at IS NULL AND t.date <= $2::date AND t.status = 'x'), 0))::text AS cents
     FROM accounts a WHERE a.id = $1`,
    [accountId, date],
  );
  return Number(result.rows[0].cents);
}

/** The cleared balance as of each of `dates` (one scan, summed by day). */
export async function clearedAsOfEach(
  q: Queryable,
  accountId: number,
  dates: readonly string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (dates.length === 0) return out;
  const last = [...dates].sort().at(-1)!;
  const result = await q.query<{ date: string | null; cents: string }>(
    `SELECT NULL AS date, starting_balance::text AS cents FROM accounts WHERE id = $1
     UNION ALL
     SELECT t.date::text, sum(t.amount)::text FROM transactions t
     WHERE t.account_id = $1 AND t.deleted_at IS NULL AND t.status = 'x' AND t.date <= $2::date
     GROUP BY t.date`,
    [accountId, last],
  );
  const start = Number(result.rows.find((r) => r.date === null)?.cents ?? 0);
  const days = result.rows.filter((r) => r.date !== null).sort((a, b) => (a.date! < b.date! ? -1 : 1));
  for (const date of dates) {
    let sum = start;
    for (const day of days) if (day.date! <= date) sum += Number(day.cents);
    out.set(date, sum);
  }
  return out;
}

/**
 * Marks every cleared live row of the account dated on or before `date` and not reconciled yet
 * as part of reconciliation `r`, and records a "reconciled" history entry for each, in one
 * statement (a 10,000-row finish sends no ids); answers the rows' ids.
 */
export async function markReconciled(
  client: PoolClient,
  r: Pick<ReconciliationRow, 'id' | 'household_id' | 'account_id' | 'statement_date'>,
  userId: number | null,
): Promise<number[]> {
  const result = await client.query<{ id: number }>(
    `WITH marked AS (
       UPDATE transactions t SET reconciliation_id = $2,
         updated_at = greatest(clock_timestamp(), t.updated_at + interval '1 microsecond')
       WHERE t.account_id = $1 AND t.deleted_at IS NULL AND t.status = 'x' AND t.date <= $3::date
         AND t.reconciliation_id IS NULL
       RETURNING t.id
     ), logged AS (
       INSERT INTO transaction_changes (household_id, transaction_id, action, user_id, old_values, new_values)
       SELECT $4, id, 'reconciled', $5, '{"reconciled":false}'::jsonb, $6::jsonb FROM marked
     )
     SELECT id FROM marked`,
    [r.account_id, r.id, r.statement_date, r.household_id, userId, JSON.stringify(historyOf(r, true))],
  );
  return result.rows.map((row) => row.id);
}

/** A reconciled / unreconciled history entry's values. */
const historyOf = (r: Pick<ReconciliationRow, 'id' | 'statement_date'>, reconciled: boolean) =>
  reconciled ? { reconciled: true, reconciliation_id: r.id, statement_date: r.statement_date } : { reconciled: false };

/**
 * Clears the mark of reconciliation `r` on its rows (deleted and moved ones too) and records an
 * "unreconciled" entry for each live one, in one statement; answers the rows. The mark is in no
 * index (migration 011: marking is a heap-only update): the rows are found among the household's.
 */
export async function unmarkReconciled(
  client: PoolClient,
  r: Pick<ReconciliationRow, 'id' | 'household_id' | 'statement_date'>,
  userId: number | null,
): Promise<{ id: number; account_id: number; deleted: boolean }[]> {
  const result = await client.query<{ id: number; account_id: number; deleted: boolean }>(
    `WITH unmarked AS (
       UPDATE transactions t SET reconciliation_id = NULL,
         updated_at = greatest(clock_timestamp(), t.updated_at + interval '1 microsecond')
       WHERE t.household_id = $2 AND t.reconciliation_id = $1
       RETURNING t.id, t.account_id, t.deleted_at IS NOT NULL AS deleted
     ), logged AS (
       INSERT INTO transaction_changes (household_id, transaction_id, action, user_id, old_values, new_values)
       SELECT $2, id, 'unreconciled', $3, $4::jsonb, '{"reconciled":false}'::jsonb FROM unmarked WHERE NOT deleted
     )
     SELECT id, account_id, deleted FROM unmarked`,
    [r.id, r.household_id, userId, JSON.stringify(historyOf(r, true))],
  );
  return result.rows;
}

export async function markFinished(
  client: PoolClient,
  id: number,
  userId: number | null,
  adjustmentId: number | null,
  count: number,
): Promise<void> {
  await client.query(
    `UPDATE reconciliations SET finished_at = now(), finished_by = $2, adjustment_transaction_id = $3, reconciled_count = $4
     WHERE id = $1`,
    [id, userId, adjustmentId, count],
  );
}

export async function markUndone(client: PoolClient, id: number, userId: number | null): Promise<void> {
  await client.query('UPDATE reconciliations SET undone_at = now(), undone_by = $2 WHERE id = $1', [id, userId]);
}

/** A reconciliation in API form, with the cleared balance as of its date now. */
export function toReconciliation(r: ReconciliationRow, clearedCents: number): Reconciliation {
  return {
    id: r.id,
    account_id: r.account_id,
    statement_date: r.statement_date,
    statement_balance: fromCents(r.statement_balance),
    status: r.finished_at === null ? 'open' : 'finished',
    cleared_balance: fromCents(clearedCents),
    difference: fromCents(r.statement_balance - clearedCents),
    reconciled_count: r.reconciled_count,
    adjustment_transaction_id: r.adjustment_transaction_id,
    finished_at: r.finished_at,
  };
}

/**
 * The latest finished reconciliation of each of these accounts with whether it still holds
 * (cleared balance as of its date == its statement balance). `held` answers from earlier reads
 * at the same register version; the others are summed and stored there.
 */
export async function lastReconciliations(
  q: Queryable,
  accounts: readonly { id: number; register_version: string }[],
  held: Map<number, { key: string; value: AccountReconciliationState | null }>,
): Promise<Map<number, AccountReconciliationState | null>> {
  const out = new Map<number, AccountReconciliationState | null>();
  const missing: { id: number; key: string }[] = [];
  for (const a of accounts) {
    const kept = held.get(a.id);
    if (kept && kept.key === a.register_version) out.set(a.id, kept.value);
    else missing.push({ id: a.id, key: a.register_version });
  }
  if (missing.length === 0) return out;
  const result = await q.query<{
    account_id: number;
    id: number | null;
    statement_date: string | null;
    statement_balance: string | null;
    cleared: string | null;
  }>(
    `SELECT a.id AS account_id, r.id, r.statement_date::text AS statement_date, r.statement_balance::text AS statement_balance,
       (a.starting_balance + coalesce((
         SELECT sum(t.amount) FROM transactions t
         WHERE t.account_id = a.id AND t.deleted_at IS NULL AND t.date <= r.statement_date AND t.status = 'x'), 0))::text AS cleared
     FROM accounts a
     LEFT JOIN LATERAL (
       SELECT r.id, r.statement_date, r.statement_balance FROM reconciliations r
       WHERE r.account_id = a.id AND r.finished_at IS NOT NULL AND r.undone_at IS NULL ORDER BY r.id DESC LIMIT 1
     ) r ON true
     WHERE a.id = ANY($1::int[])`,
    [missing.map((m) => m.id)],
  );
  const byId = new Map(result.rows.map((r) => [r.account_id, r]));
  if (held.size > 10_000) held.clear();
  for (const m of missing) {
    const r = byId.get(m.id);
    const value: AccountReconciliationState | null =
      r && r.id !== null
        ? {
            id: r.id,
            statement_date: r.statement_date!,
            statement_balance: fromCents(Number(r.statement_balance)),
            broken: Number(r.cleared) !== Number(r.statement_balance),
          }
        : null;
    held.set(m.id, { key: m.key, value });
    out.set(m.id, value);
  }
  return out;
}

export interface AccountReconciliationState {
  id: number;
  statement_date: string;
  statement_balance: number;
  broken: boolean;
}

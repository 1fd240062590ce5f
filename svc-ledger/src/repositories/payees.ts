import type { PayeeSuggestion, PayeeUsage } from '@hf/contracts/ledger';
import type { TxRow } from '../domain/transaction-rules';
import type { RenameCounts } from '../domain/payees';
import { categoryPathSql, type PoolClient, type Queryable } from './sql';
import { rowColumns } from './transactions';

/** Rows a payee list, rename or suggestion counts: actual (not deleted, not budgeted), not transfer legs. */
const ACTUAL = 't.deleted_at IS NULL AND NOT t.is_budgeted AND t.transfer_id IS NULL';

/** Names of the household's open accounts (a transfer's payee is one). */
export async function accountNames(q: Queryable, householdId: number): Promise<string[]> {
  const result = await q.query<{ name: string }>(
    'SELECT name FROM accounts WHERE household_id = $1 AND deleted_at IS NULL',
    [householdId],
  );
  return result.rows.map((r) => r.name);
}

/**
 * Every payee of the household's actual rows with its row count and last date, most used first
 * (then by name), except names of the household's open accounts (compared as transfers compare).
 */
export async function payeeUsage(q: Queryable, householdId: number): Promise<PayeeUsage[]> {
  // Grouped first: the account names are compared with the ~1,000 names, not the 50,000 rows.
  const result = await q.query<PayeeUsage>(
    `SELECT g.payee, g.count, g.last_date FROM (
       SELECT t.payee, count(*)::int AS count, max(t.date)::text AS last_date
       FROM transactions t
       WHERE t.household_id = $1 AND ${ACTUAL} AND t.payee <> ''
       GROUP BY t.payee) g
     WHERE lower(trim(g.payee)) NOT IN (
       SELECT lower(trim(a.name)) FROM accounts a WHERE a.household_id = $1 AND a.deleted_at IS NULL)
     ORDER BY g.count DESC, lower(g.payee), g.payee`,
    [householdId],
  );
  return result.rows;
}

/** Actual rows named exactly `from` and exactly `to` (through the payee index). */
export async function renameCounts(q: Queryable, householdId: number, from: string, to: string): Promise<RenameCounts> {
  const result = await q.query<RenameCounts>(
    `SELECT count(*) FILTER (WHERE t.payee = $2)::int AS renamed, count(*) FILTER (WHERE t.payee = $3)::int AS existing
     FROM transactions t
     WHERE t.household_id = $1 AND lower(t.payee) IN (lower($2), lower($3)) AND ${ACTUAL}`,
    [householdId, from, to],
  );
  return result.rows[0];
}

/**
 * Renames `from` to `to` on every actual row of the household in one statement (rows locked by
 * it). Answers each row before and after (the before differs only in payee and updated_at).
 */
export async function renamePayeeRows(
  client: PoolClient,
  householdId: number,
  from: string,
  to: string,
): Promise<Array<{ before: TxRow; after: TxRow }>> {
  const result = await client.query<TxRow & { old_updated_at: string }>(
    `UPDATE transactions t SET payee = $3, updated_at = greatest(clock_timestamp(), t.updated_at + interval '1 microsecond')
     FROM (SELECT t.id, t.updated_at FROM transactions t
           WHERE t.household_id = $1 AND lower(t.payee) = lower($2) AND t.payee = $2 AND ${ACTUAL}
           ORDER BY t.id FOR UPDATE) old
     WHERE t.id = old.id
     RETURNING ${rowColumns('t')}, to_char(old.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS old_updated_at`,
    [householdId, from, to],
  );
  return result.rows.map(({ old_updated_at, ...after }) => ({
    before: { ...after, payee: from, updated_at: old_updated_at },
    after,
  }));
}

/**
 * The category most used with `payee` (case-insensitive, surrounding spaces ignored) on actual
 * rows dated `start`..`end`, ties to the most recent row; null when none has a category.
 */
export async function historySuggestion(
  q: Queryable,
  householdId: number,
  payee: string,
  start: string,
  end: string,
): Promise<PayeeSuggestion | null> {
  const result = await q.query<{ category_id: number; category_name: string }>(
    `SELECT s.category_id, ${categoryPathSql('c', 'p')} AS category_name
     FROM (SELECT t.category_id, count(*) AS uses, max(t.date) AS last_date, max(t.id) AS last_id
           FROM transactions t
           WHERE t.household_id = $1 AND lower(t.payee) = lower($2) AND ${ACTUAL} AND t.category_id IS NOT NULL
             AND t.date BETWEEN $3 AND $4
           GROUP BY t.category_id) s
     JOIN categories c ON c.id = s.category_id LEFT JOIN categories p ON p.id = c.parent_id
     ORDER BY s.uses DESC, s.last_date DESC, s.last_id DESC
     LIMIT 1`,
    [householdId, payee.trim(), start, end],
  );
  const best = result.rows[0];
  return best
    ? { category_id: best.category_id, category_name: best.category_name, source: 'history', rule_id: null }
    : null;
}

import type { SearchResult } from '@hf/contracts/ledger';
import { fromCents } from '@hf/money';
import { SPLIT_CATEGORY_NAME } from '@hf/contracts/ledger-limits';
import { splitsApiJoin } from './splits';
import { categoryPathSql, type Queryable } from './sql';

/**
 * Actual rows of an account (not budgeted, not transfer legs, not deleted) whose payee contains
 * one of `terms` (all rows when there is none), newest first, at most `limit`. A split row comes
 * with its lines (category "Split"); `uncategorizedOnly` leaves split rows out.
 */
export async function searchRows(
  q: Queryable,
  householdId: number,
  accountId: number,
  terms: readonly string[],
  uncategorizedOnly: boolean,
  limit: number,
): Promise<SearchResult[]> {
  const patterns = terms
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .map((t) => `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const result = await q.query<Omit<SearchResult, 'amount'> & { amount: number }>(
    `SELECT t.id, t.date, t.payee, t.amount, t.category_id,
       CASE WHEN c.id IS NOT NULL THEN ${categoryPathSql('c', 'p')} WHEN sl.splits IS NOT NULL THEN '${SPLIT_CATEGORY_NAME}' END AS category_name,
       coalesce(sl.splits, '[]'::json) AS splits
     FROM transactions t
     LEFT JOIN categories c ON c.id = t.category_id LEFT JOIN categories p ON p.id = c.parent_id
     ${splitsApiJoin('t')}
     WHERE t.household_id = $1 AND t.account_id = $2 AND t.deleted_at IS NULL AND t.transfer_id IS NULL AND NOT t.is_budgeted
       AND (cardinality($3::text[]) = 0 OR t.payee ILIKE ANY($3::text[]))
       AND (NOT $4::bool OR (t.category_id IS NULL AND sl.splits IS NULL))
     ORDER BY t.date DESC, t.created_at DESC, t.id DESC
     LIMIT $5`,
    [householdId, accountId, patterns, uncategorizedOnly, limit],
  );
  return result.rows.map((r) => ({ ...r, amount: fromCents(r.amount) }));
}

/** Payee names of the household's actual rows (not budgeted, not transfer legs, not deleted), most used first. */
export async function payeesByUse(q: Queryable, householdId: number, limit: number): Promise<string[]> {
  const result = await q.query<{ payee: string }>(
    `SELECT payee FROM transactions
     WHERE household_id = $1 AND deleted_at IS NULL AND NOT is_budgeted AND transfer_id IS NULL AND payee <> ''
     GROUP BY payee ORDER BY count(*) DESC, lower(payee), payee LIMIT $2`,
    [householdId, limit],
  );
  return result.rows.map((r) => r.payee);
}

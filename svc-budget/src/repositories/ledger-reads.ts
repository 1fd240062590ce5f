import { monthKeyOfIndex } from '@hf/calendar';
import type { Queryable } from '@hf/ledger-mirror';
import type { ProjectionRow } from '../domain/projection';

/**
 * Net cents per stored category id and month (`YYYY-MM`) of an account's counted rows
 * (actual, not transfers, not deleted) from `from` (inclusive) to `to` (inclusive).
 */
export async function netsByCategoryMonth(
  q: Queryable,
  accountIds: readonly number[],
  from: string,
  to: string,
): Promise<Array<{ account_id: number; category_id: number | null; month: string; net: number }>> {
  const result = await q.query<{ account_id: number; category_id: number | null; month_index: number; net: number }>(
    `SELECT account_id, category_id, (extract(year FROM date) * 12 + extract(month FROM date) - 1)::int AS month_index, sum(amount)::bigint AS net
     FROM ledger_lines WHERE account_id = ANY($1::int[]) AND counted AND date BETWEEN $2 AND $3 GROUP BY 1, 2, 3`,
    [accountIds, from, to],
  );
  return result.rows.map((r) => ({
    account_id: r.account_id,
    category_id: r.category_id,
    month: monthKeyOfIndex(r.month_index),
    net: r.net,
  }));
}

export interface AccountRows {
  /** Sum of the actual rows dated before the window. */
  opening: number;
  /** Actual rows in the window and every budgeted row (an unpaid bill counts from today). */
  rows: ProjectionRow[];
}

/** What the projection needs of each account: one aggregate before `start` and the rows from it. */
export async function projectionRows(
  q: Queryable,
  accountIds: readonly number[],
  start: string,
): Promise<Map<number, AccountRows>> {
  const byAccount = new Map<number, AccountRows>(accountIds.map((id) => [id, { opening: 0, rows: [] }]));
  const opening = await q.query<{ account_id: number; total: number }>(
    `SELECT account_id, sum(amount)::bigint AS total FROM ledger_rows
     WHERE account_id = ANY($1::int[]) AND NOT deleted AND NOT is_budgeted AND date < $2 GROUP BY account_id`,
    [accountIds, start],
  );
  for (const r of opening.rows) byAccount.get(r.account_id)!.opening = r.total;
  const rows = await q.query<{ account_id: number; date: string; amount: number; is_budgeted: boolean }>(
    `SELECT account_id, date, amount, is_budgeted FROM ledger_rows
     WHERE account_id = ANY($1::int[]) AND NOT deleted AND (date >= $2 OR is_budgeted)`,
    [accountIds, start],
  );
  for (const r of rows.rows)
    byAccount.get(r.account_id)!.rows.push({ date: r.date, amount: r.amount, budgeted: r.is_budgeted });
  return byAccount;
}

/** Per account: starting balance plus rows with status p or x dated up to `today` (current pending), and plus x rows (cleared). */
export async function pendingAndCleared(
  q: Queryable,
  accountIds: readonly number[],
  today: string,
): Promise<Map<number, { pending: number; cleared: number }>> {
  const result = await q.query<{ id: number; pending: number; cleared: number }>(
    `SELECT a.id,
       a.starting_balance + coalesce(sum(r.amount) FILTER (WHERE r.status IN ('p', 'x') AND r.date <= $2), 0)::bigint AS pending,
       a.starting_balance + coalesce(sum(r.amount) FILTER (WHERE r.status = 'x'), 0)::bigint AS cleared
     FROM ledger_accounts a LEFT JOIN ledger_rows r ON r.account_id = a.id AND NOT r.deleted
     WHERE a.id = ANY($1::int[]) GROUP BY a.id, a.starting_balance`,
    [accountIds, today],
  );
  return new Map(result.rows.map((r) => [r.id, { pending: r.pending, cleared: r.cleared }]));
}

import type { ReportScope } from '../domain/report-range';
import { monthKeyOfIndex } from '@hf/calendar';
import type { Queryable } from '@hf/ledger-mirror';
import { splitByMonths } from '../domain/month-split';

/** Rows that count, of one household, in the range and the chosen accounts ($1..$4). */
const COUNTED_IN_SCOPE = `household_id = $1 AND counted AND date BETWEEN $2 AND $3 AND ($4::int[] IS NULL OR account_id = ANY($4::int[]))`;

const scopeParams = (householdId: number, scope: ReportScope) => [
  householdId,
  scope.start,
  scope.end,
  scope.accountIds,
];

/**
 * Sums by months (docs/decisions/0137-monthly-report-sums.md): a report of every account reads the
 * whole months of its scope from the monthly sums and the partial months at its ends from the
 * rows; one of chosen accounts reads rows. Binds $1 household, $2-$3 the head span, $4-$5 the
 * whole months, $6-$7 the tail span.
 */
const HEAD = `household_id = $1 AND counted AND date BETWEEN $2 AND $3`;
const MONTHS = `household_id = $1 AND month BETWEEN $4 AND $5`;
const TAIL = `household_id = $1 AND counted AND date BETWEEN $6 AND $7`;

const splitParams = (householdId: number, scope: ReportScope) => {
  const { head, months, tail } = splitByMonths(scope.start, scope.end);
  return [householdId, head[0], head[1], months[0], months[1], tail[0], tail[1]];
};

/** Net cents per stored category id (null: none). */
export async function netsByStoredCategory(
  q: Queryable,
  householdId: number,
  scope: ReportScope,
): Promise<Array<{ category_id: number | null; net: number }>> {
  const result =
    scope.accountIds === null
      ? await q.query<{ category_id: number | null; net: number }>(
          `SELECT nullif(category_id, 0) AS category_id, sum(net)::bigint AS net FROM (
             SELECT category_id, net, lines FROM report_month_categories WHERE ${MONTHS}
             UNION ALL SELECT coalesce(category_id, 0), amount, 1 FROM ledger_lines WHERE ${HEAD}
             UNION ALL SELECT coalesce(category_id, 0), amount, 1 FROM ledger_lines WHERE ${TAIL}
           ) x GROUP BY 1 HAVING sum(lines) > 0`,
          splitParams(householdId, scope),
        )
      : await q.query<{ category_id: number | null; net: number }>(
          `SELECT category_id, sum(amount)::bigint AS net FROM ledger_lines WHERE ${COUNTED_IN_SCOPE} GROUP BY category_id`,
          scopeParams(householdId, scope),
        );
  return result.rows;
}

/** Net cents per payee (exact text). */
export async function netsByPayee(
  q: Queryable,
  householdId: number,
  scope: ReportScope,
): Promise<Array<{ payee: string; net: number }>> {
  const result = await q.query<{ payee: string; net: number }>(
    `SELECT payee, sum(amount)::bigint AS net FROM ledger_rows WHERE ${COUNTED_IN_SCOPE} GROUP BY payee`,
    scopeParams(householdId, scope),
  );
  return result.rows;
}

/** Net cents per month (`YYYY-MM`) and stored category id. */
export async function netsByMonth(
  q: Queryable,
  householdId: number,
  scope: ReportScope,
): Promise<Array<{ month: string; category_id: number | null; net: number }>> {
  const monthIndex = (column: string) => `(extract(year FROM ${column}) * 12 + extract(month FROM ${column}) - 1)::int`;
  const result =
    scope.accountIds === null
      ? await q.query<{ month_index: number; category_id: number | null; net: number }>(
          `SELECT month_index, nullif(category_id, 0) AS category_id, sum(net)::bigint AS net FROM (
             SELECT ${monthIndex('month')} AS month_index, category_id, net, lines FROM report_month_categories WHERE ${MONTHS}
             UNION ALL SELECT ${monthIndex('date')}, coalesce(category_id, 0), amount, 1 FROM ledger_lines WHERE ${HEAD}
             UNION ALL SELECT ${monthIndex('date')}, coalesce(category_id, 0), amount, 1 FROM ledger_lines WHERE ${TAIL}
           ) x GROUP BY 1, 2 HAVING sum(lines) > 0`,
          splitParams(householdId, scope),
        )
      : await q.query<{ month_index: number; category_id: number | null; net: number }>(
          `SELECT ${monthIndex('date')} AS month_index, category_id, sum(amount)::bigint AS net
           FROM ledger_lines WHERE ${COUNTED_IN_SCOPE} GROUP BY 1, 2`,
          scopeParams(householdId, scope),
        );
  return result.rows.map((r) => ({ month: monthKeyOfIndex(r.month_index), category_id: r.category_id, net: r.net }));
}

export interface StoredRow {
  id: number;
  /** 0: the row itself; 1..n: that line of a split row (its category, amount and notes). */
  line: number;
  date: string;
  payee: string;
  amount: number;
  account_id: number;
  status: string;
  notes: string;
  category_id: number | null;
  updated_at: string;
  /** A split row's lines (a whole row by payee; a line by category: all its row's lines), else null. */
  splits?: Array<{ category_id: number | null; amount: number; notes: string }> | null;
}

const ROW_COLUMNS = 'id, line, date, payee, amount, account_id, status, notes, category_id, updated_at';

/**
 * Lines behind a category item (an unsplit row is one line; a split row's lines count each under
 * its own category, with the row's date and payee): stored category ids in `ids` (or, with `negate`, rows with no
 * category or one not in `ids`), newest first, at most `limit`.
 */
export async function rowsByCategory(
  q: Queryable,
  householdId: number,
  scope: ReportScope,
  selection: { ids: number[]; negate: boolean },
  limit: number,
): Promise<StoredRow[]> {
  const match = selection.negate
    ? '(category_id IS NULL OR NOT (category_id = ANY($5::int[])))'
    : 'category_id = ANY($5::int[])';
  const result = await q.query<StoredRow>(
    `SELECT ${ROW_COLUMNS},
       CASE WHEN line > 0 THEN (SELECT r.splits FROM ledger_rows r WHERE r.id = ledger_lines.id) END AS splits
     FROM ledger_lines WHERE ${COUNTED_IN_SCOPE} AND ${match} ORDER BY date DESC, id DESC, line LIMIT $6`,
    [...scopeParams(householdId, scope), selection.ids, limit],
  );
  return result.rows;
}

/** Rows of one payee (exact text, bound as a value: `%` and `'` are literal), newest first; a split row whole (category "Split"). */
export async function rowsByPayee(
  q: Queryable,
  householdId: number,
  scope: ReportScope,
  payee: string,
  limit: number,
): Promise<StoredRow[]> {
  const result = await q.query<StoredRow>(
    `SELECT ${ROW_COLUMNS.replace('line', '0 AS line')}, splits FROM ledger_rows WHERE ${COUNTED_IN_SCOPE} AND payee = $5 ORDER BY date DESC, id DESC LIMIT $6`,
    [...scopeParams(householdId, scope), payee, limit],
  );
  return result.rows;
}

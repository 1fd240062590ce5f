import type { ReportScope } from '../domain/report-range';
import { monthIndexOf, monthKeyOfIndex } from '@hf/calendar';
import type { Queryable } from '@hf/ledger-mirror';
import { splitByMonths } from '../domain/month-split';
import type { HeadedLine } from '../domain/drill-down-rows';

export type { HeadedLine };

/** Rows of one household in the range and the chosen accounts ($1..$4). */
const IN_SCOPE = `household_id = $1 AND date BETWEEN $2 AND $3 AND ($4::int[] IS NULL OR account_id = ANY($4::int[]))`;
/** Rows that count, of one household, in the range and the chosen accounts ($1..$4). */
const COUNTED_IN_SCOPE = `counted AND ${IN_SCOPE}`;

const scopeParams = (householdId: number, scope: ReportScope) => [
  householdId,
  scope.start,
  scope.end,
  scope.accountIds,
];

/** A prepared statement (by name, per connection): the reports' queries are planned once, not at every read. */
const named = (name: string, text: string, values: unknown[]) => ({ name, text, values });

/**
 * Sums by months (docs/decisions/0137-monthly-report-sums.md, 0147-monthly-sums-per-account.md):
 * a report reads the whole months of its scope from the monthly sums (of every account, or per
 * account for chosen ones) and the partial months at its ends from the rows. Binds $1 household,
 * $2-$3 the head span, $4-$5 the whole months, $6-$7 the tail span and, for chosen accounts, $8
 * their ids.
 */
const ofAccounts = (chosen: boolean) => (chosen ? ' AND account_id = ANY($8::int[])' : '');
const HEAD = (chosen: boolean) => `household_id = $1 AND counted AND date BETWEEN $2 AND $3${ofAccounts(chosen)}`;
const TAIL = (chosen: boolean) => `household_id = $1 AND counted AND date BETWEEN $6 AND $7${ofAccounts(chosen)}`;
/** The whole months' sums as `(month, category_id (0: none), net, lines)`. */
const MONTH_SUMS = (chosen: boolean) =>
  chosen
    ? `SELECT month, category_id, net, lines FROM report_month_account_categories
       WHERE household_id = $1 AND account_id = ANY($8::int[]) AND month BETWEEN $4 AND $5`
    : `SELECT month, category_id, net, lines FROM report_month_categories WHERE household_id = $1 AND month BETWEEN $4 AND $5`;

const splitParams = (householdId: number, scope: ReportScope) => {
  const { head, months, tail } = splitByMonths(scope.start, scope.end);
  const params: unknown[] = [householdId, head[0], head[1], months[0], months[1], tail[0], tail[1]];
  return scope.accountIds === null ? params : [...params, scope.accountIds];
};

/**
 * The counted lines of the rows matching `where` (over ledger_rows' own columns) as
 * `(category_id (0: none), amount, lines, date)`, the same sums as `ledger_lines` gives, but read
 * index-only from the reports' range index: every row once under its stored category (a split
 * row, whose own category is none, under 0 with its whole amount), then for the split rows alone
 * (their own index, about a tenth of the rows) the row taken back out of 0 and each line added
 * under its category (docs/decisions/0140-payee-running-totals.md).
 */
const linesOf = (where: string) => `
  SELECT coalesce(category_id, 0) AS category_id, amount, 1 AS lines, date FROM ledger_rows WHERE ${where}
  UNION ALL SELECT 0, -amount, -1, date FROM ledger_rows WHERE ${where} AND splits IS NOT NULL
  UNION ALL SELECT coalesce(l.category_id, 0), l.amount, 1, s.date
    FROM (SELECT date, splits FROM ledger_rows WHERE ${where} AND splits IS NOT NULL) s
    CROSS JOIN LATERAL jsonb_to_recordset(s.splits) AS l(category_id integer, amount bigint)`;

/** Net cents per stored category id (null: none). */
export async function netsByStoredCategory(
  q: Queryable,
  householdId: number,
  scope: ReportScope,
): Promise<Array<{ category_id: number | null; net: number }>> {
  const chosen = scope.accountIds !== null;
  const result = await q.query<{ category_id: number | null; net: number }>(
    named(
      chosen ? 'reports-nets-by-category-accounts' : 'reports-nets-by-category',
      `SELECT nullif(category_id, 0) AS category_id, sum(net)::bigint AS net FROM (
         SELECT category_id, net, lines FROM (${MONTH_SUMS(chosen)}) m
         UNION ALL SELECT category_id, amount, lines FROM (${linesOf(HEAD(chosen))}) h
         UNION ALL SELECT category_id, amount, lines FROM (${linesOf(TAIL(chosen))}) t
       ) x GROUP BY 1 HAVING sum(lines) > 0`,
      splitParams(householdId, scope),
    ),
  );
  return result.rows;
}

/**
 * Net cents per payee (exact text). Of every account: the whole months from the payees' running
 * totals (migration 007, docs/decisions/0140-payee-running-totals.md: the total at the last whole
 * month less the total at the month before the first), the partial months at the ends from the
 * rows; of chosen accounts, from the rows. Payees whose net in the range is 0 are left out (the
 * report shows none of them), as are those with no row in it.
 */
export async function netsByPayee(
  q: Queryable,
  householdId: number,
  scope: ReportScope,
): Promise<Array<{ payee: string; net: number }>> {
  if (scope.accountIds !== null) {
    const rows = await q.query<{ payee: string; net: number }>(
      named(
        'reports-nets-by-payee-accounts',
        `SELECT payee, sum(amount)::bigint AS net FROM ledger_rows WHERE ${COUNTED_IN_SCOPE} GROUP BY payee HAVING sum(amount) <> 0`,
        scopeParams(householdId, scope),
      ),
    );
    return rows.rows;
  }
  const { head, months, tail } = splitByMonths(scope.start, scope.end);
  const [first, last] = months[0] <= months[1] ? [monthIndexOf(months[0]), monthIndexOf(months[1])] : [1, 0];
  const result = await q.query<{ payee: string; net: number }>(
    named(
      'reports-nets-by-payee',
      `SELECT payee, sum(net)::bigint AS net FROM (
         SELECT payee, report_running_total_at(first_month, totals, $5) - report_running_total_at(first_month, totals, $4 - 1) AS net
         FROM report_payee_totals WHERE household_id = $1 AND $4::int <= $5::int
         UNION ALL SELECT payee, amount FROM ledger_rows WHERE ${HEAD(false)}
         UNION ALL SELECT payee, amount FROM ledger_rows WHERE ${TAIL(false)}
       ) x GROUP BY payee HAVING sum(net) <> 0`,
      [householdId, head[0], head[1], first, last, tail[0], tail[1]],
    ),
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
  const chosen = scope.accountIds !== null;
  const result = await q.query<{ month_index: number; category_id: number | null; net: number }>(
    named(
      chosen ? 'reports-nets-by-month-accounts' : 'reports-nets-by-month',
      `SELECT month_index, nullif(category_id, 0) AS category_id, sum(net)::bigint AS net FROM (
         SELECT ${monthIndex('month')} AS month_index, category_id, net, lines FROM (${MONTH_SUMS(chosen)}) m
         UNION ALL SELECT ${monthIndex('date')}, category_id, amount, lines FROM (${linesOf(HEAD(chosen))}) h
         UNION ALL SELECT ${monthIndex('date')}, category_id, amount, lines FROM (${linesOf(TAIL(chosen))}) t
       ) x GROUP BY 1, 2 HAVING sum(lines) > 0`,
      splitParams(householdId, scope),
    ),
  );
  return result.rows.map((r) => ({ month: monthKeyOfIndex(r.month_index), category_id: r.category_id, net: r.net }));
}

/**
 * Lines behind a category item (an unsplit row is one line; a split row's lines count each under
 * its own category, with the row's date and payee): stored category ids in `ids` (or, with `negate`, rows with no
 * category or one not in `ids`), newest first, at most `limit`; each with its row's stored head.
 */
export async function linesByCategory(
  q: Queryable,
  householdId: number,
  scope: ReportScope,
  selection: { ids: number[]; negate: boolean },
  limit: number,
): Promise<HeadedLine[]> {
  const result = await q.query<HeadedLine>({
    text: linesOfCategory(selection.negate),
    values: [...scopeParams(householdId, scope), selection.ids, limit],
    rowMode: 'array',
  });
  return result.rows;
}

/** Rows of one payee (exact text, bound as a value: `%` and `'` are literal), newest first; a split row whole (category "Split"). */
export async function rowsByPayee(
  q: Queryable,
  householdId: number,
  scope: ReportScope,
  payee: string,
  limit: number,
): Promise<HeadedLine[]> {
  const result = await q.query<HeadedLine>({
    text: rowsOfPayee,
    values: [...scopeParams(householdId, scope), payee, limit],
    rowMode: 'array',
  });
  return result.rows;
}

const categoryMatch = (negate: boolean) =>
  negate ? '(category_id IS NULL OR NOT (category_id = ANY($5::int[])))' : 'category_id = ANY($5::int[])';

/**
 * linesByCategory's lines (the same lines as `ledger_lines`): unsplit rows through the category
 * index, which carries every column answered (notes over 1,000 bytes read from the row, migration
 * 013); split rows' lines from their own table (report_split_lines, docs/decisions/0157), each
 * with its row's `splits` taken along.
 */
const linesOfCategory = (negate: boolean) =>
  `SELECT head, amount, notes, account_id, category_id, line, splits FROM (
     SELECT r.report_head AS head, r.amount, coalesce(r.report_notes, (SELECT n.notes FROM ledger_rows n WHERE n.id = r.id)) AS notes,
       r.account_id, r.category_id, 0 AS line, NULL::jsonb AS splits, r.date, r.id
     FROM ledger_rows r WHERE ${COUNTED_IN_SCOPE} AND splits IS NULL AND ${categoryMatch(negate)}
     UNION ALL
     SELECT report_head, amount, notes, account_id, category_id, line, splits, date, id
     FROM report_split_lines WHERE ${IN_SCOPE} AND ${categoryMatch(negate)}
   ) x ORDER BY date DESC, id DESC, line LIMIT $6`;

const rowsOfPayee = `SELECT report_head, amount, notes, account_id, category_id, 0 AS line, splits FROM ledger_rows
  WHERE ${COUNTED_IN_SCOPE} AND payee = $5 ORDER BY date DESC, id DESC LIMIT $6`;

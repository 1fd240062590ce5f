// Spending and income reports, their drill-down and the monthly trend (svc-reports).
//
// Money is a decimal number of dollars with at most 2 decimals, as in the ledger's HTTP bodies.
// Every route also answers `format=csv` (text/csv, an attachment, formula cells neutralised).
import Type, { type Static } from 'typebox';
import { CalendarDateString, NullableId, NullableString } from './common';
import { REPORT_LIMITS, REPORT_SORTS, UNCATEGORIZED_ID } from './reports-limits';

export * from './reports-limits';

const rangeFields = {
  start_date: CalendarDateString,
  end_date: CalendarDateString,
  /** Comma-joined account ids; absent or empty: every account of the household. */
  account_ids: Type.Optional(Type.String({ maxLength: REPORT_LIMITS.accountIdsLength })),
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
};
const sortField = { sort_by: Type.Optional(Type.Union(REPORT_SORTS.map((s) => Type.Literal(s)))) };

/**
 * GET /api/reports/spending_by_category | spending_by_payee | income_by_category.
 * `hide_category_ids` (reports by category only): comma-joined category ids and/or
 * `uncategorized` left out of the answer, as the screen's hide filter does (a hidden top-level
 * category goes with its sub-categories; a hidden sub-category leaves its parent, whose value
 * drops by it), so a CSV download is what the person sees.
 */
export const ReportQuery = Type.Object(
  {
    ...rangeFields,
    ...sortField,
    hide_category_ids: Type.Optional(
      Type.String({
        maxLength: REPORT_LIMITS.accountIdsLength,
        pattern: `^(([1-9][0-9]{0,9}|${UNCATEGORIZED_ID})(,([1-9][0-9]{0,9}|${UNCATEGORIZED_ID}))*)?$`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type ReportQuery = Static<typeof ReportQuery>;

/** GET /api/reports/transactions_by_category: `category_id` a category id or `uncategorized`. */
export const CategoryDrillDownQuery = Type.Object(
  {
    ...rangeFields,
    ...sortField,
    category_id: Type.String({ pattern: `^([1-9][0-9]{0,9}|${UNCATEGORIZED_ID})$`, maxLength: 13 }),
  },
  { additionalProperties: false },
);
export type CategoryDrillDownQuery = Static<typeof CategoryDrillDownQuery>;

/** GET /api/reports/transactions_by_payee: the payee as the report item names it (exact text). */
export const PayeeDrillDownQuery = Type.Object(
  {
    ...rangeFields,
    ...sortField,
    payee_name: Type.String({ minLength: 1, maxLength: REPORT_LIMITS.payeeName, pattern: '^[^\\u0000]*$' }),
  },
  { additionalProperties: false },
);
export type PayeeDrillDownQuery = Static<typeof PayeeDrillDownQuery>;

/** GET /api/reports/monthly_trend: spending and income per calendar month of the range. */
export const TrendQuery = Type.Object({ ...rangeFields }, { additionalProperties: false });
export type TrendQuery = Static<typeof TrendQuery>;

/** A sub-category item (children of a child are always empty). */
export const ReportLeaf = Type.Object({
  id: NullableId,
  name: Type.String(),
  value: Type.Number(),
  children: Type.Array(Type.Object({}), { maxItems: 0 }),
});
/**
 * Report item (docs/rules/reports.md): `id` is the category id (null for "Uncategorized" and for payee
 * items), `value` a positive amount, `children` the sub-categories (by category only).
 */
export const ReportItem = Type.Object({
  id: NullableId,
  name: Type.String(),
  value: Type.Number(),
  children: Type.Array(ReportLeaf),
});
export type ReportItem = Static<typeof ReportItem>;
export const ReportItems = Type.Array(ReportItem);

/** A row behind a report item (spec "search result": id, date, payee, amount; plus what editing needs). */
export const DrillDownRow = Type.Object({
  // The row's own fields first: svc-reports keeps their JSON text with the row (decision 0157).
  id: Type.Integer(),
  date: Type.String(),
  payee: Type.String(),
  status: Type.String(),
  updated_at: Type.String(),
  amount: Type.Number(),
  notes: Type.String(),
  account_id: Type.Integer(),
  account_name: Type.String(),
  category_id: NullableId,
  /** `Parent: Child`, `Name`, `Split` (a whole split row, by payee), or null. */
  category_name: NullableString,
  /**
   * 0: the row itself; 1..n: line n of split row `id` (by category: date, payee and account are
   * the row's; category, amount and notes the line's). svc-reports always sends it.
   */
  line: Type.Optional(Type.Integer()),
  /**
   * A split row's lines ([] for an unsplit row; svc-reports always sends it): by payee the whole
   * row's; by category, on line n, all the lines of its row (line n is `splits[n - 1]`), so that
   * one line's category can be changed with PUT /api/transactions/:id `{splits, updated_at}`.
   */
  splits: Type.Optional(
    Type.Array(
      Type.Object({
        category_id: NullableId,
        category_name: NullableString,
        amount: Type.Number(),
        notes: Type.String(),
      }),
    ),
  ),
});
export type DrillDownRow = Static<typeof DrillDownRow>;
export const DrillDownRows = Type.Array(DrillDownRow);

/**
 * The monthly trend: `months` are `YYYY-MM` of the range (partial first and last months count
 * only their days in range); `spending[i]` and `income[i]` are month i's totals (the same rules
 * as the reports by category); `categories` are the top-level spending categories with their
 * spending per month, largest total first.
 */
export const MonthlyTrend = Type.Object({
  months: Type.Array(Type.String()),
  spending: Type.Array(Type.Number()),
  income: Type.Array(Type.Number()),
  categories: Type.Array(Type.Object({ id: NullableId, name: Type.String(), spending: Type.Array(Type.Number()) })),
});
export type MonthlyTrend = Static<typeof MonthlyTrend>;

/**
 * Reports constants the front ends use as values. A leaf module (no schema library), like
 * ledger-limits: importing it from mf-reports does not bring typebox into the bundle.
 */

/** The item name of rows without a category (its `id` is null). */
export const UNCATEGORIZED_NAME = 'Uncategorized';
/** `category_id` value of the drill-down that lists the uncategorised rows. */
export const UNCATEGORIZED_ID = 'uncategorized';

export const REPORT_SORTS = ['amount', 'name'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

/** The report routes under /api/reports (each also answers `format=csv`). */
export const REPORT_KINDS = ['spending_by_category', 'spending_by_payee', 'income_by_category'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_LIMITS = {
  /** The longest range a report covers, in years (a longer one is refused with 400). */
  rangeYears: 10,
  /** account_ids: at most this many ids. */
  accountIds: 1000,
  /** account_ids text length. */
  accountIdsLength: 12_000,
  /** payee_name of the drill-down by payee (the ledger's payee limit). */
  payeeName: 200,
  /** A drill-down lists at most this many rows, newest first. */
  drillDownRows: 10_000,
} as const;

/** Messages of svc-reports (400/404), shown by the client as the server's message. */
export const REPORT_MESSAGES = {
  startAfterEnd: 'The start date must be on or before the end date.',
  rangeTooLong: `The date range cannot be longer than ${REPORT_LIMITS.rangeYears} years.`,
  accountIds: 'account_ids must be a comma-separated list of account ids.',
  accountNotFound: 'Account not found.',
  categoryNotFound: 'Category not found.',
  hideByCategoryOnly: 'hide_category_ids applies to the reports by category only.',
} as const;

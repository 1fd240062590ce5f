/**
 * Budget constants the front ends use as values. A leaf module (no schema library): importing it
 * from mf-budget or mf-ledger does not bring typebox into the bundle.
 */

/** The Predictables and the projection cover this many months starting with the current one. */
export const BUDGET_HORIZON_MONTHS = 12;

export const BUDGET_LIMITS = {
  payee: 200,
  /** `categoryName` text: `Parent: Child`. */
  categoryText: 202,
  goalName: 100,
  /** Predictables per account. */
  itemsPerAccount: 500,
  /** Envelopes per account and month. */
  envelopesPerMonth: 500,
} as const;

/**
 * How often a Predictable happens (docs/rules/predictables.md "Frequencies"). `monthly` is the
 * default and every item made before frequencies existed.
 */
export const PREDICTABLE_FREQUENCIES = [
  'monthly',
  'weekly',
  'every_n_weeks',
  'semi_monthly',
  'every_n_months',
  'yearly',
  'once',
] as const;
export type PredictableFrequency = (typeof PREDICTABLE_FREQUENCIES)[number];

/** What an occurrence on a Saturday or Sunday does: stays, moves to the Friday before, or the Monday after. */
export const WEEKEND_RULES = ['keep', 'before', 'after'] as const;
export type WeekendRule = (typeof WEEKEND_RULES)[number];

/** `interval` bounds of the frequencies that use one (inclusive). */
export const FREQUENCY_INTERVALS = {
  every_n_weeks: { min: 2, max: 52 },
  every_n_months: { min: 2, max: 12 },
} as const;

/** `day_of_month` (and each of `days_of_month`) meaning the month's last day. */
export const LAST_DAY_OF_MONTH = -1;

/** How many upcoming dates a Predictable lists in `next_dates`. */
export const NEXT_DATES_COUNT = 3;

/** Messages of svc-budget (the screens show the server's message). */
export const BUDGET_MESSAGES = {
  accountNotFound: 'Account not found.',
  categoryNotFound: 'Category not found.',
  itemNotFound: 'Scheduled item not found.',
  envelopeNotFound: 'Envelope not found.',
  goalNotFound: 'Savings goal not found.',
  duplicateEnvelope: 'This category already has an envelope for this month.',
  outsideHorizon: 'The month is outside the 12 months of the budget.',
  negativeAmount: 'The amount must not be negative: the type gives the sign.',
  scenarioNotFound: 'Scenario not found.',
} as const;

/** What-if scenarios: at most this many per household and changes per scenario; name length. */
export const SCENARIO_LIMITS = { perHousehold: 50, changes: 200, name: 100 } as const;

/** Envelope progress colours (docs/rules/envelopes-and-jars.md): remaining share thresholds. */
export const ENVELOPE_THRESHOLDS = { red: 0.1, orange: 0.25 } as const;

/** The month names every screen, chart and answer shows. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** `Jan` ... `Dec`: the first three letters of each name. */
export const SHORT_MONTH_NAMES = MONTH_NAMES.map((name) => name.slice(0, 3));

/** `Sun` ... `Sat`, indexed by `dayOfWeek`. */
export const SHORT_WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Whole names (`March`) or the first three letters (`Mar`). */
export type MonthNameStyle = 'long' | 'short';

/** The month of a `YYYY-MM`, `YYYY-MM-01` or `YYYY-MM-DD` text: `March` or `Mar`. */
export function monthName(dateOrMonth: string, style: MonthNameStyle = 'long'): string {
  const index = Number(dateOrMonth.slice(5, 7)) - 1;
  return (style === 'short' ? SHORT_MONTH_NAMES : MONTH_NAMES)[index];
}

/** `2025-03` or `2025-03-14` -> `March 2025` (or `Mar 2025`). */
export function monthAndYear(dateOrMonth: string, style: MonthNameStyle = 'long'): string {
  return `${monthName(dateOrMonth, style)} ${dateOrMonth.slice(0, 4)}`;
}

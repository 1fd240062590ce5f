/**
 * How the screens show API values: decimal dollars through @hf/money's cents formatter, and
 * calendar dates as M/D/YYYY (US short date, docs/rules/dates.md).
 */
import type { CalendarDate } from '@hf/calendar';
import { dollarsToCents, formatCurrency } from '@hf/money';

/** `$1,234.56` / `-$12.00` of an amount in decimal dollars. */
export function formatDollars(amount: number | null | undefined): string {
  return formatCurrency(dollarsToCents(amount));
}

/** `2025-03-04` -> `3/4/2025`. */
export function displayDate(date: CalendarDate): string {
  const [y, m, d] = date.split('-');
  return `${Number(m)}/${Number(d)}/${y}`;
}

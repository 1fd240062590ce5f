/** The budget's months (12 months starting at the current month: docs/rules/dates.md). */
import { addMonths, firstOfMonth, monthAndYear, type CalendarDate } from '@hf/calendar';
import { BUDGET_HORIZON_MONTHS } from '@hf/contracts/budget-limits';

/** The `YYYY-MM-01` keys of the grid's columns, the current month first. */
export function horizonMonths(today: CalendarDate, count = BUDGET_HORIZON_MONTHS): string[] {
  const first = firstOfMonth(today);
  return Array.from({ length: count }, (_, i) => addMonths(first, i));
}

/** `2026-11-01` or `2026-11` -> `Nov 2026`. */
export function shortMonthLabel(key: string): string {
  return monthAndYear(key, 'short');
}

/** `2026-11` -> `November 2026`. */
export function longMonthLabel(key: string): string {
  return monthAndYear(key);
}

/** `YYYY-MM` plus or minus months. */
export function shiftMonth(month: string, delta: number): string {
  return addMonths(`${month}-01`, delta).slice(0, 7);
}

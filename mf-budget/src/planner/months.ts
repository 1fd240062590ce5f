/** The budget's months (spec section 9: 12 months starting at the current month). */
import { addMonths, firstOfMonth, type CalendarDate } from '@hf/calendar';
import { BUDGET_HORIZON_MONTHS } from '@hf/contracts/budget-limits';

const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG = [
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
];

/** The `YYYY-MM-01` keys of the grid's columns, the current month first. */
export function horizonMonths(today: CalendarDate, count = BUDGET_HORIZON_MONTHS): string[] {
  const first = firstOfMonth(today);
  return Array.from({ length: count }, (_, i) => addMonths(first, i));
}

/** `2026-11-01` or `2026-11` -> `Nov 2026`. */
export function shortMonthLabel(key: string): string {
  const [y, m] = key.split('-');
  return `${SHORT[Number(m) - 1]} ${y}`;
}

/** `2026-11` -> `November 2026`. */
export function longMonthLabel(key: string): string {
  const [y, m] = key.split('-');
  return `${LONG[Number(m) - 1]} ${y}`;
}

/** `YYYY-MM` plus or minus months. */
export function shiftMonth(month: string, delta: number): string {
  return addMonths(`${month}-01`, delta).slice(0, 7);
}

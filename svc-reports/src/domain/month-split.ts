import { addDays, addMonths, firstOfMonth, lastOfMonth, type CalendarDate } from '@hf/calendar';

/** An inclusive date range; empty when `from > to`. */
export type DateSpan = [from: CalendarDate, to: CalendarDate];

/**
 * How a report range is read (docs/decisions/0137-monthly-report-sums.md): the whole calendar
 * months inside it from the monthly sums (`months`: the first day of the first whole month and the
 * last day of the last one), and the days before and after them (`head`, `tail`) from the rows.
 * A range inside less than one whole month has no months: it is all `head`. Empty spans are
 * `from > to` (`EMPTY`), so a query can bind them like any other.
 */
export interface MonthSplit {
  head: DateSpan;
  months: DateSpan;
  tail: DateSpan;
}

export const EMPTY: DateSpan = ['9999-12-31', '0001-01-01'];

export function splitByMonths(start: CalendarDate, end: CalendarDate): MonthSplit {
  const first = start === firstOfMonth(start) ? start : addMonths(firstOfMonth(start), 1);
  const last = end === lastOfMonth(end) ? end : addDays(firstOfMonth(end), -1);
  if (first > last) return { head: [start, end], months: EMPTY, tail: EMPTY };
  return {
    head: start < first ? [start, addDays(first, -1)] : EMPTY,
    months: [first, last],
    tail: last < end ? [addDays(last, 1), end] : EMPTY,
  };
}

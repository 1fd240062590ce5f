/**
 * A Predictable's schedule in plain words (docs/rules/predictables.md, Frequencies): the one
 * sentence the add form, the edit dialog and the grid's Schedule column show, its next dates and
 * the label of a month with several occurrences.
 */
import { dayOfWeek, monthName, SHORT_WEEKDAY_NAMES, type CalendarDate } from '@hf/calendar';
import type { Predictable } from '@hf/contracts/budget';
import { LAST_DAY_OF_MONTH } from '@hf/contracts/budget-limits';
import { frequencyWords } from '@hf/app-kit';
import { formatCurrency } from '@hf/money';

/** The fields of an item that make its schedule. */
export type Schedule = Pick<
  Predictable,
  'frequency' | 'interval' | 'day_of_month' | 'days_of_month' | 'start_date' | 'end_date' | 'weekend'
>;

/** `1st`, `2nd`, `3rd`, `11th`, `22nd`; -1: `last day`. */
export function dayOrdinal(day: number): string {
  if (day === LAST_DAY_OF_MONTH) return 'last day';
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/** `Nov 6`, with the year when it is not today's: `Nov 6, 2027`. */
export function shortDate(date: CalendarDate, today: CalendarDate): string {
  const text = `${monthName(date, 'short')} ${Number(date.slice(8, 10))}`;
  return date.slice(0, 4) === today.slice(0, 4) ? text : `${text}, ${date.slice(0, 4)}`;
}

/** `Fri, Nov 6` (the year when it is not today's). */
export function weekdayDate(date: CalendarDate, today: CalendarDate): string {
  return `${SHORT_WEEKDAY_NAMES[dayOfWeek(date)]}, ${shortDate(date, today)}`;
}

const onDay = (day: number) => `the ${dayOrdinal(day)}`;

/** The frequency's own words (@hf/app-kit's), then its days, before the end date and the weekend rule. */
function cadence(s: Schedule, today: CalendarDate): string {
  const start = s.start_date ?? today;
  const later = s.start_date && s.start_date > today ? ` from ${shortDate(s.start_date, today)}` : '';
  const words = frequencyWords(s);
  const every = `${words[0].toUpperCase()}${words.slice(1)}`;
  switch (s.frequency) {
    case 'weekly':
    case 'every_n_weeks':
      return `${every} from ${weekdayDate(start, today)}`;
    case 'semi_monthly': {
      const [a, b] = s.days_of_month ?? [1, 15];
      return `${every} on ${onDay(a)} and ${onDay(b)}${later}`;
    }
    case 'every_n_months':
      return `${every} on ${onDay(s.day_of_month)} from ${monthName(start, 'short')} ${start.slice(0, 4)}`;
    case 'yearly':
      return `${every} on ${monthName(start, 'short')} ${Number(start.slice(8, 10))}${later ? ` from ${start.slice(0, 4)}` : ''}`;
    case 'once':
      return `${every} on ${shortDate(start, today)}`;
    default:
      return `${every} on ${onDay(s.day_of_month)}${later}`;
  }
}

/**
 * "Every month on the 15th", "Every 2 weeks from Fri, Nov 6", "Twice a month on the 1st and the
 * last day", "Every year on Mar 3", "Once on Dec 24", then "until Jun 30, 2027" and what a weekend
 * date does. `today` decides which dates need their year.
 */
export function scheduleSummary(s: Schedule, today: CalendarDate): string {
  const until = s.end_date && s.frequency !== 'once' ? ` until ${shortDate(s.end_date, today)}` : '';
  const weekend =
    s.weekend === 'before'
      ? ', weekends move to the Friday before'
      : s.weekend === 'after'
        ? ', weekends move to the Monday after'
        : '';
  return `${cadence(s, today)}${until}${weekend}`;
}

/** "Next: Nov 20 · Dec 4 · Dec 18", or "No dates ahead". */
export function nextDatesText(dates: readonly CalendarDate[], today: CalendarDate): string {
  return dates.length === 0 ? 'No dates ahead' : `Next: ${dates.map((d) => shortDate(d, today)).join(' · ')}`;
}

/**
 * The label of a month's occurrences when there are several: "3 paydays in January: $1,500.00
 * each, $4,500.00 in all" (payments: "3 payments in ..."; no amount: "..., no amount yet").
 */
export function occurrencesLabel(
  itemType: Predictable['item_type'],
  month: string,
  count: number,
  eachCents: number,
): string {
  const noun = itemType === 'deposit' ? 'paydays' : 'payments';
  const head = `${count} ${noun} in ${monthName(month)}`;
  if (eachCents === 0) return `${head}, no amount yet`;
  return `${head}: ${formatCurrency(eachCents)} each, ${formatCurrency(eachCents * count)} in all`;
}

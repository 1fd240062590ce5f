import {
  addDays,
  addMonthKeys,
  dayOfWeek,
  monthOf,
  occurrenceDate,
  splitDate,
  toDayNumber,
  type CalendarDate,
  type MonthKey,
} from '@hf/calendar';
import { NEXT_DATES_COUNT, type PredictableFrequency, type WeekendRule } from '@hf/contracts/budget-limits';

/**
 * When a Predictable happens (docs/rules/predictables.md "Frequencies"), as stored: checked and
 * normalised by schedule-fields.ts (a field the frequency does not use is null).
 */
export interface Schedule {
  frequency: PredictableFrequency;
  /** `monthly` and `every_n_months`: 1..31 (clamped) or -1 (the last day). */
  day_of_month: number;
  /** `every_n_weeks` 2..52, `every_n_months` 2..12. */
  interval: number | null;
  /** `semi_monthly`: two different days. */
  days_of_month: readonly [number, number] | null;
  /** Required by every frequency but `monthly`. */
  start_date: CalendarDate | null;
  end_date: CalendarDate | null;
  weekend: WeekendRule;
}

/** How far ahead `nextDates` looks: a yearly item's third date is at most 3 years away. */
const NEXT_DATES_MONTHS = 12 * (NEXT_DATES_COUNT + 1);

/** Whole months from `from` to `to` (`YYYY-MM`), negative when `to` is earlier. */
function monthsFrom(from: MonthKey, to: MonthKey): number {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  return ty * 12 + tm - (fy * 12 + fm);
}

/** Every `step` days from `anchor` that falls in `month` (weekly, every N weeks). */
function steppedDates(anchor: CalendarDate, step: number, month: MonthKey): CalendarDate[] {
  const first = toDayNumber(`${month}-01`);
  const last = toDayNumber(occurrenceDate(month, -1));
  const origin = toDayNumber(anchor);
  const dates: CalendarDate[] = [];
  for (let day = origin + Math.max(0, Math.ceil((first - origin) / step)) * step; day <= last; day += step)
    dates.push(addDays(anchor, day - origin));
  return dates;
}

/** The dates the schedule names in `month`, before the start/end window and the weekend rule. */
function scheduledDates(s: Schedule, month: MonthKey): CalendarDate[] {
  const start = s.start_date;
  switch (s.frequency) {
    case 'monthly':
      return [occurrenceDate(month, s.day_of_month)];
    case 'every_n_months': {
      const since = monthsFrom(monthOf(start!), month);
      return since >= 0 && since % s.interval! === 0 ? [occurrenceDate(month, s.day_of_month)] : [];
    }
    case 'semi_monthly': {
      // Two days that clamp to the same date (29 and 31 in February) are one occurrence.
      const dates = s.days_of_month!.map((d) => occurrenceDate(month, d));
      return [...new Set(dates)].sort();
    }
    case 'yearly': {
      // Feb 29 clamps to Feb 28 in a year without one.
      const { month: m, day } = splitDate(start!);
      return Number(month.slice(5)) === m ? [occurrenceDate(month, day)] : [];
    }
    case 'once':
      return monthOf(start!) === month ? [start!] : [];
    case 'weekly':
      return steppedDates(start!, 7, month);
    case 'every_n_weeks':
      return steppedDates(start!, 7 * s.interval!, month);
  }
}

/** A Saturday or Sunday date moved by the weekend rule (to the Friday before or the Monday after). */
export function shiftForWeekend(date: CalendarDate, rule: WeekendRule): CalendarDate {
  const weekday = dayOfWeek(date);
  if (rule === 'keep' || (weekday !== 0 && weekday !== 6)) return date;
  if (rule === 'before') return addDays(date, weekday === 6 ? -1 : -2);
  return addDays(date, weekday === 6 ? 2 : 1);
}

/**
 * The schedule's occurrence dates generated for one month (`YYYY-MM`), ascending: the dates it
 * names in the month, kept when they lie within start_date..end_date (inclusive; the window is
 * judged on the named date), then moved by the weekend rule. A moved date may leave the month
 * and still belongs to it (its amount is the month's).
 */
export function monthOccurrences(s: Schedule, month: MonthKey): CalendarDate[] {
  return scheduledDates(s, month)
    .filter((d) => (s.start_date === null || d >= s.start_date) && (s.end_date === null || d <= s.end_date))
    .map((d) => shiftForWeekend(d, s.weekend))
    .sort();
}

/** `monthOccurrences` for each month of the horizon (`YYYY-MM-01` -> dates). */
export function horizonOccurrences(s: Schedule, horizon: readonly string[]): Record<string, CalendarDate[]> {
  return Object.fromEntries(horizon.map((m) => [m, monthOccurrences(s, m.slice(0, 7))]));
}

/** The next (up to 3) occurrence dates on or after `today`, whatever the amounts. */
export function nextDates(s: Schedule, today: CalendarDate): CalendarDate[] {
  const found: CalendarDate[] = [];
  // From the month before today's (its last date may have moved past the month end onto today),
  // and one month past the one that fills the list (its first date may have moved back before).
  const from = addMonthKeys(monthOf(today), -1);
  let filledAt: number | undefined;
  for (let i = 0; i <= NEXT_DATES_MONTHS && (filledAt === undefined || i <= filledAt + 1); i++) {
    const month = addMonthKeys(from, i);
    if (s.end_date !== null && `${month}-01` > s.end_date) break;
    found.push(...monthOccurrences(s, month).filter((d) => d >= today));
    if (filledAt === undefined && found.length >= NEXT_DATES_COUNT) filledAt = i;
  }
  return found.sort().slice(0, NEXT_DATES_COUNT);
}

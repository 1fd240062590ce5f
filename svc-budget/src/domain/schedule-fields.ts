import { isValidDate, splitDate, type CalendarDate } from '@hf/calendar';
import { FREQUENCY_INTERVALS, LAST_DAY_OF_MONTH } from '@hf/contracts/budget-limits';
import type { Schedule } from './occurrences';

/** The schedule fields of a create or edit body (absent = keep the item's; null clears an optional one). */
export interface ScheduleInput {
  frequency?: Schedule['frequency'];
  interval?: number | null;
  days_of_month?: readonly [number, number] | null;
  day_of_month?: number;
  start_date?: CalendarDate | null;
  end_date?: CalendarDate | null;
  weekend?: Schedule['weekend'];
}

/** A new item's schedule before its body: monthly, no window, weekends kept. */
export const NEW_SCHEDULE: Omit<Schedule, 'day_of_month'> & { day_of_month: number | null } = {
  frequency: 'monthly',
  day_of_month: null,
  interval: null,
  days_of_month: null,
  start_date: null,
  end_date: null,
  weekend: 'keep',
};

export const SCHEDULE_MESSAGES = {
  day: "The day of the month (day_of_month) must be 1 to 31, or -1 for the month's last day.",
  dayRequired: 'A monthly or every-N-months item needs its day of the month (day_of_month).',
  weeks: `Every N weeks needs an interval of ${FREQUENCY_INTERVALS.every_n_weeks.min} to ${FREQUENCY_INTERVALS.every_n_weeks.max} weeks.`,
  months: `Every N months needs an interval of ${FREQUENCY_INTERVALS.every_n_months.min} to ${FREQUENCY_INTERVALS.every_n_months.max} months.`,
  days: "Twice a month needs two different days, each 1 to 31 or -1 for the month's last day.",
  startDate: 'The start date must be a real date (YYYY-MM-DD).',
  endDate: 'The end date must be a real date (YYYY-MM-DD).',
  endBeforeStart: 'The end date must not be before the start date.',
  onceDate: 'A once item needs its date (start_date).',
} as const;

const validDay = (d: number | null | undefined): d is number =>
  d !== null && d !== undefined && Number.isInteger(d) && (d === LAST_DAY_OF_MONTH || (d >= 1 && d <= 31));

const inRange = (n: number | null, range: { min: number; max: number }): n is number =>
  n !== null && Number.isInteger(n) && n >= range.min && n <= range.max;

/** Sorts two days with -1 (the last day) last. */
const dayOrder = (d: number) => (d === LAST_DAY_OF_MONTH ? 32 : d);

/**
 * The item's schedule after a create or an edit (docs/rules/predictables.md "Frequencies"): the
 * body's fields over `base`, checked for the frequency, with the fields it does not use cleared.
 * A frequency other than monthly starts `today` unless given a start date (a once item must be
 * given one). For frequencies that do not use it, `day_of_month` is the start date's day.
 * Answers the schedule, or the message of the first broken rule.
 */
export function resolveSchedule(
  base: Omit<Schedule, 'day_of_month'> & { day_of_month: number | null },
  input: ScheduleInput,
  today: CalendarDate,
): Schedule | { error: string } {
  const pick = <K extends keyof ScheduleInput>(key: K) => (input[key] === undefined ? base[key] : input[key]);
  const frequency = pick('frequency')!;
  const weekend = pick('weekend')!;
  const dayOfMonth = pick('day_of_month') ?? null;
  const end = pick('end_date') ?? null;
  let start = pick('start_date') ?? null;
  if (input.day_of_month !== undefined && !validDay(input.day_of_month)) return { error: SCHEDULE_MESSAGES.day };
  if (start !== null && !isValidDate(start)) return { error: SCHEDULE_MESSAGES.startDate };
  if (end !== null && !isValidDate(end)) return { error: SCHEDULE_MESSAGES.endDate };
  if (frequency === 'once' && start === null) return { error: SCHEDULE_MESSAGES.onceDate };
  if (frequency !== 'monthly') start ??= today;
  if (start !== null && end !== null && end < start) return { error: SCHEDULE_MESSAGES.endBeforeStart };

  const schedule: Schedule = {
    frequency,
    day_of_month: start === null ? 0 : splitDate(start).day,
    interval: null,
    days_of_month: null,
    start_date: start,
    end_date: end,
    weekend,
  };
  switch (frequency) {
    case 'monthly':
    case 'every_n_months':
      if (dayOfMonth === null) return { error: SCHEDULE_MESSAGES.dayRequired };
      if (!validDay(dayOfMonth)) return { error: SCHEDULE_MESSAGES.day };
      schedule.day_of_month = dayOfMonth;
      if (frequency === 'every_n_months') {
        const interval = pick('interval') ?? null;
        if (!inRange(interval, FREQUENCY_INTERVALS.every_n_months)) return { error: SCHEDULE_MESSAGES.months };
        schedule.interval = interval;
      }
      return schedule;
    case 'every_n_weeks': {
      const interval = pick('interval') ?? null;
      if (!inRange(interval, FREQUENCY_INTERVALS.every_n_weeks)) return { error: SCHEDULE_MESSAGES.weeks };
      schedule.interval = interval;
      return schedule;
    }
    case 'semi_monthly': {
      const days = pick('days_of_month') ?? null;
      if (days === null || !days.every(validDay) || days[0] === days[1]) return { error: SCHEDULE_MESSAGES.days };
      schedule.days_of_month = [...days].sort((a, b) => dayOrder(a) - dayOrder(b)) as [number, number];
      return schedule;
    }
    default:
      return schedule;
  }
}

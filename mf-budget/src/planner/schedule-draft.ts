/**
 * The schedule fields of the add form and the edit dialog as typed (texts and boxes), and what
 * they mean as a schedule (docs/rules/predictables.md, Frequencies). The server checks the
 * same rules; these catch the plain mistakes before a call.
 */
import { isValidDate, type CalendarDate } from '@hf/calendar';
import {
  FREQUENCY_INTERVALS,
  LAST_DAY_OF_MONTH,
  type PredictableFrequency,
  type WeekendRule,
} from '@hf/contracts/budget-limits';
import { parseDay } from './grid';
import type { Schedule } from './schedule-text';

export interface ScheduleDraft {
  frequency: PredictableFrequency;
  /** Every how many weeks or months (`every_n_weeks`, `every_n_months`). */
  interval: string;
  /** `monthly` and `every_n_months`: the day, or the month's last day. */
  day: string;
  lastDay: boolean;
  /** `semi_monthly`: the first day, and the second (or the month's last day). */
  firstDay: string;
  secondDay: string;
  secondLastDay: boolean;
  /** `YYYY-MM-DD` or empty: the first date (`once`: the date). */
  start: string;
  /** `YYYY-MM-DD` or empty: the last date, inclusive. */
  end: string;
  weekend: WeekendRule;
}

export const NEW_SCHEDULE: ScheduleDraft = {
  frequency: 'monthly',
  interval: '',
  day: '',
  lastDay: false,
  firstDay: '',
  secondDay: '',
  secondLastDay: false,
  start: '',
  end: '',
  weekend: 'keep',
};

/** The frequencies in the order the form offers them, with their words. */
export const FREQUENCY_CHOICES: ReadonlyArray<{ value: PredictableFrequency; label: string }> = [
  { value: 'monthly', label: 'Every month' },
  { value: 'weekly', label: 'Every week' },
  { value: 'every_n_weeks', label: 'Every few weeks' },
  { value: 'semi_monthly', label: 'Twice a month' },
  { value: 'every_n_months', label: 'Every few months' },
  { value: 'yearly', label: 'Every year' },
  { value: 'once', label: 'Once' },
];

export const WEEKEND_CHOICES: ReadonlyArray<{ value: WeekendRule; label: string }> = [
  { value: 'keep', label: 'Keep the date' },
  { value: 'before', label: 'Move to the Friday before' },
  { value: 'after', label: 'Move to the Monday after' },
];

/** Which fields a frequency asks for. */
export function fieldsOf(frequency: PredictableFrequency) {
  return {
    interval: frequency === 'every_n_weeks' || frequency === 'every_n_months',
    day: frequency === 'monthly' || frequency === 'every_n_months',
    days: frequency === 'semi_monthly',
    /** The schedule is anchored on its first date (weekday, month and day, or the one date). */
    startRequired:
      frequency === 'weekly' || frequency === 'every_n_weeks' || frequency === 'yearly' || frequency === 'once',
    end: frequency !== 'once',
  };
}

/** The label of the start field: "Date" for once, "First date" where it anchors the schedule, else "Starts". */
export function startLabel(frequency: PredictableFrequency): string {
  if (frequency === 'once') return 'Date';
  return fieldsOf(frequency).startRequired ? 'First date' : 'Starts';
}

/** Switching frequency keeps what was typed and fills what the new one needs: an interval of 2, today as the first date. */
export function withFrequency(
  draft: ScheduleDraft,
  frequency: PredictableFrequency,
  today: CalendarDate,
): ScheduleDraft {
  const fields = fieldsOf(frequency);
  return {
    ...draft,
    frequency,
    interval: fields.interval && !draft.interval ? '2' : draft.interval,
    start: fields.startRequired && !draft.start ? today : draft.start,
  };
}

const dayText = (day: number) => (day === LAST_DAY_OF_MONTH ? '' : String(day));

/** The draft of an existing item's schedule (the edit dialog opens with it). */
export function draftOf(s: Schedule): ScheduleDraft {
  const [first, second] = s.days_of_month ?? [null, null];
  return {
    frequency: s.frequency,
    interval: s.interval === null ? '' : String(s.interval),
    day: dayText(s.day_of_month),
    lastDay: s.day_of_month === LAST_DAY_OF_MONTH,
    firstDay: first === null ? '' : dayText(first),
    secondDay: second === null ? '' : dayText(second),
    secondLastDay: second === LAST_DAY_OF_MONTH,
    start: s.start_date ?? '',
    end: s.end_date ?? '',
    weekend: s.weekend,
  };
}

export type DraftField = 'interval' | 'day' | 'firstDay' | 'secondDay' | 'start' | 'end';
export type ParsedSchedule = { ok: true; schedule: Schedule } | { ok: false; field: DraftField; message: string };

export const SCHEDULE_TEXT = {
  intervalWeeks: `Enter every how many weeks: ${FREQUENCY_INTERVALS.every_n_weeks.min} to ${FREQUENCY_INTERVALS.every_n_weeks.max}.`,
  intervalMonths: `Enter every how many months: ${FREQUENCY_INTERVALS.every_n_months.min} to ${FREQUENCY_INTERVALS.every_n_months.max}.`,
  sameDays: 'The two days must be different.',
  startRequired: 'Please enter the date.',
  badDate: 'Please enter a valid date.',
  endBeforeStart: 'The end date must not be before the first date.',
} as const;

function parseInterval(draft: ScheduleDraft): number | { message: string } {
  const bounds =
    draft.frequency === 'every_n_weeks' ? FREQUENCY_INTERVALS.every_n_weeks : FREQUENCY_INTERVALS.every_n_months;
  const message = draft.frequency === 'every_n_weeks' ? SCHEDULE_TEXT.intervalWeeks : SCHEDULE_TEXT.intervalMonths;
  const text = draft.interval.trim();
  const n = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  return n >= bounds.min && n <= bounds.max ? n : { message };
}

/** A day field with its "last day" box: the day, -1, or the message. */
function parseDayField(text: string, last: boolean): number | { message: string } {
  if (last) return LAST_DAY_OF_MONTH;
  const parsed = parseDay(text);
  return parsed.ok ? parsed.day : { message: parsed.message };
}

/** The two days of a twice-a-month item, ascending with the last day last. */
function orderedDays(a: number, b: number): [number, number] {
  const rank = (d: number) => (d === LAST_DAY_OF_MONTH ? 32 : d);
  return rank(a) <= rank(b) ? [a, b] : [b, a];
}

/** What the fields say, or the first field in error with its message. */
export function parseScheduleDraft(draft: ScheduleDraft): ParsedSchedule {
  const fields = fieldsOf(draft.frequency);
  const fail = (field: DraftField, message: string): ParsedSchedule => ({ ok: false, field, message });
  let interval: number | null = null;
  if (fields.interval) {
    const parsed = parseInterval(draft);
    if (typeof parsed !== 'number') return fail('interval', parsed.message);
    interval = parsed;
  }
  let dayOfMonth: number | null = null;
  if (fields.day) {
    const parsed = parseDayField(draft.day, draft.lastDay);
    if (typeof parsed !== 'number') return fail('day', parsed.message);
    dayOfMonth = parsed;
  }
  let days: [number, number] | null = null;
  if (fields.days) {
    const first = parseDayField(draft.firstDay, false);
    if (typeof first !== 'number') return fail('firstDay', first.message);
    const second = parseDayField(draft.secondDay, draft.secondLastDay);
    if (typeof second !== 'number') return fail('secondDay', second.message);
    if (first === second) return fail('secondDay', SCHEDULE_TEXT.sameDays);
    days = orderedDays(first, second);
  }
  const start = draft.start.trim();
  if (!start && fields.startRequired) return fail('start', SCHEDULE_TEXT.startRequired);
  if (start && !isValidDate(start)) return fail('start', SCHEDULE_TEXT.badDate);
  const end = fields.end ? draft.end.trim() : '';
  if (end && !isValidDate(end)) return fail('end', SCHEDULE_TEXT.badDate);
  if (end && start && end < start) return fail('end', SCHEDULE_TEXT.endBeforeStart);
  return {
    ok: true,
    schedule: {
      frequency: draft.frequency,
      interval,
      // Frequencies without a day of their own take the first date's (as the server answers it).
      day_of_month: dayOfMonth ?? (start ? Number(start.slice(8, 10)) : 1),
      days_of_month: days,
      start_date: start || null,
      end_date: end || null,
      weekend: draft.weekend,
    },
  };
}

export type ScheduleBody = Partial<Omit<Schedule, 'day_of_month'>> & { day_of_month?: number };

/**
 * The schedule as a create body sends it: a plain monthly item sends its day only, as before
 * frequencies; the others their frequency and its fields.
 */
export function createScheduleBody(s: Schedule): ScheduleBody {
  const body: ScheduleBody = {};
  if (s.frequency !== 'monthly') body.frequency = s.frequency;
  if (fieldsOf(s.frequency).day) body.day_of_month = s.day_of_month;
  if (s.interval !== null) body.interval = s.interval;
  if (s.days_of_month !== null) body.days_of_month = s.days_of_month;
  if (s.start_date !== null) body.start_date = s.start_date;
  if (s.end_date !== null) body.end_date = s.end_date;
  if (s.weekend !== 'keep') body.weekend = s.weekend;
  return body;
}

/**
 * The schedule as an edit sends it: nothing when it is the item's own, else the whole schedule
 * (the server takes a frequency with all its fields; null clears an optional one).
 */
export function updateScheduleBody(s: Schedule, current: Schedule): ScheduleBody | null {
  const same =
    s.frequency === current.frequency &&
    s.interval === current.interval &&
    (!fieldsOf(s.frequency).day || s.day_of_month === current.day_of_month) &&
    JSON.stringify(s.days_of_month) === JSON.stringify(current.days_of_month) &&
    s.start_date === current.start_date &&
    s.end_date === current.end_date &&
    s.weekend === current.weekend;
  if (same) return null;
  return {
    frequency: s.frequency,
    ...(fieldsOf(s.frequency).day ? { day_of_month: s.day_of_month } : {}),
    interval: s.interval,
    days_of_month: s.days_of_month,
    start_date: s.start_date,
    end_date: s.end_date,
    weekend: s.weekend,
  };
}

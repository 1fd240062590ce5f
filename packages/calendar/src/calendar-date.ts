/**
 * Calendar values are strings: `YYYY-MM-DD` dates and `YYYY-MM` months. They are compared
 * as strings and stepped with pure arithmetic, never through `new Date(string)` in local time.
 */
export type CalendarDate = string;
export type MonthKey = string;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1];
}

export function formatDate(year: number, month: number, day: number): CalendarDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** True for a real calendar date `YYYY-MM-DD` (`2025-02-30` is false). */
export function isValidDate(value: unknown): value is CalendarDate {
  // DATE_RE's shape read character by character: no match array, no numbers parsed from text
  // (an import checks every row's date on each side of the ledger call).
  if (typeof value !== 'string' || value.length !== 10 || value.charCodeAt(4) !== DASH || value.charCodeAt(7) !== DASH)
    return false;
  const y = digitsAt(value, 0, 4);
  const mo = digitsAt(value, 5, 7);
  const d = digitsAt(value, 8, 10);
  return y >= 1900 && y <= 2200 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

const DASH = 0x2d;

/** The number the ASCII digits `text[from..to)` write, or -1 when one is not a digit 0-9. */
function digitsAt(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - 0x30;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n;
}

export function splitDate(date: CalendarDate): { year: number; month: number; day: number } {
  const m = DATE_RE.exec(date);
  if (!m) throw new Error(`Not a calendar date: ${date}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

/** Days since 1970-01-01 for a calendar date (proleptic Gregorian, no time zone). */
export function toDayNumber(date: CalendarDate): number {
  const { year, month, day } = splitDate(date);
  return Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
}

export function fromDayNumber(dayNumber: number): CalendarDate {
  const d = new Date(dayNumber * 86_400_000);
  return formatDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** The day of the week: 0 Sunday .. 6 Saturday (day number 0, 1970-01-01, was a Thursday). */
export function dayOfWeek(date: CalendarDate): number {
  return (((toDayNumber(date) + 4) % 7) + 7) % 7;
}

export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** Adds months, clamping the day to the target month's length (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const { day } = splitDate(date);
  const index = monthIndexOf(date) + months;
  const y = Math.floor(index / 12);
  const mo = (index % 12) + 1;
  return formatDate(y, mo, Math.min(day, daysInMonth(y, mo)));
}

/** A date's month counted from year 0 (`year * 12 + month - 1`): monthKeyOfIndex's inverse. */
export function monthIndexOf(date: CalendarDate): number {
  const { year, month } = splitDate(date);
  return year * 12 + month - 1;
}

/** `YYYY-MM` of a month counted from year 0 (`year * 12 + month - 1`, as SQL's extract gives it). */
export function monthKeyOfIndex(index: number): MonthKey {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A month key `YYYY-MM` plus `n` months. */
export function addMonthKeys(month: MonthKey, n: number): MonthKey {
  const [y, m] = month.split('-').map(Number);
  return monthKeyOfIndex(y * 12 + (m - 1) + n);
}

/** `YYYY-MM` of a date. */
export function monthOf(date: CalendarDate): MonthKey {
  return date.slice(0, 7);
}

/** First day `YYYY-MM-01` of a date's month. */
export function firstOfMonth(date: CalendarDate): CalendarDate {
  return `${date.slice(0, 7)}-01`;
}

export function lastOfMonth(date: CalendarDate): CalendarDate {
  const { year, month } = splitDate(date);
  return formatDate(year, month, daysInMonth(year, month));
}

export function isValidMonth(value: unknown): value is MonthKey {
  return typeof value === 'string' && /^\d{4}-\d{2}$/.test(value) && isValidDate(`${value}-01`);
}

/** The date of a day-of-month (1..31, or -1 for the last day) in a month, clamped to the month's length. */
export function occurrenceDate(month: MonthKey, dayOfMonth: number): CalendarDate {
  const [y, m] = month.split('-').map(Number);
  const last = daysInMonth(y, m);
  return formatDate(y, m, dayOfMonth === -1 ? last : Math.min(dayOfMonth, last));
}

/** The local calendar date of an instant (defaults to now) in the process's time zone. */
export function localToday(now: Date = new Date()): CalendarDate {
  return formatDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

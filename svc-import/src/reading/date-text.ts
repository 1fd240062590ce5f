/**
 * Dates as banks write them, to calendar strings `YYYY-MM-DD`, never through `Date` (which rolls
 * `2/30` over into March). Year first: `2024-01-15`, `2024/01/15`, `2024.01.15`, `20240115`.
 * Day and month in the file's order (MDY or DMY): `1/15/24`, `01/15/2024`, `15.01.2024`,
 * `15-01-2024`, `1/15` (the year of today). Month names: `15 Jan 2024`, `15-Jan-24`,
 * `Jan 15, 2024`. A time after the date (`2024-01-15 10:22:33`, `...T10:22:33Z`) is ignored.
 * Two-digit years: 00-69 are 20xx, 70-99 are 19xx.
 */
import { formatDate, isValidDate } from '@hf/calendar';

export type DayMonthOrder = 'MDY' | 'DMY';

/**
 * A date's parts as written; `ordered`: the first two numbers need the file's order (`dotted`:
 * written with dots, the day-first habit of the countries that write them so).
 */
export type DateParts =
  | { kind: 'fixed'; year: number; month: number; day: number }
  | { kind: 'ordered'; first: number; second: number; year: number; dotted: boolean }
  | { kind: 'invalid' };

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  // German, Dutch, French, Spanish and Italian abbreviations that differ from English.
  mär: 3,
  mrz: 3,
  mai: 5,
  okt: 10,
  dez: 12,
  mrt: 3,
  mei: 5,
  janv: 1,
  févr: 2,
  fevr: 2,
  mars: 3,
  avr: 4,
  juin: 6,
  juil: 7,
  août: 8,
  aout: 8,
  déc: 12,
  ene: 1,
  abr: 4,
  ago: 8,
  dic: 12,
  gen: 1,
  mag: 5,
  giu: 6,
  lug: 7,
  set: 9,
  ott: 10,
};

/** 00-69 -> 2000-2069, 70-99 -> 1970-1999. */
export function fullYear(year: string): number {
  const n = Number(year);
  if (year.length > 2) return n;
  return n < 70 ? 2000 + n : 1900 + n;
}

function monthNumber(name: string): number | null {
  const key = name.toLowerCase().replace(/\.$/, '');
  return MONTHS[key] ?? MONTHS[key.slice(0, 3)] ?? null;
}

const TIME_OF_DAY = /(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?\s*(?:[AaPp][Mm])?\s*(?:Z|[+-]\d{2}:?\d{2})?)$/;
const ORDERED = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{2}|\d{4})$/;

/** The parts of a date text; `today` gives the year of a date written without one. */
export function dateParts(text: string, today: string): DateParts {
  let s = text.trim();
  if (s.includes(':')) s = s.replace(TIME_OF_DAY, '').trim();
  let m = ORDERED.exec(s);
  if (m)
    return { kind: 'ordered', first: Number(m[1]), second: Number(m[3]), year: fullYear(m[4]), dotted: m[2] === '.' };
  m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  if (m) return { kind: 'fixed', year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) return { kind: 'fixed', year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  m = /^(\d{1,2})([/.])(\d{1,2})\.?$/.exec(s);
  if (m && (m[2] === '/' || s.endsWith('.')))
    return {
      kind: 'ordered',
      first: Number(m[1]),
      second: Number(m[3]),
      year: Number(today.slice(0, 4)),
      dotted: m[2] === '.',
    };
  // 15 Jan 2024, 15-Jan-24, 15. Januar 2024
  m = /^(\d{1,2})\.?[\s-]+([\p{L}]{3,9}\.?)[\s-]+(\d{2}|\d{4})$/u.exec(s);
  if (m) {
    const month = monthNumber(m[2]);
    return month ? { kind: 'fixed', year: fullYear(m[3]), month, day: Number(m[1]) } : { kind: 'invalid' };
  }
  // Jan 15, 2024
  m = /^([\p{L}]{3,9}\.?)\s+(\d{1,2}),?\s+(\d{4})$/u.exec(s);
  if (m) {
    const month = monthNumber(m[1]);
    return month ? { kind: 'fixed', year: Number(m[3]), month, day: Number(m[2]) } : { kind: 'invalid' };
  }
  return { kind: 'invalid' };
}

/** The calendar date of parts under an order, or null when no such day exists. */
export function calendarDate(parts: DateParts, order: DayMonthOrder | 'YMD'): string | null {
  if (parts.kind === 'invalid') return null;
  let year: number;
  let month: number;
  let day: number;
  if (parts.kind === 'fixed') ({ year, month, day } = parts);
  else if (order === 'YMD') return null;
  else {
    year = parts.year;
    [month, day] = order === 'MDY' ? [parts.first, parts.second] : [parts.second, parts.first];
  }
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const date = formatDate(year, month, day);
  return isValidDate(date) ? date : null;
}

/**
 * Year-first text whose first number is two digits (`24/01/15`) is read only when the mapping
 * says YMD: then the numbers are year, month, day.
 */
export function yearFirstDate(text: string): string | null {
  const m = /^(\d{2})([-/.])(\d{1,2})\2(\d{1,2})$/.exec(text.trim());
  if (!m) return null;
  const date = formatDate(fullYear(m[1]), Number(m[3]), Number(m[4]));
  return Number(m[3]) >= 1 && Number(m[3]) <= 12 && Number(m[4]) >= 1 && isValidDate(date) ? date : null;
}

import { addDays, addMonths, formatDate, isValidDate, splitDate, type CalendarDate } from './calendar-date';

/**
 * Parses what a person types in a date field: `M/d/yy`, `M/d/yyyy`, `M/d`, ISO `yyyy-MM-dd`,
 * and the US locale short date with `-` or `.` separators (month first). A date without a year goes in the current year, or the next
 * year if it would be more than 6 months in the past. Impossible dates (`2/30/2025`, `13/1`) are null.
 */
export function parseEntryDate(input: string, today: CalendarDate): CalendarDate | null {
  const text = input.trim();
  if (isValidDate(text)) return text;
  const m = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2}|\d{4}))?$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  const { year: thisYear } = splitDate(today);
  if (m[3] !== undefined) {
    let year = Number(m[3]);
    if (m[3].length === 2) year += 2000;
    const date = formatDate(year, month, day);
    return isValidDate(date) ? date : null;
  }
  const candidate = formatDate(thisYear, month, day);
  if (!isValidDate(candidate)) return null;
  const sixMonthsAgo = addMonths(today, -6);
  if (candidate < sixMonthsAgo) {
    const next = formatDate(thisYear + 1, month, day);
    return isValidDate(next) ? next : null;
  }
  return candidate;
}

/**
 * The date keys of the entry line: `+`/`=` one day forward, `-` one day back, `t` today,
 * PageUp one month forward, PageDown one month back. Returns null for any other key.
 */
export function applyDateKey(key: string, current: CalendarDate | null, today: CalendarDate): CalendarDate | null {
  const base = current && isValidDate(current) ? current : today;
  switch (key) {
    case '+':
    case '=':
      return addDays(base, 1);
    case '-':
      return addDays(base, -1);
    case 't':
    case 'T':
      return today;
    case 'PageUp':
      return addMonths(base, 1);
    case 'PageDown':
      return addMonths(base, -1);
    default:
      return null;
  }
}

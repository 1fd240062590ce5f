/** How the register writes calendar dates for people: M/D/YYYY (US short date, spec section 5). */
import type { CalendarDate } from '@hf/calendar';

export function displayDate(date: CalendarDate): string {
  const [y, m, d] = date.split('-');
  return `${Number(m)}/${Number(d)}/${y}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2025-03" or "2025-03-14" -> "March 2025". */
export function monthLabel(dateOrMonth: string): string {
  return `${MONTHS[Number(dateOrMonth.slice(5, 7)) - 1]} ${dateOrMonth.slice(0, 4)}`;
}

/** Month names of the register's separators (dates themselves: app-kit's displayDate, M/D/YYYY). */
const MONTHS = [
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

/** "2025-03" or "2025-03-14" -> "March 2025". */
export function monthLabel(dateOrMonth: string): string {
  return `${MONTHS[Number(dateOrMonth.slice(5, 7)) - 1]} ${dateOrMonth.slice(0, 4)}`;
}

import { centsToDecimalText, dollarsToCents } from '@hf/money';

/** A CSV cell: text a person typed (escaped against formulas) or an amount we computed (decimal dollars). */
export type CsvCell = string | number | null;

/** Leading characters that make a spreadsheet read a text cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell of RFC 4180 CSV. Text starting with `=`, `+`, `-`, `@`, a tab or a CR gets a leading
 * apostrophe so spreadsheets show it as text; text with a comma, quote or line break is quoted
 * with inner quotes doubled. Numbers are amounts in dollars, written with two decimals from
 * whole cents (`7.50`, `-0.05`): ours, never a formula, and summed by a spreadsheet to the cent.
 */
export function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return centsToDecimalText(dollarsToCents(cell));
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV document (CRLF line ends, as RFC 4180 says). */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * `Content-Disposition` of a download named from fixed ASCII parts only (report kind and
 * validated dates): nothing a user typed ends up in the header.
 */
export function attachmentHeader(parts: readonly string[]): string {
  const name = parts.join('_').replace(/[^A-Za-z0-9_.-]/g, '-');
  return `attachment; filename="${name}.csv"`;
}

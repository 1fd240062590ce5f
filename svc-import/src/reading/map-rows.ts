/**
 * A table's rows under a mapping: dates, payees and amounts in cents, or the reason a row is
 * skipped. The rows are consumed once as the file streams. Whether days or months come first and
 * whether the file writes decimal commas are questions about the whole file (docs/rules/import.md,
 * Reading), so a row is read under each possible answer and settled when the file ends:
 * - date order `auto`: the order under which every date is real (else the one with fewer
 *   impossible dates); on a tie DMY when most dates are written with dots (`02.03.2018`), else
 *   MDY; an impossible date skips its row, naming it. When some date reads as two real days and
 *   nothing in the file settles the order, the answer says so (`dateOrderAmbiguous`);
 * - decimal separator `auto`: ',' only when the file's telling amounts say so (`12,34`,
 *   `1.234,56`), else '.'; `ambiguous` when only `1,234`-like amounts were seen (read with '.').
 * With `keepRows: false` (analysis) only the rows that may still be skipped are held, compactly
 * (held-rows.ts), so memory stays low for a large file.
 */
import { IMPORT_LIMITS, POSITIONAL_COLUMN, type MappingConfig, type SkippedRow } from '@hf/contracts';
import { isValidDate } from '@hf/calendar';
import type { DecimalSeparator } from '@hf/money';
import { StatementError, type MappedRow, type StatementTable } from '../domain/statement';
import { SeparatorVotes, amountInCents, amountProblemText, centsOrNaN } from './amount-text';
import { calendarDate, dateParts, yearFirstDate, type DayMonthOrder } from './date-text';
import { CAMT_BANK_ID } from './camt-records';
import { HeldRows } from './held-rows';

export interface MapRowsOptions {
  /** Today's calendar date: the year of a date written without one. */
  today: string;
  /** False: keep no mapped rows (analysis: preview, skipped rows and counts only). Default true. */
  keepRows?: boolean;
}

export interface MappedResult {
  rows: MappedRow[];
  skipped: SkippedRow[];
  /** Data rows read (mapped plus skipped). */
  totalRows: number;
  /** The first IMPORT_LIMITS.previewRows rows' cells as read. */
  preview: string[][];
  decimalSeparator: '.' | ',' | 'ambiguous';
  dateOrder: 'MDY' | 'DMY' | 'YMD';
  /** A date text of the file that reads as two real days when its order was not settled by the file, else null. */
  dateOrderAmbiguous: string | null;
}

const DEBIT_MARKS = new Set(['dr', 'd', 'debit', 'debet', 'db', 'af', 's', 'soll', '-']);
const CREDIT_MARKS = new Set(['cr', 'c', 'credit', 'bij', 'h', 'haben', '+']);

/** Column of a mapping reference: a header's text first, then `#n` by position; -1 when unmapped. */
export function columnIndex(headers: string[], ref: string | null | undefined): number {
  if (ref === null || ref === undefined || ref.trim() === '') return -1;
  const exact = headers.indexOf(ref);
  if (exact !== -1) return exact;
  const trimmed = headers.findIndex((h) => h.trim().toLowerCase() === ref.trim().toLowerCase());
  if (trimmed !== -1) return trimmed;
  const positional = POSITIONAL_COLUMN.exec(ref.trim());
  if (positional) return Number(positional[1]) - 1;
  throw new StatementError(`The column "${ref.slice(0, 100)}" is not in the file.`);
}

/** Trimmed, NFC, runs of white space as one space. */
export function cleanText(text: string | undefined): string {
  if (!text) return '';
  if (PRINTABLE_ASCII.test(text)) return DOUBLE_SPACE.test(text) ? text.replace(/ +/g, ' ').trim() : text.trim();
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const NO_DATES: (string | null)[] = [];
const DOUBLE_SPACE = / {2}/;

/** One row's readings under every answer still open; `reason` when it is skipped whatever the answers. */
interface Entry {
  rowNumber: number;
  /** Held when the row is, or may be, skipped. */
  cells: string[] | null;
  reason: string | null;
  /** By order index: the date, or null when it is impossible under that order. */
  dates: (string | null)[];
  /** Cents under the first and the second separator; NaN when refused (the reason is read again from the cells). */
  cents0: number;
  cents1: number;
  payee: string;
  category: string;
  notes: string;
  fitid: string | null;
}

// Long: one pass over the file's rows with the state it keeps; per-cell rules are in date-text and amount-text.
export async function mapRows(
  table: StatementTable,
  mapping: MappingConfig,
  options: MapRowsOptions,
): Promise<MappedResult> {
  if (!isValidDate(options.today)) throw new Error(`today must be a calendar date, got ${options.today}`);
  const keepRows = options.keepRows !== false;
  const { headers } = table;
  const col = {
    date: columnIndex(headers, mapping.date),
    payee: columnIndex(headers, mapping.payee),
    amount: mapping.amount_type === 'single' ? columnIndex(headers, mapping.amount) : -1,
    debit: mapping.amount_type === 'double' ? columnIndex(headers, mapping.debit) : -1,
    credit: mapping.amount_type === 'double' ? columnIndex(headers, mapping.credit) : -1,
    category: columnIndex(headers, mapping.category),
    notes: columnIndex(headers, mapping.notes),
    fallback: columnIndex(headers, mapping.payee_fallback),
    indicator: columnIndex(headers, mapping.indicator),
    // The bank's id of a row: OFX's FITID, CAMT's AcctSvcrRef (a CSV column named FITID too).
    fitid: headers.indexOf(table.fileType === 'camt' ? CAMT_BANK_ID : 'FITID'),
  };
  const fixedOrder = mapping.date_order && mapping.date_order !== 'auto' ? mapping.date_order : null;
  const orders: (DayMonthOrder | 'YMD')[] = fixedOrder ? [fixedOrder] : ['MDY', 'DMY'];
  const fixedSeparator =
    mapping.decimal_separator && mapping.decimal_separator !== 'auto' ? mapping.decimal_separator : null;
  const separators: DecimalSeparator[] = fixedSeparator ? [fixedSeparator] : ['.', ','];
  const flip = mapping.flip_sign === true;
  const cell = (cells: string[], index: number) => (index >= 0 ? (cells[index] ?? '') : '');

  const readDate = (text: string, order: DayMonthOrder | 'YMD', parts: ReturnType<typeof dateParts>): string | null =>
    calendarDate(parts, order) ?? (order === 'YMD' ? yearFirstDate(text) : null);

  /** An amount's cents; refused: with `explain` the problem, else NaN (the cheaper reading). */
  const read = (text: string, separator: DecimalSeparator, explain: boolean) =>
    explain ? amountInCents(text, separator) : centsOrNaN(text, separator);

  /** Cents of a row under a separator; refused: NaN, or with `explain` the reason. */
  const rowAmount = (cells: string[], separator: DecimalSeparator, explain: boolean): number | string => {
    let cents: number;
    if (mapping.amount_type === 'double') {
      const debitText = cell(cells, col.debit);
      const creditText = cell(cells, col.credit);
      const noDebit = debitText.trim() === '';
      const noCredit = creditText.trim() === '';
      if (noDebit && noCredit) return explain ? 'Missing amount' : NaN;
      const debit = noDebit ? 0 : read(debitText, separator, explain);
      if (typeof debit !== 'number') return amountProblemText(debit, debitText);
      if (Number.isNaN(debit)) return NaN;
      const credit = noCredit ? 0 : read(creditText, separator, explain);
      if (typeof credit !== 'number') return amountProblemText(credit, creditText);
      if (Number.isNaN(credit)) return NaN;
      // Debits are money out whether the bank writes them `12.00` or `-12.00`.
      cents = Math.abs(credit) - Math.abs(debit);
    } else {
      const text = cell(cells, col.amount);
      const amount = read(text, separator, explain);
      if (typeof amount !== 'number') return amountProblemText(amount, text);
      if (Number.isNaN(amount)) return NaN;
      cents = amount;
    }
    // A CR/DR mark decides the sign whatever was written, and flip sign does not turn it back;
    // a row without a mark keeps its number's sign, flipped when asked (docs/rules/import.md).
    const mark = col.indicator >= 0 ? cell(cells, col.indicator).trim().toLowerCase() : '';
    if (mark === '') {
      if (flip) cents = -cents;
    } else if (DEBIT_MARKS.has(mark)) cents = -Math.abs(cents);
    else if (CREDIT_MARKS.has(mark)) cents = Math.abs(cents);
    else return explain ? `Unknown debit/credit mark "${mark.slice(0, 20)}"` : NaN;
    return cents === 0 ? 0 : cents;
  };

  const dateMemo = new Map<
    string,
    {
      kind: ReturnType<typeof dateParts>['kind'];
      dates: Entry['dates'];
      allReal: boolean;
      dotted: boolean;
      /** Two real days, one under each order. */
      twoDays: boolean;
    }
  >();
  let dottedDates = 0;
  let twoDaysText: string | null = null;
  // The import's rows (keepRows), or the analysis's rows that may be skipped.
  const entries: Entry[] = [];
  const held = new HeldRows(table.fileType === 'csv' ? table.delimiter : null);
  const preview: string[][] = [];
  const votes = new SeparatorVotes();
  const impossible = orders.map(() => 0);
  let orderedDates = 0;
  let fixedDates = 0;
  let totalRows = 0;

  const previewRows = IMPORT_LIMITS.previewRows;
  const double = mapping.amount_type === 'double';
  for await (const row of table.rows) {
    totalRows++;
    const { cells, rowNumber } = row;
    if (preview.length < previewRows) preview.push(cells);
    const dateText = cell(cells, col.date);
    // The payee's text is cleaned only for a row that is kept (blank stays blank when cleaned).
    let payeeText = cell(cells, col.payee);
    if (payeeText.trim() === '') payeeText = cell(cells, col.fallback);
    // A row the reader could not read as written (a quote never closed) is skipped, its cells shown.
    let reason: string | null = row.skipReason ?? null;
    if (reason === null && dateText.trim() === '') reason = 'Missing date';
    else if (reason === null && payeeText.trim() === '') reason = 'Missing payee';

    let dates: Entry['dates'] = NO_DATES;
    let cents0 = NaN;
    let cents1 = NaN;
    let sure = false;
    if (reason === null) {
      // A statement repeats few distinct date texts: each is read once.
      let known = dateMemo.get(dateText);
      if (!known) {
        const parts = dateParts(dateText, options.today);
        const read = orders.map((order) => readDate(dateText, order, parts));
        const allReal = read.every((d) => d !== null);
        known = {
          kind: parts.kind,
          dates: read,
          allReal,
          dotted: parts.kind === 'ordered' && parts.dotted,
          twoDays: read.length === 2 && allReal && read[0] !== read[1],
        };
        if (dateMemo.size < 20_000) dateMemo.set(dateText, known);
      }
      if (known.kind === 'ordered') {
        orderedDates++;
        if (known.dotted) dottedDates++;
        if (known.twoDays && twoDaysText === null) twoDaysText = dateText.trim().slice(0, 40);
      } else if (known.kind === 'fixed') fixedDates++;
      dates = known.dates;
      for (let i = 0; i < dates.length; i++) if (dates[i] === null) impossible[i]++;
      if (double) {
        votes.add(cell(cells, col.debit));
        votes.add(cell(cells, col.credit));
      } else votes.add(cell(cells, col.amount));
      cents0 = rowAmount(cells, separators[0], false) as number;
      cents1 = separators.length > 1 ? (rowAmount(cells, separators[1], false) as number) : cents0;
      sure = known.allReal && !Number.isNaN(cents0) && !Number.isNaN(cents1);
    }
    if (!keepRows) {
      // Analysis: only whether the row is skipped, and why.
      if (!sure) held.add(reason, dates, cents0, cents1, row);
      continue;
    }
    entries.push({
      rowNumber,
      cells: sure ? null : cells,
      reason,
      dates,
      cents0,
      cents1,
      payee: cleanText(payeeText),
      category: cleanText(cell(cells, col.category)),
      notes: cleanText(cell(cells, col.notes)),
      fitid: col.fitid >= 0 ? cleanText(cell(cells, col.fitid)) || null : null,
    });
  }

  // Settle the file's answers.
  let orderIndex = 0;
  if (!fixedOrder && impossible[1] < impossible[0]) orderIndex = 1;
  // A tie (often: every date real both ways): dotted dates are day first (docs/rules/import.md).
  const tie = !fixedOrder && impossible[1] === impossible[0];
  if (tie && dottedDates * 2 > orderedDates) orderIndex = 1;
  const dateOrder: MappedResult['dateOrder'] =
    fixedOrder ?? (orderedDates === 0 && fixedDates > 0 ? 'YMD' : (orders[orderIndex] as DayMonthOrder));
  const decimalSeparator: MappedResult['decimalSeparator'] = fixedSeparator ?? votes.decide();
  const separatorIndex = fixedSeparator ? 0 : decimalSeparator === ',' ? 1 : 0;

  const rows: MappedRow[] = [];
  const skipped: SkippedRow[] = [];
  const invalidDate = (cells: string[]) => `Invalid date "${cell(cells, col.date).trim().slice(0, 40)}"`;
  const amountReason = (cells: string[]) => rowAmount(cells, separators[separatorIndex], true) as string;
  for (let k = 0; k < held.length; k++) {
    let reason = held.reason(k);
    if (reason === null && held.dateFails(k, orderIndex)) reason = invalidDate(held.cells(k));
    if (reason === null && held.amountFails(k, separatorIndex)) reason = amountReason(held.cells(k));
    if (reason !== null) skipped.push({ row_number: held.rowNumber(k), reason, data: held.cells(k) });
  }
  for (const entry of entries) {
    const date = entry.reason === null ? entry.dates[orderIndex] : null;
    const cents = separatorIndex === 0 ? entry.cents0 : entry.cents1;
    let reason = entry.reason;
    if (reason === null && date === null) reason = invalidDate(entry.cells ?? []);
    if (reason === null && Number.isNaN(cents)) reason = amountReason(entry.cells ?? []);
    if (reason !== null) {
      skipped.push({ row_number: entry.rowNumber, reason, data: entry.cells ?? [] });
      continue;
    }
    rows.push({
      rowNumber: entry.rowNumber,
      date: date as string,
      payee: entry.payee,
      amountCents: cents,
      category: entry.category,
      notes: entry.notes,
      fitid: entry.fitid,
    });
  }
  const dateOrderAmbiguous = tie && impossible[0] === 0 ? twoDaysText : null;
  return { rows, skipped, totalRows, preview, decimalSeparator, dateOrder, dateOrderAmbiguous };
}

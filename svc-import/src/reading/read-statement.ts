/**
 * An upload to a table of text cells, streaming: bytes counted against the size limit, binary
 * files refused, the character set and the file type sniffed from the first 64 KB, then records
 * read one by one (CSV records, OFX blocks, QIF lines or CAMT entries) and counted against the row, column and
 * cell limits. Nothing here touches HTTP or the database.
 */
import { isAscii } from 'node:buffer';
import type { Readable } from 'node:stream';
import { IMPORT_LIMITS } from '@hf/contracts';
import { StatementError, type FileType, type StatementTable, type TableRow } from '../domain/statement';
import { StreamDecoder, detectCharacterSet } from './character-set';
import { csvRecords, detectDelimiter, type FileRecord } from './csv-records';
import { readAmount } from './amount-text';
import { dateParts } from './date-text';
import { detectFileType } from './file-type';
import { OFX_HEADERS, ofxRecords } from './ofx-records';
import { QIF_HEADERS, qifRecords } from './qif-records';
import { CAMT_HEADERS, camtRecords } from './camt-records';
import { tableHeaders, positionalHeaders } from './table-headers';
import { findTableStart } from './table-start';
import {
  EMPTY_MESSAGE,
  NOT_TEXT_MESSAGE,
  hasBinaryMagic,
  limitedBytes,
  looksLikeText,
  splitHead,
  withoutNulBytes,
} from './upload-bytes';

export interface ReadStatementOptions {
  /** The upload's file name: a hint for the type only, never a path. */
  filename: string;
  /** A person's choice of character set (one of IMPORT_ENCODINGS); a byte-order mark still wins. */
  encoding?: string;
  /**
   * False: the first record is data and columns are `#1`, `#2`, ... (CSV only). Unset: a first
   * record holding a date and an amount with decimals is data, anything else is the header row.
   */
  hasHeader?: boolean;
  /**
   * CSV only: the 1-based row where the table starts (its header row, or its first data row
   * without one); the rows before it are not read. Unset: the first row the rest agrees with.
   */
  headerRow?: number;
}

const count = (n: number) => n.toLocaleString('en-US');
export const TOO_MANY_ROWS_MESSAGE = `The file has more than ${count(IMPORT_LIMITS.maxRows)} rows.`;
export const HEADER_ONLY_MESSAGE = 'The file has a header row but no transactions.';
export const NO_TRANSACTIONS_MESSAGE = 'The file has no transactions.';
const TOO_MANY_COLUMNS_MESSAGE = `The file has more than ${count(IMPORT_LIMITS.maxColumns)} columns.`;

/** A record holding a date and an amount with decimals is a transaction, not a header row. */
export function looksLikeData(cells: string[]): boolean {
  const date = cells.some((c) => dateParts(c, '2000-01-01').kind !== 'invalid');
  const amount = cells.some(
    (c) => /\d[.,]\d{2}\b/.test(c) && ('cents' in readAmount(c, '.') || 'cents' in readAmount(c, ',')),
  );
  return date && amount;
}

/** A check of each record against the row, column and cell limits; the first `headerRows()` records are not data. */
function recordLimits(headerRows: () => number): (record: FileRecord) => void {
  // Read once: every record is checked, and an imported binding is a getter call each time.
  const { maxRows, maxColumns, cellLength } = IMPORT_LIMITS;
  let records = 0;
  return (record) => {
    if (++records > maxRows + headerRows()) throw new StatementError(TOO_MANY_ROWS_MESSAGE);
    if (record.cells.length > maxColumns) throw new StatementError(TOO_MANY_COLUMNS_MESSAGE);
    for (const cell of record.cells) {
      if (cell.length > cellLength)
        throw new StatementError(
          `Row ${count(record.rowNumber)} has a cell longer than ${count(cellLength)} characters.`,
        );
    }
  };
}

async function* checked(
  records: AsyncIterable<FileRecord>,
  check: (record: FileRecord) => void,
): AsyncGenerator<FileRecord> {
  for await (const record of records) {
    check(record);
    yield record;
  }
}

/** `first`, then the rest of `records`, without another async layer per row. */
function startingWith(first: TableRow[], records: AsyncIterator<FileRecord>): AsyncIterableIterator<TableRow> {
  let index = 0;
  return {
    next() {
      if (index < first.length) return Promise.resolve({ value: first[index++], done: false });
      return records.next();
    },
    return() {
      index = first.length;
      return records.return ? records.return() : Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

export async function readStatement(source: Readable, options: ReadStatementOptions): Promise<StatementTable> {
  const { head, rest, ended } = await splitHead(limitedBytes(source));
  let records: AsyncIterableIterator<FileRecord> | null = null;
  try {
    if (head.length === 0) throw new StatementError(EMPTY_MESSAGE);
    if (hasBinaryMagic(head)) throw new StatementError(NOT_TEXT_MESSAGE, 415);
    const charset = detectCharacterSet(head, options.encoding);
    const utf16 = charset.encoding.startsWith('UTF-16');
    if (!utf16 && !looksLikeText(head)) throw new StatementError(NOT_TEXT_MESSAGE, 415);
    const decoder = new StreamDecoder(charset, isAscii(head));
    const headText = decoder.decode(head);
    if (utf16 && /[\u0000-\u0008\u000e-\u001f]/.test(headText)) throw new StatementError(NOT_TEXT_MESSAGE, 415);
    if (headText.trim() === '' && ended) throw new StatementError(EMPTY_MESSAGE);

    const fileType: FileType = detectFileType(headText, options.filename);
    const text = async function* (): AsyncGenerator<string> {
      yield headText;
      for await (const chunk of utf16 ? rest : withoutNulBytes(rest)) {
        const decoded = decoder.decode(chunk);
        if (utf16 && decoded.includes('\u0000')) throw new StatementError(NOT_TEXT_MESSAGE, 415);
        if (decoded) yield decoded;
      }
      const tail = decoder.end();
      if (tail) yield tail;
    };
    const delimiter = fileType === 'csv' ? detectDelimiter(headText, ended) : null;
    // The limit counts data rows: a CSV's first record may be its header row (known once it is read,
    // long before the limit).
    let headerRows = 0;
    const check = recordLimits(() => headerRows);
    const notices: string[] = [];
    records =
      fileType === 'ofx'
        ? checked(ofxRecords(text()), check)
        : fileType === 'qif'
          ? checked(qifRecords(text(), notices), check)
          : fileType === 'camt'
            ? checked(camtRecords(text(), notices), check)
            : csvRecords(text(), delimiter ?? ',', check);

    let headers: string[];
    // A CSV's first records, read ahead to find where its table starts; other formats: the first.
    const { ahead, start } = await findTableStart(records, fileType === 'csv', options.headerRow);
    if (ahead.length === 0) throw new StatementError(fileType === 'csv' ? EMPTY_MESSAGE : NO_TRANSACTIONS_MESSAGE);
    const headerRow = ahead[start].rowNumber;
    const hasHeader = fileType !== 'csv' || (options.hasHeader ?? !looksLikeData(ahead[start].cells));
    // The rows before the table and its header row are not data (the row limit counts data rows).
    if (fileType === 'csv') headerRows = start + (hasHeader ? 1 : 0);
    let first = ahead.slice(start);
    if (fileType === 'ofx') headers = OFX_HEADERS;
    else if (fileType === 'qif') headers = QIF_HEADERS;
    else if (fileType === 'camt') headers = CAMT_HEADERS;
    else if (hasHeader) {
      headers = tableHeaders(first[0].cells);
      first = first.slice(1);
      if (first.length === 0) throw new StatementError(HEADER_ONLY_MESSAGE);
    } else headers = positionalHeaders(Math.max(...first.map((r) => r.cells.length)));
    const rows = startingWith(first, records);

    return {
      fileType,
      // Live: a file whose first 64 KB are ASCII learns its character set as its rows are read.
      get encoding() {
        return charset.encoding;
      },
      get encodingCertain() {
        return charset.certain;
      },
      delimiter,
      headers,
      hasHeader,
      headerRow: fileType === 'csv' ? headerRow : undefined,
      rows,
      notices,
    };
  } catch (error) {
    // Stop reading the upload (the source stream is destroyed with the byte reader).
    if (records) await records.return?.();
    await rest.return(undefined);
    throw error;
  }
}

/**
 * What the file readers (src/reading/) hand to the routes and the matcher: a table of text
 * cells read from an upload, and the rows the mapping makes of it. The readers never touch the
 * database or HTTP; the matcher never sees bytes.
 */
import type { MappingConfig, SkippedRow } from '@hf/contracts';

export type FileType = 'csv' | 'ofx' | 'qif' | 'camt';

/** A data row as read: its 1-based record number in the file and its cells. */
export interface TableRow {
  rowNumber: number;
  cells: string[];
  /** The row is skipped with this reason (a CSV quote never closed, a CAMT entry not booked). */
  skipReason?: string;
  /** A CSV record's text, when its cells are `recordCells(text, delimiter)` (held cheaply: held-rows.ts). */
  text?: string;
}

/** An upload read as a table. `rows` is consumed once, as the file streams in. */
export interface StatementTable {
  fileType: FileType;
  encoding: string;
  encodingCertain: boolean;
  /** CSV only. */
  delimiter: string | null;
  /** Header texts, or `#1`, `#2`, ... when the file has no header row. OFX/QIF: fixed names. */
  headers: string[];
  hasHeader: boolean;
  /** CSV: the row where the table starts (its header row, else its first data row); rows before it are not read. */
  headerRow?: number;
  rows: AsyncIterable<TableRow>;
  /**
   * What a person should know about how the rows were read (a QIF row's payee taken from its
   * memo); filled as the rows are read, complete once they all were.
   */
  notices?: string[];
}

/** One row the mapping made of the file: what a register row needs, amounts in cents. */
export interface MappedRow {
  rowNumber: number;
  date: string;
  payee: string;
  amountCents: number;
  category: string;
  notes: string;
  fitid: string | null;
}

export type { MappingConfig, SkippedRow };

/** A refusal of the file itself (too big, not text, UTF-16 undecodable...): 400/413 with this text. */
export class StatementError extends Error {
  constructor(
    message: string,
    readonly statusCode: 400 | 413 | 415 = 400,
  ) {
    super(message);
    this.name = 'StatementError';
  }
}

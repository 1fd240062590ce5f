/**
 * The rows an analysis (mapRows without keepRows) holds until the file's date order and decimal
 * separator are settled: those that may still be skipped. A German file holds most of its rows
 * (every date past the 12th is impossible month first), so each is held compactly: its number,
 * what fails under each answer (bits), its reason and its cells as one string (a CSV record's
 * own text, split again only when the row is skipped; else the cells joined). One object per row
 * instead of seven: the garbage collector copies the held rows every time it runs, and that
 * copying was a third of a 10 MB analysis.
 */
import type { TableRow } from '../domain/statement';
import { recordCells } from './csv-split';

/** Joins the cells of a held row: no cell holds U+0000 (files with NUL are refused, XML has none). */
const JOIN = '\u0000';

/** The held text is a CSV record's (bit 4 of a row's failures). */
const RECORD_TEXT = 16;

export class HeldRows {
  /** `delimiter`: the CSV's, so a record's text can be split again (null: not a CSV). */
  constructor(private readonly delimiter: string | null) {}

  private readonly numbers: number[] = [];
  private readonly fails: number[] = [];
  private readonly reasons: (string | null)[] = [];
  private readonly texts: (string | string[])[] = [];

  /**
   * A row under every answer: `dates` by date order (null: impossible), `cents0` and `cents1` by
   * separator (NaN: refused), `reason` when it is skipped whatever the answers.
   */
  add(reason: string | null, dates: readonly (string | null)[], cents0: number, cents1: number, row: TableRow): void {
    let fails = 0;
    for (let i = 0; i < dates.length; i++) if (dates[i] === null) fails |= 1 << i;
    if (Number.isNaN(cents0)) fails |= 4;
    if (Number.isNaN(cents1)) fails |= 8;
    const { rowNumber, cells, text } = row;
    if (text !== undefined && this.delimiter !== null) {
      fails |= RECORD_TEXT;
      this.texts.push(text);
    } else {
      // A row of one cell (or none) is kept as it is: joined, it could not be told from another.
      this.texts.push(cells.length > 1 ? cells.join(JOIN) : cells);
    }
    this.numbers.push(rowNumber);
    this.fails.push(fails);
    this.reasons.push(reason);
  }

  get length(): number {
    return this.numbers.length;
  }

  rowNumber(k: number): number {
    return this.numbers[k];
  }

  reason(k: number): string | null {
    return this.reasons[k];
  }

  /** The row's date is impossible under the date order of this index. */
  dateFails(k: number, orderIndex: number): boolean {
    return (this.fails[k] & (1 << orderIndex)) !== 0;
  }

  /** The row's amount is refused under the separator of this index (0 or 1). */
  amountFails(k: number, separatorIndex: number): boolean {
    return (this.fails[k] & (4 << separatorIndex)) !== 0;
  }

  cells(k: number): string[] {
    const text = this.texts[k];
    if (typeof text !== 'string') return [...text];
    return (this.fails[k] & RECORD_TEXT) !== 0 ? recordCells(text, this.delimiter as string) : text.split(JOIN);
  }
}

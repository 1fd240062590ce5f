/**
 * The rows an analysis (mapRows without keepRows) holds until the file's date order and decimal
 * separator are settled: those that may still be skipped. A German file holds most of its rows
 * (every date past the 12th is impossible month first), so each is held compactly: its number,
 * what fails under each answer (bits), its reason and its cells joined in one string. One
 * object per row instead of seven: the garbage collector copies the held rows every time it
 * runs, and that copying was a third of a 10 MB analysis.
 */

/** Joins the cells of a held row: no cell holds U+0000 (files with NUL are refused, XML has none). */
const JOIN = '\u0000';

export class HeldRows {
  private readonly numbers: number[] = [];
  private readonly fails: number[] = [];
  private readonly reasons: (string | null)[] = [];
  private readonly texts: (string | string[])[] = [];

  /**
   * A row under every answer: `dates` by date order (null: impossible), `cents0` and `cents1` by
   * separator (NaN: refused), `reason` when it is skipped whatever the answers.
   */
  add(
    rowNumber: number,
    reason: string | null,
    dates: readonly (string | null)[],
    cents0: number,
    cents1: number,
    cells: string[],
  ): void {
    let fails = 0;
    for (let i = 0; i < dates.length; i++) if (dates[i] === null) fails |= 1 << i;
    if (Number.isNaN(cents0)) fails |= 4;
    if (Number.isNaN(cents1)) fails |= 8;
    this.numbers.push(rowNumber);
    this.fails.push(fails);
    this.reasons.push(reason);
    // A row of one cell (or none) is kept as it is: joined, it could not be told from another.
    this.texts.push(cells.length > 1 ? cells.join(JOIN) : cells);
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
    return typeof text === 'string' ? text.split(JOIN) : [...text];
  }
}

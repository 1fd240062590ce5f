/**
 * CSV text to records (streaming, RFC 4180 quoting as csv-parser read it: embedded delimiters,
 * doubled quotes and line breaks inside quotes; the rules are in csv-split.ts). Records are arrays of text cells, never objects keyed by
 * header text, so a header named `__proto__` is just text. Every line ending (CR LF, LF, CR alone,
 * CR CR LF) reads as one; a quote left open never merges the rows after it into one cell
 * (docs/rules/import.md, Reading).
 */
import type { TableRow } from '../domain/statement';
import { CsvSplitter, LineBreaks, recordCells } from './csv-split';

export const DELIMITERS = [',', ';', '\t', '|'] as const;

/** A record of the file: its 1-based number among the file's records (blank lines count) and its cells. */
export type FileRecord = TableRow;

/** The first logical lines of `text` (line breaks inside quotes do not end a line). */
function firstLogicalLines(text: string, count: number, complete: boolean): string[] {
  const lines: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length && lines.length < count; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      const line = text.slice(start, i);
      if (line.trim() !== '') lines.push(line);
      if (ch === '\r' && text[i + 1] === '\n') i++;
      start = i + 1;
    }
  }
  // The last line only counts when the text ends there (a cut line would skew the counts).
  if (lines.length < count && complete && !quoted && start < text.length) {
    const line = text.slice(start);
    if (line.trim() !== '') lines.push(line);
  }
  return lines;
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let quoted = false;
  let n = 0;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === delimiter) n++;
  }
  return n;
}

/**
 * The delimiter among `,` `;` tab `|` that splits the first lines most consistently into more
 * than one column (quotes respected); on a tie the one making more columns, then that order.
 * A one-column file reads with `,`. `complete`: the text is the whole file (else its last line may be cut).
 */
export function detectDelimiter(headText: string, complete = true): string {
  const lines = firstLogicalLines(headText, 20, complete);
  let best: { delimiter: string; consistency: number; columns: number } = {
    delimiter: ',',
    consistency: 0,
    columns: 0,
  };
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => countOutsideQuotes(line, delimiter));
    const frequency = new Map<number, number>();
    for (const c of counts) frequency.set(c, (frequency.get(c) ?? 0) + 1);
    let mode = 0;
    let modeCount = 0;
    for (const [c, f] of frequency)
      if (c > 0 && (f > modeCount || (f === modeCount && c > mode))) [mode, modeCount] = [c, f];
    if (mode === 0) continue;
    const consistency = modeCount / lines.length;
    if (consistency > best.consistency || (consistency === best.consistency && mode > best.columns))
      best = { delimiter, consistency, columns: mode };
  }
  return best.delimiter;
}

export const UNCLOSED_QUOTE_REASON = 'A quote is never closed in this row (the rows after it are read on their own)';

/** A line's cells split at delimiters outside quotes, quotes taken off; an unbalanced quote is text. */
function lineCells(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) {
      cells.push(line.slice(start, i));
      start = i + 1;
    }
  }
  cells.push(line.slice(start));
  if (quoted) return line.split(delimiter);
  return cells.map((c) =>
    c.length >= 2 && c.startsWith('"') && c.endsWith('"') ? c.slice(1, -1).replace(/""/g, '"') : c,
  );
}

/**
 * A record whose quoted cell swallowed whole rows: a line inside it splits into about as many
 * cells as the widest record so far (a memo written over two lines does not). Its lines again, one
 * record each: the first is the row with the open quote, reported; the others are read as rows.
 */
function swallowedRows(cells: string[], delimiter: string, widest: number): string[][] | null {
  if (widest < 3) return null;
  const raw = cells.join(delimiter);
  const lines = raw.split('\n');
  const rowLike = lines.slice(1).some((line) => line.split(delimiter).length >= widest - 1);
  return rowLike ? lines.map((line) => lineCells(line, delimiter)) : null;
}

/**
 * Records of CSV text, streaming; blank lines are counted but not handed out. `check` sees every
 * record as it is read (limits) and refuses it by throwing; the records before it are handed out
 * first. One chunk of text is split at a time, so memory follows the chunk, not the file.
 */
export function csvRecords(
  text: AsyncIterable<string>,
  delimiter: string,
  check: (record: FileRecord) => void,
): AsyncIterableIterator<FileRecord> {
  const source = text[Symbol.asyncIterator]();
  const lineBreaks = new LineBreaks();
  let ready: FileRecord[] = [];
  let at = 0;
  let ended = false;
  let failure: unknown = null;
  let rowNumber = 0;
  let widest = 0;

  const splitter = new CsvSplitter((line, quoted) => {
    rowNumber++;
    const cells = recordCells(line, delimiter);
    let blank = true;
    for (let i = 0; i < cells.length && blank; i++) if (cells[i].trim() !== '') blank = false;
    if (blank) return;
    // Only a quoted part holds a line feed: a quote left open may have swallowed whole rows.
    const swallowed = quoted && line.indexOf('\n') !== -1 ? swallowedRows(cells, delimiter, widest) : null;
    if (swallowed) {
      const first = rowNumber;
      rowNumber += swallowed.length - 1;
      swallowed.forEach((lineCellsOf, i) => {
        if (i > 0 && lineCellsOf.every((c) => c.trim() === '')) return;
        const row: FileRecord = { rowNumber: first + i, cells: lineCellsOf };
        if (i === 0) row.skipReason = UNCLOSED_QUOTE_REASON;
        check(row);
        ready.push(row);
      });
      return;
    }
    if (cells.length > widest) widest = cells.length;
    const row: FileRecord = { rowNumber, cells, text: line };
    check(row);
    ready.push(row);
  });

  /** Splits chunks until a record is ready, the text ends or reading fails. */
  const fill = async (): Promise<void> => {
    while (at >= ready.length && !ended && failure === null) {
      ready = [];
      at = 0;
      try {
        const next = await source.next();
        if (next.done) {
          ended = true;
          splitter.write(lineBreaks.end());
          splitter.end();
        } else splitter.write(lineBreaks.text(next.value));
      } catch (error) {
        failure = error;
      }
    }
  };

  const records: AsyncIterableIterator<FileRecord> = {
    next(): Promise<IteratorResult<FileRecord>> {
      if (at < ready.length) return Promise.resolve({ value: ready[at++], done: false });
      // Records already read are handed out before a failure that came after them.
      if (failure !== null) return Promise.reject(failure);
      if (ended) return Promise.resolve({ value: undefined, done: true });
      return fill().then(() => records.next());
    },
    async return(): Promise<IteratorResult<FileRecord>> {
      if (!ended) {
        ended = true;
        ready = [];
        at = 0;
        await source.return?.(undefined);
      }
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return records;
}

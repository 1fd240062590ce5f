/**
 * CSV text to records with csv-parser (streaming, RFC 4180 quoting: embedded delimiters, doubled
 * quotes and line breaks inside quotes). Records are arrays of text cells, never objects keyed by
 * header text, so a header named `__proto__` is just text. Every line ending (CR LF, LF, CR alone,
 * CR CR LF) reads as one; a quote left open never merges the rows after it into one cell
 * (docs/rules/import.md, Reading).
 */
import { Readable } from 'node:stream';
import csvParser from 'csv-parser';
import { IMPORT_LIMITS } from '@hf/contracts';
import { StatementError, type TableRow } from '../domain/statement';
import { RecordQueue } from './record-queue';

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

const CR_BREAK = /\r\r?\n|\r/g;

/**
 * The text with CR LF, CR CR LF and CR alone as LF: csv-parser ends records at LF only (a file of
 * CRs alone would be one record, CR CR LF would leave a CR in every last cell). A chunk's trailing
 * CRs wait for the next chunk, which may start with the LF they belong to.
 */
export async function* oneLineBreak(text: AsyncIterable<string>): AsyncGenerator<string> {
  let held = '';
  for await (const chunk of text) {
    let s = held ? held + chunk : chunk;
    held = '';
    if (s.indexOf('\r') === -1) {
      if (s) yield s;
      continue;
    }
    let end = s.length;
    while (end > 0 && s.charCodeAt(end - 1) === 13) end--;
    held = s.slice(end);
    s = s.slice(0, end).replace(CR_BREAK, '\n');
    if (s) yield s;
  }
  if (held) yield held.replace(CR_BREAK, '\n');
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

/** The longest record csv-parser may hold (bytes): every column at the cell limit. */
const MAX_RECORD_BYTES = IMPORT_LIMITS.maxColumns * IMPORT_LIMITS.cellLength;

/**
 * Records of CSV text, streaming; blank lines are counted but not handed out. `check` sees every
 * record as it is parsed (limits) and refuses it by throwing.
 */
export function csvRecords(
  text: AsyncIterable<string>,
  delimiter: string,
  check: (record: FileRecord) => void,
): AsyncIterableIterator<FileRecord> {
  const parser = csvParser({
    headers: false,
    separator: delimiter,
    quote: '"',
    escape: '"',
    strict: false,
    maxRowBytes: MAX_RECORD_BYTES,
  });
  const source = Readable.from(oneLineBreak(text), { objectMode: false });
  const queue = new RecordQueue({
    pause: () => parser.pause(),
    resume: () => parser.resume(),
    destroy: () => {
      source.unpipe(parser);
      source.destroy();
      parser.destroy();
    },
  });
  let rowNumber = 0;
  let widest = 0;
  const hand = (row: FileRecord): boolean => {
    try {
      check(row);
    } catch (error) {
      queue.fail(error);
      return false;
    }
    queue.push(row);
    return true;
  };
  parser.on('data', (record: Record<string, string>) => {
    rowNumber++;
    const cells: string[] = [];
    let blank = true;
    let lineBreak = false;
    for (let i = 0; ; i++) {
      const cell = record[i];
      if (cell === undefined) break;
      cells.push(cell);
      if (blank && cell.trim() !== '') blank = false;
      if (!lineBreak && cell.indexOf('\n') !== -1) lineBreak = true;
    }
    if (blank) return;
    const swallowed = lineBreak ? swallowedRows(cells, delimiter, widest) : null;
    if (swallowed) {
      const first = rowNumber;
      rowNumber += swallowed.length - 1;
      swallowed.forEach((lineCellsOf, i) => {
        if (i > 0 && lineCellsOf.every((c) => c.trim() === '')) return;
        const row: FileRecord = { rowNumber: first + i, cells: lineCellsOf };
        if (i === 0) row.skipReason = UNCLOSED_QUOTE_REASON;
        hand(row);
      });
      return;
    }
    if (cells.length > widest) widest = cells.length;
    hand({ rowNumber, cells });
  });
  parser.on('end', () => queue.end());
  parser.on('error', (error: Error) => {
    if (!(error instanceof StatementError) && /maximum size/.test(error.message)) {
      queue.fail(
        new StatementError(
          `Row ${(rowNumber + 1).toLocaleString('en-US')} is too long (a quote never closed?). A cell can hold at most ${IMPORT_LIMITS.cellLength.toLocaleString('en-US')} characters.`,
        ),
      );
    } else queue.fail(error);
  });
  source.on('error', (error) => queue.fail(error));
  source.pipe(parser);
  return queue;
}

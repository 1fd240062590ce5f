/**
 * CSV text to records with csv-parser (streaming, RFC 4180 quoting: embedded delimiters, doubled
 * quotes and line breaks inside quotes). Records are arrays of text cells, never objects keyed by
 * header text, so a header named `__proto__` is just text.
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
  const source = Readable.from(text, { objectMode: false });
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
  parser.on('data', (record: Record<string, string>) => {
    rowNumber++;
    const cells: string[] = [];
    let blank = true;
    for (let i = 0; ; i++) {
      const cell = record[i];
      if (cell === undefined) break;
      cells.push(cell);
      if (blank && cell.trim() !== '') blank = false;
    }
    if (blank) return;
    const row = { rowNumber, cells };
    try {
      check(row);
    } catch (error) {
      queue.fail(error);
      return;
    }
    queue.push(row);
  });
  parser.on('end', () => queue.end());
  parser.on('error', (error: Error) => {
    if (!(error instanceof StatementError) && /maximum size/.test(error.message)) {
      queue.fail(
        new StatementError(
          `A row is too long (an unclosed quote?). A cell can hold at most ${IMPORT_LIMITS.cellLength.toLocaleString('en-US')} characters.`,
        ),
      );
    } else queue.fail(error);
  });
  source.on('error', (error) => queue.fail(error));
  source.pipe(parser);
  return queue;
}

/**
 * CSV text to records and cells, on the decoded text itself (no bytes encoded again, no stream
 * per record), by the rules csv-parser 3 applied to this app's files before (docs/decisions/0142):
 * - a record ends at a line feed when the quotes before it since the file's start are even in
 *   number (a doubled quote counts twice, so it never ends a quoted part);
 * - a record's cells: a quote opens a quoted part anywhere, and closes it only when the delimiter
 *   follows; inside it, a doubled quote is one quote's text and delimiters are text. A cell that
 *   starts and ends with a quote loses both, then its doubled quotes are one each. A record ending
 *   with the delimiter has an empty last cell; an empty line has no cells.
 * Line breaks must already be line feeds (`LineBreaks`).
 */
import { IMPORT_LIMITS } from '@hf/contracts';
import { StatementError } from '../domain/statement';

const QUOTE = 34;
const CARRIAGE_RETURN = 13;

/** The index of the next `char` at or after `from`, or the text's length when there is none. */
function nextOf(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from);
  return at === -1 ? text.length : at;
}

/** One cell's text between `start` and `end` of its record: its outer quotes off, doubled quotes as one. */
function cellText(line: string, start: number, end: number): string {
  if (line.charCodeAt(start) === QUOTE && line.charCodeAt(end - 1) === QUOTE) {
    start++;
    end--;
  }
  if (start >= end) return '';
  const text = line.slice(start, end);
  return text.indexOf('""') === -1 ? text : text.replace(/""/g, '"');
}

/** The cells of one record's text (without its line feed). */
export function recordCells(line: string, delimiter: string): string[] {
  if (line.indexOf('"') === -1) return line === '' ? [] : line.split(delimiter);
  const separator = delimiter.charCodeAt(0);
  const cells: string[] = [];
  const end = line.length;
  let quoted = false;
  let offset = 0;
  let quote = nextOf(line, '"', 0);
  let next = nextOf(line, delimiter, 0);
  for (;;) {
    if (quoted) {
      if (quote === end) break;
      const after = line.charCodeAt(quote + 1);
      if (after === separator) {
        // Closed: the delimiter right after it ends the cell.
        quoted = false;
        next = quote + 1;
        quote = nextOf(line, '"', next);
      } else {
        // A doubled quote inside a quoted part is text; past the record's end charCodeAt is NaN,
        // so a quote ending the record closes nothing.
        quote = nextOf(line, '"', quote + (after === QUOTE ? 2 : 1));
      }
    } else if (quote < next) {
      quoted = true;
      quote = nextOf(line, '"', quote + 1);
    } else if (next === end) break;
    else {
      cells.push(cellText(line, offset, next));
      offset = next + 1;
      next = nextOf(line, delimiter, offset);
    }
  }
  if (offset < end) cells.push(cellText(line, offset, end));
  if (line.charCodeAt(end - 1) === separator) cells.push('');
  return cells;
}

/** The longest record (UTF-8 bytes, its line feed included): every column at the cell limit. */
export const MAX_RECORD_BYTES = IMPORT_LIMITS.maxColumns * IMPORT_LIMITS.cellLength;

/** The record's UTF-8 bytes are more than `max` (counted only when its length leaves it in doubt). */
function longerThan(text: string, max: number): boolean {
  if (text.length * 3 <= max) return false;
  return text.length > max || Buffer.byteLength(text) > max;
}

/** Found a record: its text (without the line feed) and whether it holds a quote. */
export type RecordSink = (line: string, quoted: boolean) => void;

/**
 * Records of text written chunk by chunk. `tooLong(recordNumber)` is the error of a record over
 * MAX_RECORD_BYTES (a quote never closed), numbered among the records found so far.
 */
export class CsvSplitter {
  /** The text of the record not yet ended (it continues in the next chunk). */
  private pending = '';
  private pendingQuote = false;
  /** Inside a quoted part (an odd number of quotes so far). */
  private quoted = false;
  private records = 0;

  constructor(
    private readonly sink: RecordSink,
    private readonly maxRecordBytes: number = MAX_RECORD_BYTES,
  ) {}

  write(chunk: string): void {
    const text = this.pending === '' ? chunk : this.pending + chunk;
    const n = text.length;
    let i = this.pending.length;
    let start = 0;
    let hasQuote = this.pendingQuote;
    let quoted = this.quoted;
    // The next quote and line feed at or after i (n: none). indexOf finds them faster than a loop
    // over every character; each is searched again only once passed.
    let quote = nextOf(text, '"', i);
    let lineFeed = nextOf(text, '\n', i);
    for (;;) {
      if (quoted) {
        if (quote === n) break;
        quoted = false;
        i = quote + 1;
        quote = nextOf(text, '"', i);
        if (lineFeed < i) lineFeed = nextOf(text, '\n', i);
      } else if (quote < lineFeed) {
        quoted = true;
        hasQuote = true;
        i = quote + 1;
        quote = nextOf(text, '"', i);
      } else if (lineFeed === n) break;
      else {
        this.emit(text.slice(start, lineFeed), hasQuote, 1);
        start = i = lineFeed + 1;
        hasQuote = false;
        lineFeed = nextOf(text, '\n', i);
      }
    }
    this.pending = start === 0 ? text : text.slice(start);
    this.pendingQuote = hasQuote;
    this.quoted = quoted;
    if (longerThan(this.pending, this.maxRecordBytes)) throw this.tooLong();
  }

  /** The text ended: its last record when it had no line feed. */
  end(): void {
    if (this.pending !== '') this.emit(this.pending, this.pendingQuote, 0);
    this.pending = '';
  }

  private emit(line: string, hasQuote: boolean, lineFeed: number): void {
    if (longerThan(line, this.maxRecordBytes - lineFeed)) throw this.tooLong();
    this.records++;
    this.sink(line, hasQuote);
  }

  private tooLong(): StatementError {
    return new StatementError(
      `Row ${(this.records + 1).toLocaleString('en-US')} is too long (a quote never closed?). A cell can hold at most ${IMPORT_LIMITS.cellLength.toLocaleString('en-US')} characters.`,
    );
  }
}

/**
 * CR LF, CR CR LF and CR alone as LF, in text given chunk by chunk (inside quotes too): a chunk's
 * trailing CRs wait for the next chunk, which may start with the LF they belong to.
 */
export class LineBreaks {
  private held = '';

  text(chunk: string): string {
    let s = this.held === '' ? chunk : this.held + chunk;
    this.held = '';
    if (s.indexOf('\r') === -1) return s;
    let end = s.length;
    while (end > 0 && s.charCodeAt(end - 1) === CARRIAGE_RETURN) end--;
    this.held = s.slice(end);
    s = s.slice(0, end);
    return s.replace(CR_BREAK, '\n');
  }

  end(): string {
    const rest = this.held.replace(CR_BREAK, '\n');
    this.held = '';
    return rest;
  }
}
const CR_BREAK = /\r\r?\n|\r/g;

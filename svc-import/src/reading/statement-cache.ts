/**
 * The tables the analysis read, kept for a few minutes so that the reconciliation of the same
 * bytes (the person's next step, which uploads the file again) does not parse them again.
 *
 * - Keyed by household, user, the SHA-256 of the bytes, and how they were read (file name, the
 *   chosen character set and header row): a table is only ever handed back to its reader, and only
 *   for exactly the bytes it was read from.
 * - Bounded: files up to `maxFileBytes` only (a held row costs ~6 bytes of heap per file byte), at
 *   most `maxHeapBytes` in all (least recently used out first), each for `ttlMs`. A CAMT file of
 *   any allowed size is kept: its XML holds a tenth of a CSV's rows per byte (~2 bytes of heap per
 *   file byte), and parsing it is the costly part of its import (docs/decisions/0120).
 * - The reconciliation still receives the whole upload and hashes it. When a table of the same
 *   reader and reading options is held, it holds the upload's first bytes (never more than the
 *   largest such file) until it knows whether they are that file; otherwise, or when they are not,
 *   it reads them as before (`readStatement`), the held bytes first.
 */
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { IMPORT_LIMITS } from '@hf/contracts';
import type { FileType, StatementTable, TableRow } from '../domain/statement';
import { readStatement, type ReadStatementOptions } from './read-statement';
import { withRows } from './sample-rows';

export const STATEMENT_CACHE_LIMITS = {
  /** Larger files are not kept (the 10 MB analysis stays within its memory budget). */
  maxFileBytes: 4 * 1024 * 1024,
  /** CAMT files up to this size are kept (every file the import allows). */
  maxCamtFileBytes: IMPORT_LIMITS.maxFileBytes,
  /** Estimated heap of every table held. */
  maxHeapBytes: 48 * 1024 * 1024,
  ttlMs: 10 * 60 * 1000,
};
/** Heap a held table costs per byte of its file (measured: bench/README.md; CAMT: 1.5, rounded up). */
const heapPerFileByte = (fileType: FileType) => (fileType === 'camt' ? 2 : 6);
const heapOf = (e: { bytes: number; table: { fileType: FileType } }) => e.bytes * heapPerFileByte(e.table.fileType);

/** A table read whole: its rows in an array. */
export interface HeldTable extends Omit<StatementTable, 'rows'> {
  rows: TableRow[];
}

interface Entry {
  /** Household and user. */
  scope: string;
  digest: string;
  bytes: number;
  options: ReadStatementOptions;
  table: HeldTable;
  at: number;
}

/** The same table comes of the same bytes read with these options (see `sameReading`). */
function sameReading(entry: Entry, options: ReadStatementOptions): boolean {
  if (entry.options.filename !== options.filename || (entry.options.encoding ?? null) !== (options.encoding ?? null))
    return false;
  // Only a CSV file may or may not have a header row. A file read with it detected matches a
  // request for what was detected (the reader decides exactly that way).
  if (entry.table.fileType !== 'csv') return true;
  const sameStart =
    options.headerRow === undefined
      ? entry.options.headerRow === undefined
      : options.headerRow === entry.table.headerRow;
  return (
    sameStart &&
    (options.hasHeader === undefined
      ? entry.options.hasHeader === undefined
      : options.hasHeader === entry.table.hasHeader)
  );
}

export class StatementCache {
  /** Least recently used first. */
  private entries: Entry[] = [];
  /** Tables handed out again (tests, diagnostics). */
  readonly stats = { hits: 0 };

  constructor(
    readonly limits = STATEMENT_CACHE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  private live(): Entry[] {
    const oldest = this.now() - this.limits.ttlMs;
    this.entries = this.entries.filter((e) => e.at >= oldest);
    return this.entries;
  }

  /** Sizes of the files held for this reader and these reading options. */
  sizes(scope: string, options: ReadStatementOptions): number[] {
    return this.live()
      .filter((e) => e.scope === scope && sameReading(e, options))
      .map((e) => e.bytes);
  }

  /** The table of exactly these bytes, as a table to read again, or null. */
  find(scope: string, digest: string, bytes: number, options: ReadStatementOptions): StatementTable | null {
    const entry = this.live().find(
      (e) => e.scope === scope && e.digest === digest && e.bytes === bytes && sameReading(e, options),
    );
    if (!entry) return null;
    this.stats.hits++;
    entry.at = this.now();
    this.entries = [...this.entries.filter((e) => e !== entry), entry];
    return replay(entry.table);
  }

  /** The largest file of this type that is kept (the type is known once the file's head is read). */
  maxBytesOf(fileType: FileType | null): number {
    if (fileType === null) return Math.max(this.limits.maxFileBytes, this.limits.maxCamtFileBytes);
    return fileType === 'camt' ? this.limits.maxCamtFileBytes : this.limits.maxFileBytes;
  }

  store(scope: string, digest: string, bytes: number, options: ReadStatementOptions, table: HeldTable): void {
    if (bytes > this.maxBytesOf(table.fileType)) return;
    const entries = this.live().filter(
      (e) =>
        !(
          e.scope === scope &&
          e.digest === digest &&
          e.options.filename === options.filename &&
          e.options.encoding === options.encoding
        ),
    );
    entries.push({
      scope,
      digest,
      bytes,
      options: {
        filename: options.filename,
        encoding: options.encoding,
        hasHeader: options.hasHeader,
        headerRow: options.headerRow,
      },
      table,
      at: this.now(),
    });
    let heap = entries.reduce((sum, e) => sum + heapOf(e), 0);
    while (heap > this.limits.maxHeapBytes && entries.length > 0) heap -= heapOf(entries.shift()!);
    this.entries = entries;
  }

  /** How many tables are held (tests). */
  get size(): number {
    return this.live().length;
  }

  /** Estimated heap of the tables held (what `maxHeapBytes` bounds). */
  get heapBytes(): number {
    return this.live().reduce((sum, e) => sum + heapOf(e), 0);
  }
}

/** A held table's rows handed out again, one resolved promise per row. */
function replay(held: HeldTable): StatementTable {
  let index = 0;
  const rows: AsyncIterableIterator<TableRow> = {
    next: () =>
      Promise.resolve(
        index < held.rows.length ? { value: held.rows[index++], done: false } : { value: undefined, done: true },
      ),
    return: () => {
      index = held.rows.length;
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return { ...held, rows };
}

/**
 * The bytes of a stream as they pass: their SHA-256 and count once it has ended, when they were
 * no more than `limit` (past it, hashing stops: a file that big is not kept). A limit given as a
 * function is asked per chunk: it may fall (the file's type known), never rise.
 */
export function digestTap(
  source: Readable,
  limit: number | (() => number),
): { stream: Readable; bytes: () => number; result: () => { digest: string; bytes: number } | null } {
  const hash = createHash('sha256');
  let bytes = 0;
  let result: { digest: string; bytes: number } | null = null;
  // A function: the limit may fall once the file's type is known (never rise past bytes not hashed).
  const max = typeof limit === 'number' ? () => limit : limit;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes <= max()) hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      if (bytes <= max()) result = { digest: hash.digest('hex'), bytes };
      done();
    },
  });
  source.on('error', (err) => tap.destroy(err));
  source.pipe(tap);
  return { stream: tap, bytes: () => bytes, result: () => result };
}

/**
 * A table whose rows are also kept in an array while `keep()` holds (checked per row; once it
 * does not, the kept rows are let go). `rows()` is the array once every row was read, else null.
 */
export function keepRows(
  table: StatementTable,
  keep: () => boolean,
): { table: StatementTable; rows: () => TableRow[] | null } {
  let kept: TableRow[] | null = [];
  let ended = false;
  const source = table.rows[Symbol.asyncIterator]();
  const step = (next: IteratorResult<TableRow>): IteratorResult<TableRow> => {
    if (next.done) ended = true;
    else if (kept) {
      if (keep()) kept.push(next.value);
      else kept = null;
    }
    return next;
  };
  const rows: AsyncIterableIterator<TableRow> = {
    // Once the rows are not kept, the source's own promise (no extra one per row).
    next: () => (kept ? source.next().then(step) : source.next()),
    return() {
      kept = null;
      return source.return ? source.return() : Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return { table: withRows(table, rows), rows: () => (ended && kept ? kept : null) };
}

/** A table of what the table holds now (its character set is final once every row was read). */
export function heldTable(table: StatementTable, rows: TableRow[]): HeldTable {
  return {
    fileType: table.fileType,
    encoding: table.encoding,
    encodingCertain: table.encodingCertain,
    delimiter: table.delimiter,
    headers: table.headers,
    hasHeader: table.hasHeader,
    headerRow: table.headerRow,
    rows,
  };
}

/**
 * `readStatement` for a reader who may have had these bytes analysed: the held table when they
 * are the same bytes, else the bytes read as before.
 */
export async function readStatementAgain(
  cache: StatementCache,
  scope: string,
  source: Readable,
  options: ReadStatementOptions,
): Promise<StatementTable> {
  const sizes = cache.sizes(scope, options);
  if (sizes.length === 0) return readStatement(source, options);
  const limit = Math.max(...sizes);
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let bytes = 0;
  const input = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  for (;;) {
    const next = await input.next();
    if (next.done) {
      const held = cache.find(scope, hash.digest('hex'), bytes, options);
      if (held) return held;
      break;
    }
    chunks.push(next.value);
    bytes += next.value.length;
    hash.update(next.value);
    if (bytes > limit) break;
  }
  // Not a held file: read the bytes held so far, then the rest of the upload.
  const rest = async function* (): AsyncGenerator<Buffer> {
    yield* chunks.splice(0);
    for (let next = await input.next(); !next.done; next = await input.next()) yield next.value;
  };
  return readStatement(Readable.from(rest(), { objectMode: false }), options);
}

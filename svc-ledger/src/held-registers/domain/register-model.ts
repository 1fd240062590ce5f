import { fromCents } from '@hf/money';
import { heldBytes } from './byte-lru';
import { encodeCursor, type RegisterPosition } from '../../domain/cursor';

/** A row's status as stored: '' (open), 'p' (pending) or 'x' (cleared). */
export type RowStatus = '' | 'p' | 'x';

/** One register row as read from the database, in register order (date, created_at, id). */
export interface RegisterLine {
  id: number;
  /** The row's date as `YYYY-MM-DD`. */
  date: string;
  /** created_at in microseconds since the epoch (exact: below 2^53). */
  createdMicros: number;
  /** Amount in cents. */
  amount: number;
  status: RowStatus;
  /**
   * The row's JSON object without its balances and without the closing brace:
   * `{"id":1,...,"updated_at":"..."` (RegisterRow's other fields, written by PostgreSQL).
   */
  prefix: string;
}

/** What a register shows besides its rows; a change of any of these rebuilds a model whole. */
export interface RegisterHeadState {
  /** `register_version` of the account (bigint as text). */
  version: string;
  startingBalance: number;
}

const STATUS_CODE: Record<RowStatus, number> = { '': 0, p: 1, x: 2 };
const OPEN = 0x5b; // [
const COMMA = 0x2c;
const CLOSE = 0x5d; // ]
const CLOSE_BRACKET = Buffer.from([CLOSE]);
const PAGE_HEAD = Buffer.from('{"rows":[');

/** The API's decimal number for an amount in cents (`-12.5`, `3`), exact below 2^53 / 100. */
export const decimalOf = (cents: number): string => String(fromCents(cents));

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const RUNNING = ascii(',"running":');
const PENDING = ascii(',"pending":');
const CLEARED = ascii(',"cleared":');
const CLOSE_OBJECT = 0x7d; // }
/** Room the balances of one row can take (three 17-digit amounts with sign and point, the names). */
const BALANCES_MAX_BYTES = 3 * (11 + 20) + 1;

function writeAscii(buf: Buffer, at: number, bytes: Uint8Array): number {
  for (let k = 0; k < bytes.length; k++) buf[at + k] = bytes[k];
  return at + bytes.length;
}

/** Writes `decimalOf(cents)` as ASCII digits (no string made); returns the position after it. */
export function writeDecimal(buf: Buffer, at: number, cents: number): number {
  if (cents < 0) {
    buf[at++] = 0x2d; // -
    cents = -cents;
  }
  let whole = Math.floor(cents / 100);
  const fraction = cents - whole * 100;
  let digits = 1;
  for (let rest = whole; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  for (let k = at + digits - 1; k >= at; k--) {
    buf[k] = 0x30 + (whole % 10);
    whole = Math.floor(whole / 10);
  }
  at += digits;
  if (fraction !== 0) {
    buf[at++] = 0x2e; // .
    buf[at++] = 0x30 + Math.floor(fraction / 10);
    if (fraction % 10 !== 0) buf[at++] = 0x30 + (fraction % 10);
  }
  return at;
}

/** `YYYYMMDD` as a number, for ordering dates without string comparisons. */
const dayOf = (date: string): number =>
  Number(date.slice(0, 4)) * 10000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));
const dateOf = (day: number): string =>
  `${String(Math.floor(day / 10000)).padStart(4, '0')}-${String(Math.floor(day / 100) % 100).padStart(2, '0')}-${String(day % 100).padStart(2, '0')}`;

/** Orders (day, created, id) triples: negative when a sorts first. */
function compareKeys(aDay: number, aCreated: number, aId: number, bDay: number, bCreated: number, bId: number): number {
  return aDay - bDay || aCreated - bCreated || aId - bId;
}

/** The per-row arrays of a part of a register, one typed array per column. */
const COLUMNS = {
  ids: Int32Array,
  days: Int32Array,
  created: Float64Array,
  amounts: Float64Array,
  statuses: Uint8Array,
  /** Where the row's JSON starts, where its balances start and where it ends, in the register's JSON. */
  rowStart: Int32Array,
  prefixEnd: Int32Array,
  rowEnd: Int32Array,
  /** Balances after the row. */
  running: Float64Array,
  pending: Float64Array,
  cleared: Float64Array,
};
type Columns = { [K in keyof typeof COLUMNS]: InstanceType<(typeof COLUMNS)[K]> };
const COLUMN_NAMES = Object.keys(COLUMNS) as Array<keyof Columns>;

/** Bytes per row of the typed arrays (for the cache's memory budget). */
const BYTES_PER_ROW = COLUMN_NAMES.reduce((sum, k) => sum + COLUMNS[k].BYTES_PER_ELEMENT, 0);

/** New columns of `length` rows holding the first `keep` rows of `from` (when given). */
function allocColumns(length: number, from?: Columns, keep = 0): Columns {
  const columns = {} as Record<keyof Columns, Int32Array | Float64Array | Uint8Array>;
  for (const k of COLUMN_NAMES) {
    const column = new COLUMNS[k](length);
    if (from && keep > 0) column.set(from[k].subarray(0, keep));
    columns[k] = column;
  }
  return columns as Columns;
}

/** Default size a part of a register's JSON grows to before the next part starts. */
export const REGISTER_PART_BYTES = 256 * 1024;

/**
 * A run of consecutive rows of one register version: their JSON (from the comma before its first
 * row, or the opening bracket of the register, to the end of its last row) and their columns,
 * with byte offsets counted in the whole register's JSON. Immutable: a later version that keeps
 * the rows before a change keeps the parts that hold them, shared, with whatever was derived from
 * them (their compressed block and CRC, see register-gzip.ts).
 */
export interface RegisterPart {
  /** Index of its first row in the register. */
  readonly first: number;
  readonly count: number;
  /** Where `bytes` starts in the register's JSON. */
  readonly offset: number;
  readonly bytes: Buffer;
  readonly columns: Columns;
  /** Made when first asked (register-gzip.ts): raw deflate of `bytes`, full-flushed; the CRC-32 of `bytes`. */
  deflated?: Promise<Buffer>;
  deflatedBytes?: number;
  crc?: number;
}

/** Which rows a page holds: `before` - the `limit` rows just before that position; `after` - the `limit` rows just after it; neither - the last `limit` rows. */
export interface RegisterPageOptions {
  limit: number;
  before?: RegisterPosition;
  after?: RegisterPosition;
}

/** A page's JSON in pieces, in order, and its length; `parts[i]` is the part whose whole `bytes` piece i is (null: a piece of its own). */
export interface RegisterPageSlices {
  pieces: Buffer[];
  parts: Array<RegisterPart | null>;
  length: number;
}

const partBytesHeld = (p: RegisterPart) =>
  heldBytes(p.bytes) + p.columns.ids.length * BYTES_PER_ROW + (p.deflatedBytes ?? 0) + 64;

/**
 * Writes a register's JSON in parts of about `partBytes` each and keeps, for every row, where its
 * JSON starts, where its balances start and where it ends, plus its key, amount, status and
 * balances in typed arrays (no per-row objects or strings stay alive). A row never spans parts.
 */
class RegisterWriter {
  private readonly parts: RegisterPart[] = [];
  /** The part being written: its bytes from `offset`, its first row, its rows so far. */
  private buf: Buffer;
  private used = 0;
  private offset = 0;
  private first = 0;
  private rows = 0;
  private c: Columns;
  count = 0;
  private run: number;
  private pend: number;
  private clear: number;

  constructor(
    startingBalance: number,
    private readonly partBytes: number,
  ) {
    this.run = this.pend = this.clear = startingBalance;
    this.buf = Buffer.allocUnsafe(partBytes + 4096);
    this.buf[this.used++] = OPEN;
    this.c = allocColumns(Math.max(16, Math.min(4096, partBytes >> 8)));
  }

  /** Takes `count` leading parts of an earlier model as they are (the writer must be empty; same starting balance). */
  keepParts(model: RegisterModel, count: number): void {
    if (this.count !== 0 || count <= 0) return;
    const kept = model.parts.slice(0, count);
    const last = kept[kept.length - 1];
    this.parts.push(...kept);
    this.count = last.first + last.count;
    this.first = this.count;
    this.offset = last.offset + last.bytes.length;
    this.used = 0;
    const j = last.count - 1;
    this.run = last.columns.running[j];
    this.pend = last.columns.pending[j];
    this.clear = last.columns.cleared[j];
  }

  /**
   * Appends the first `rows` rows of `part` as they are, balances included, when they start the
   * part being written at the same place (after keepParts of the parts before it): one copy.
   */
  pushLeadingOf(part: RegisterPart, rows: number): void {
    if (rows <= 0 || this.rows !== 0 || this.offset !== part.offset || this.count !== part.first) return;
    const end = part.columns.rowEnd[rows - 1] - part.offset;
    this.ensure(end);
    part.bytes.copy(this.buf, 0, 0, end);
    this.used = end;
    this.c = allocColumns(Math.max(this.c.ids.length, rows), part.columns, rows);
    this.rows = rows;
    this.count += rows;
    this.run = part.columns.running[rows - 1];
    this.pend = part.columns.pending[rows - 1];
    this.clear = part.columns.cleared[rows - 1];
  }

  /** Appends a row read from the database. */
  pushLine(line: RegisterLine): void {
    this.pushRow(
      line.id,
      dayOf(line.date),
      line.createdMicros,
      line.amount,
      STATUS_CODE[line.status],
      line.prefix,
      null,
      0,
      0,
    );
  }

  /** Appends row `j` of an earlier model's part, copying its JSON (without balances) byte for byte. */
  pushFrom(part: RegisterPart, j: number): void {
    const m = part.columns;
    this.pushRow(
      m.ids[j],
      m.days[j],
      m.created[j],
      m.amounts[j],
      m.statuses[j],
      null,
      part.bytes,
      m.rowStart[j] - part.offset,
      m.prefixEnd[j] - part.offset,
    );
  }

  private pushRow(
    id: number,
    day: number,
    created: number,
    amount: number,
    status: number,
    prefix: string | null,
    from: Buffer | null,
    fromStart: number,
    fromEnd: number,
  ): void {
    const prefixBytes = prefix === null ? fromEnd - fromStart : prefix.length * 3;
    const need = 1 + prefixBytes + BALANCES_MAX_BYTES;
    if (this.rows > 0 && (this.used >= this.partBytes || this.buf.length - this.used < need)) this.closePart();
    this.ensure(need);
    if (this.rows === this.c.ids.length) this.c = allocColumns(this.rows * 2, this.c, this.rows);
    const c = this.c;
    const i = this.rows++;
    this.run += amount;
    if (status !== 0) this.pend += amount;
    if (status === 2) this.clear += amount;
    const buf = this.buf;
    let at = this.used;
    if (this.count > 0) buf[at++] = COMMA;
    this.count++;
    c.rowStart[i] = this.offset + at;
    if (prefix === null) at += from!.copy(buf, at, fromStart, fromEnd);
    else at += buf.write(prefix, at, 'utf8');
    c.prefixEnd[i] = this.offset + at;
    at = writeAscii(buf, at, RUNNING);
    at = writeDecimal(buf, at, this.run);
    at = writeAscii(buf, at, PENDING);
    at = writeDecimal(buf, at, this.pend);
    at = writeAscii(buf, at, CLEARED);
    at = writeDecimal(buf, at, this.clear);
    buf[at++] = CLOSE_OBJECT;
    this.used = at;
    c.rowEnd[i] = this.offset + at;
    c.ids[i] = id;
    c.days[i] = day;
    c.created[i] = created;
    c.amounts[i] = amount;
    c.statuses[i] = status;
    c.running[i] = this.run;
    c.pending[i] = this.pend;
    c.cleared[i] = this.clear;
  }

  /** Room for `bytes` more in the part being written (a row bigger than a part grows it). */
  private ensure(bytes: number): void {
    if (this.buf.length - this.used >= bytes) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.used + bytes));
    this.buf.copy(bigger, 0, 0, this.used);
    this.buf = bigger;
  }

  /** Ends the part being written (its bytes and columns in buffers of their own size) and starts the next. */
  private closePart(): void {
    if (this.used === 0) return;
    this.parts.push({
      first: this.first,
      count: this.rows,
      offset: this.offset,
      bytes: Buffer.from(this.buf.subarray(0, this.used)),
      columns: allocColumns(this.rows, this.c, this.rows),
    });
    this.offset += this.used;
    this.first += this.rows;
    this.used = 0;
    this.rows = 0;
  }

  finish(head: RegisterHeadState): RegisterModel {
    this.closePart();
    if (this.parts.length === 0)
      this.parts.push({ first: 0, count: 0, offset: 0, bytes: Buffer.from([OPEN]), columns: allocColumns(0) });
    return new RegisterModel(head, this.parts, this.count, this.partBytes);
  }
}

/**
 * One account's register at one version, immutable: the full register as UTF-8 JSON (the
 * spec's RegisterRow array, balances included) in parts of ~REGISTER_PART_BYTES (the closing
 * bracket is not in them) and, per row, its key, amount, status, balances and byte range in that
 * JSON. Pages are byte ranges of it; a write that changed a few rows gives the next version by
 * keeping the parts before the first changed row as they are, shared, copying every later row's
 * JSON and computing its balances again (`withChanges`), rather than PostgreSQL writing every
 * row again or the app copying all of them.
 */
export class RegisterModel {
  private joined: Buffer | null = null;

  constructor(
    readonly head: RegisterHeadState,
    /** The register's JSON without its closing bracket, in order (internal; shared by later versions). */
    readonly parts: readonly RegisterPart[],
    readonly count: number,
    private readonly partBytes = REGISTER_PART_BYTES,
  ) {}

  /** Builds a model from rows in register order (date, created_at, id). */
  static build(
    head: RegisterHeadState,
    lines: Iterable<RegisterLine>,
    options: { partBytes?: number } = {},
  ): RegisterModel {
    const builder = RegisterModel.builder(head.startingBalance, options);
    for (const line of lines) builder.push(line);
    return builder.finish(head);
  }

  /** A streaming builder: push rows in register order, then finish. */
  static builder(
    startingBalance: number,
    options: { partBytes?: number } = {},
  ): { push(line: RegisterLine): void; finish(head: RegisterHeadState): RegisterModel } {
    const writer = new RegisterWriter(startingBalance, options.partBytes ?? REGISTER_PART_BYTES);
    return { push: (line) => writer.pushLine(line), finish: (head) => writer.finish(head) };
  }

  get version(): string {
    return this.head.version;
  }

  /** Bytes of the register's JSON. */
  get length(): number {
    const last = this.parts[this.parts.length - 1];
    return last.offset + last.bytes.length + 1;
  }

  /** The whole register's JSON in one buffer, made the first time it is asked for. */
  get body(): Buffer {
    this.joined ??= Buffer.concat(this.bodySlices().pieces);
    return this.joined;
  }

  /** The whole register's JSON in pieces, as a page's (`pageSlices`): every part whole, then the closing bracket. */
  bodySlices(): RegisterPageSlices {
    return {
      pieces: [...this.parts.map((p) => p.bytes), CLOSE_BRACKET],
      parts: [...this.parts, null],
      length: this.length,
    };
  }

  /** Memory the model holds (its parts with their compressed blocks, even those shared with other versions, and the joined body once made). */
  get bytes(): number {
    return this.parts.reduce((sum, p) => sum + partBytesHeld(p), 256) + (this.joined ? heldBytes(this.joined) : 0);
  }

  /**
   * The register after a write: every row whose id is in `touched` is dropped, then `lines` (the
   * touched rows that are in this account now, not deleted; in any order) are put in their
   * places, and every balance from the first changed row on is computed again.
   */
  withChanges(head: RegisterHeadState, touched: ReadonlySet<number>, lines: readonly RegisterLine[]): RegisterModel {
    const added = lines
      .map((line) => ({ line, day: dayOf(line.date) }))
      .sort((a, b) => compareKeys(a.day, a.line.createdMicros, a.line.id, b.day, b.line.createdMicros, b.line.id));
    const writer = new RegisterWriter(head.startingBalance, this.partBytes);
    // Rows before the first touched row and before the first added one are unchanged, balances
    // included (same starting balance): the parts that hold only such rows are kept (never the
    // last part, so appends do not leave a trail of small parts), and the unchanged rows at the
    // start of the next part are copied in one piece.
    let leading = 0;
    if (head.startingBalance === this.head.startingBalance) {
      leading = this.count;
      for (const part of this.parts) {
        const ids = part.columns.ids;
        const j = ids.findIndex((id) => touched.has(id));
        if (j >= 0) {
          leading = part.first + j;
          break;
        }
      }
      if (added.length > 0)
        leading = Math.min(leading, this.seekKey(added[0].day, added[0].line.createdMicros, added[0].line.id, false));
    }
    let k = 0;
    while (k < this.parts.length - 1 && this.parts[k].first + this.parts[k].count <= leading) k++;
    writer.keepParts(this, k);
    const from = this.parts[k];
    writer.pushLeadingOf(from, leading - from.first);
    let j = 0;
    for (let startAt = leading - from.first; k < this.parts.length; k++, startAt = 0) {
      const part = this.parts[k];
      const c = part.columns;
      for (let local = startAt; local < part.count; local++) {
        if (touched.has(c.ids[local])) continue;
        while (
          j < added.length &&
          compareKeys(
            added[j].day,
            added[j].line.createdMicros,
            added[j].line.id,
            c.days[local],
            c.created[local],
            c.ids[local],
          ) < 0
        ) {
          writer.pushLine(added[j++].line);
        }
        writer.pushFrom(part, local);
      }
    }
    while (j < added.length) writer.pushLine(added[j++].line);
    return writer.finish(head);
  }

  /** Sums of every row of this version (cents, without the starting balance): what `GET /api/accounts` adds to it. */
  get rowSums(): { total: number; pending: number; cleared: number } {
    const end = this.balancesAfter(this.count - 1);
    const start = this.head.startingBalance;
    return { total: end.running - start, pending: end.pending - start, cleared: end.cleared - start };
  }

  /** Index of the part holding row `i` (0 <= i < count). */
  private partIndexOf(i: number): number {
    const parts = this.parts;
    let lo = 0;
    let hi = parts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (parts[mid].first <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The part holding row `i` (0 <= i < count). */
  private partOf(i: number): RegisterPart {
    return this.parts[this.partIndexOf(i)];
  }

  /** Balances after row `i` (before the first row: the starting balance). */
  private balancesAfter(i: number): { running: number; pending: number; cleared: number } {
    if (i < 0)
      return {
        running: this.head.startingBalance,
        pending: this.head.startingBalance,
        cleared: this.head.startingBalance,
      };
    const part = this.partOf(i);
    const j = i - part.first;
    return { running: part.columns.running[j], pending: part.columns.pending[j], cleared: part.columns.cleared[j] };
  }

  /** Index of the first row at or after `position` (`strict`: after). */
  private seek(position: RegisterPosition, strict: boolean): number {
    return this.seekKey(dayOf(position.date), Number(position.createdMicros), position.id, strict);
  }

  private seekKey(day: number, created: number, id: number, strict: boolean): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const part = this.partOf(mid);
      const c = part.columns;
      const j = mid - part.first;
      const order = compareKeys(c.days[j], c.created[j], c.ids[j], day, created, id);
      if (order < 0 || (strict && order === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private positionOf(i: number): RegisterPosition {
    const part = this.partOf(i);
    const c = part.columns;
    const j = i - part.first;
    return { date: dateOf(c.days[j]), createdMicros: String(c.created[j]), id: c.ids[j] };
  }

  /**
   * Adds the JSON of rows [start, end) (start < end) with the commas between them to `out`, as
   * pieces of the parts that hold them (a later part's piece starts with its comma); a piece
   * that is a part's whole `bytes` comes with that part.
   */
  private rowBytes(start: number, end: number, out: RegisterPageSlices): void {
    const first = this.partIndexOf(start);
    for (let k = first; k < this.parts.length && this.parts[k].first < end; k++) {
      const part = this.parts[k];
      const { bytes, columns, offset, first: firstRow, count } = part;
      const from = k === first ? columns.rowStart[start - firstRow] - offset : 0;
      const piece = bytes.subarray(from, columns.rowEnd[Math.min(end, firstRow + count) - firstRow - 1] - offset);
      out.pieces.push(piece);
      out.parts.push(piece.length === bytes.length ? part : null);
    }
  }

  /**
   * One page as RegisterPage JSON (which rows: RegisterPageOptions). The rows are a byte range of
   * the register's JSON. An empty page's balance_before is the balance after every row.
   */
  page(options: RegisterPageOptions): Buffer {
    return Buffer.concat(this.pageSlices(options).pieces);
  }

  /** `page` in pieces: the rows are the parts' own bytes, not copied (register-gzip.ts compresses a page from them). */
  pageSlices(options: RegisterPageOptions): RegisterPageSlices {
    const n = this.count;
    let start: number;
    let end: number;
    if (options.after) {
      start = this.seek(options.after, true);
      end = Math.min(n, start + options.limit);
    } else {
      end = options.before ? this.seek(options.before, false) : n;
      start = Math.max(0, end - options.limit);
    }
    const empty = start >= end;
    const before = this.balancesAfter(empty ? n - 1 : start - 1);
    const slices: RegisterPageSlices = { pieces: [PAGE_HEAD], parts: [null], length: 0 };
    if (!empty) this.rowBytes(start, end, slices);
    const cursor = (i: number) => JSON.stringify(encodeCursor(this.positionOf(i)));
    const tail =
      `],"balance_before":{"running":${decimalOf(before.running)},"pending":${decimalOf(before.pending)},"cleared":${decimalOf(before.cleared)}}` +
      `,"prev_cursor":${!empty && start > 0 ? cursor(start) : 'null'}` +
      `,"next_cursor":${!empty && end < n ? cursor(end - 1) : 'null'}` +
      `,"total":${n}}`;
    slices.pieces.push(Buffer.from(tail));
    slices.parts.push(null);
    for (const piece of slices.pieces) slices.length += piece.length;
    return slices;
  }
}

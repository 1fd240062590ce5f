import { heldBytes } from './byte-lru';
import { encodeCursor, type RegisterPosition } from './cursor';

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

/** The API's decimal number for an amount in cents (`-12.5`, `3`), exact below 2^53 / 100. */
export const decimalOf = (cents: number): string => String(cents / 100);

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
const dayOf = (date: string): number => Number(date.slice(0, 4)) * 10000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));
const dateOf = (day: number): string =>
  `${String(Math.floor(day / 10000)).padStart(4, '0')}-${String(Math.floor(day / 100) % 100).padStart(2, '0')}-${String(day % 100).padStart(2, '0')}`;

/** Orders (day, created, id) triples: negative when a sorts first. */
function compareKeys(aDay: number, aCreated: number, aId: number, bDay: number, bCreated: number, bId: number): number {
  return aDay - bDay || aCreated - bCreated || aId - bId;
}

/** The per-row arrays of a register, one typed array per column. */
const COLUMNS = {
  ids: Int32Array,
  days: Int32Array,
  created: Float64Array,
  amounts: Float64Array,
  statuses: Uint8Array,
  /** Where the row's JSON starts, where its balances start and where it ends, in the body. */
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

/** Views of the first `count` rows. */
function sliceColumns(columns: Columns, count: number): Columns {
  const views = {} as Record<keyof Columns, Int32Array | Float64Array | Uint8Array>;
  for (const k of COLUMN_NAMES) views[k] = columns[k].subarray(0, count);
  return views as Columns;
}

/**
 * Writes a register's JSON array into one growing buffer and keeps, for every row, where its
 * JSON starts, where its balances start and where it ends, plus its key, amount, status and
 * balances in typed arrays (no per-row objects or strings stay alive).
 */
class RegisterWriter {
  private buf: Buffer;
  private used = 0;
  count = 0;
  private c: Columns;
  private run: number;
  private pend: number;
  private clear: number;

  constructor(startingBalance: number, expectedRows: number, expectedBytes: number) {
    this.run = this.pend = this.clear = startingBalance;
    this.buf = Buffer.allocUnsafe(Math.max(64, expectedBytes));
    this.buf[this.used++] = OPEN;
    this.c = allocColumns(Math.max(16, expectedRows));
  }

  /** Appends a row read from the database. */
  pushLine(line: RegisterLine): void {
    this.pushRow(line.id, dayOf(line.date), line.createdMicros, line.amount, STATUS_CODE[line.status], line.prefix, null, 0, 0);
  }

  /** Appends row `i` of an earlier model, copying its JSON (without balances) byte for byte. */
  pushFrom(model: RegisterModel, i: number): void {
    const m = model.rows;
    this.pushRow(m.ids[i], m.days[i], m.created[i], m.amounts[i], m.statuses[i], null, model.body, m.rowStart[i], m.prefixEnd[i]);
  }

  private pushRow(id: number, day: number, created: number, amount: number, status: number, prefix: string | null, from: Buffer | null, fromStart: number, fromEnd: number): void {
    const i = this.count++;
    if (i === this.c.ids.length) this.c = allocColumns(i * 2, this.c, i);
    const c = this.c;
    this.run += amount;
    if (status !== 0) this.pend += amount;
    if (status === 2) this.clear += amount;
    const prefixBytes = prefix === null ? fromEnd - fromStart : prefix.length * 3;
    this.ensure(1 + prefixBytes + BALANCES_MAX_BYTES);
    const buf = this.buf;
    let at = this.used;
    if (i > 0) buf[at++] = COMMA;
    c.rowStart[i] = at;
    if (prefix === null) at += from!.copy(buf, at, fromStart, fromEnd);
    else at += buf.write(prefix, at, 'utf8');
    c.prefixEnd[i] = at;
    at = writeAscii(buf, at, RUNNING);
    at = writeDecimal(buf, at, this.run);
    at = writeAscii(buf, at, PENDING);
    at = writeDecimal(buf, at, this.pend);
    at = writeAscii(buf, at, CLEARED);
    at = writeDecimal(buf, at, this.clear);
    buf[at++] = CLOSE_OBJECT;
    this.used = at;
    c.rowEnd[i] = at;
    c.ids[i] = id;
    c.days[i] = day;
    c.created[i] = created;
    c.amounts[i] = amount;
    c.statuses[i] = status;
    c.running[i] = this.run;
    c.pending[i] = this.pend;
    c.cleared[i] = this.clear;
  }

  /**
   * Appends rows [0, end) of an earlier model as they are, balances included (the writer must
   * be empty and start from the same starting balance): one copy of their bytes and arrays.
   */
  pushLeading(model: RegisterModel, end: number): void {
    if (this.count !== 0 || end <= 0) return;
    const m = model.rows;
    const bytes = m.rowEnd[end - 1];
    this.ensure(bytes);
    model.body.copy(this.buf, 0, 0, bytes);
    this.used = bytes;
    this.c = allocColumns(Math.max(this.c.ids.length, end), m, end);
    this.count = end;
    this.run = m.running[end - 1];
    this.pend = m.pending[end - 1];
    this.clear = m.cleared[end - 1];
  }

  private ensure(bytes: number): void {
    if (this.buf.length - this.used >= bytes + 1) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.used + bytes + 1));
    this.buf.copy(bigger, 0, 0, this.used);
    this.buf = bigger;
  }

  finish(head: RegisterHeadState): RegisterModel {
    this.ensure(1);
    this.buf[this.used++] = CLOSE;
    // A buffer with much unused room is copied into an exact one (the cache counts bytes held).
    const body = this.buf.length - this.used > this.used / 16 ? Buffer.from(this.buf.subarray(0, this.used)) : this.buf.subarray(0, this.used);
    return new RegisterModel(head, body, { count: this.count, ...sliceColumns(this.c, this.count) });
  }
}

type RegisterRows = Columns & { count: number };

/**
 * One account's register at one version, immutable: the full register as UTF-8 JSON (the
 * spec's RegisterRow array, balances included) and, per row, its key, amount, status, balances
 * and byte range in that JSON. Pages are byte ranges of the body; a write that changed a few
 * rows gives the next version by copying every other row's JSON and recomputing the balances
 * (`withChanges`), instead of PostgreSQL writing 50,000 rows again.
 */
export class RegisterModel {
  /** Set by withChanges: the version this one was made from and how many leading bytes of the two bodies are the same. */
  derivedFrom: { version: string; sameBytes: number } | null = null;

  constructor(
    readonly head: RegisterHeadState,
    /** The full register as a UTF-8 JSON array. */
    readonly body: Buffer,
    /** Per-row arrays (internal; read by RegisterWriter.pushFrom). */
    readonly rows: RegisterRows,
  ) {}

  /** Builds a model from rows in register order (date, created_at, id). */
  static build(head: RegisterHeadState, lines: Iterable<RegisterLine>, expected: { rows?: number; bytes?: number } = {}): RegisterModel {
    const builder = RegisterModel.builder(head.startingBalance, expected);
    for (const line of lines) builder.push(line);
    return builder.finish(head);
  }

  /** A streaming builder: push rows in register order, then finish. */
  static builder(startingBalance: number, expected: { rows?: number; bytes?: number } = {}): { push(line: RegisterLine): void; finish(head: RegisterHeadState): RegisterModel } {
    const writer = new RegisterWriter(startingBalance, expected.rows ?? 1024, expected.bytes ?? 1 << 20);
    return { push: (line) => writer.pushLine(line), finish: (head) => writer.finish(head) };
  }

  get version(): string {
    return this.head.version;
  }

  get count(): number {
    return this.rows.count;
  }

  /** Memory the model holds (body and per-row arrays). */
  get bytes(): number {
    return heldBytes(this.body) + (this.rows.ids.buffer.byteLength / 4) * BYTES_PER_ROW + 256;
  }

  /**
   * The register after a write: every row whose id is in `touched` is dropped, then `lines` (the
   * touched rows that are in this account now, not deleted; in any order) are put in their
   * places, and every balance is computed again from the starting balance.
   */
  withChanges(head: RegisterHeadState, touched: ReadonlySet<number>, lines: readonly RegisterLine[]): RegisterModel {
    const added = lines
      .map((line) => ({ line, day: dayOf(line.date) }))
      .sort((a, b) => compareKeys(a.day, a.line.createdMicros, a.line.id, b.day, b.line.createdMicros, b.line.id));
    const extraBytes = lines.reduce((sum, l) => sum + l.prefix.length * 3 + 80, 0);
    const writer = new RegisterWriter(head.startingBalance, this.count + added.length, this.body.length + extraBytes + 4096);
    const r = this.rows;
    // Rows before the first touched row and before the first added one are unchanged, balances
    // included (same starting balance): one copy.
    let leading = 0;
    while (leading < r.count && !touched.has(r.ids[leading])) leading++;
    if (added.length > 0) leading = Math.min(leading, this.seekKey(added[0].day, added[0].line.createdMicros, added[0].line.id, false));
    const sameBalances = head.startingBalance === this.head.startingBalance;
    if (sameBalances) writer.pushLeading(this, leading);
    let j = 0;
    for (let i = writer.count; i < r.count; i++) {
      if (touched.has(r.ids[i])) continue;
      while (j < added.length && compareKeys(added[j].day, added[j].line.createdMicros, added[j].line.id, r.days[i], r.created[i], r.ids[i]) < 0) {
        writer.pushLine(added[j++].line);
      }
      writer.pushFrom(this, i);
    }
    while (j < added.length) writer.pushLine(added[j++].line);
    const model = writer.finish(head);
    model.derivedFrom = { version: this.version, sameBytes: sameBalances && leading > 0 ? r.rowEnd[leading - 1] : 1 };
    return model;
  }

  /** Sums of every row of this version (cents, without the starting balance): what `GET /api/accounts` adds to it. */
  get rowSums(): { total: number; pending: number; cleared: number } {
    const end = this.balancesAfter(this.count - 1);
    const start = this.head.startingBalance;
    return { total: end.running - start, pending: end.pending - start, cleared: end.cleared - start };
  }

  /** Balances after row `i` (before the first row: the starting balance). */
  private balancesAfter(i: number): { running: number; pending: number; cleared: number } {
    if (i < 0) return { running: this.head.startingBalance, pending: this.head.startingBalance, cleared: this.head.startingBalance };
    return { running: this.rows.running[i], pending: this.rows.pending[i], cleared: this.rows.cleared[i] };
  }

  /** Index of the first row at or after `position` (`strict`: after). */
  private seek(position: RegisterPosition, strict: boolean): number {
    return this.seekKey(dayOf(position.date), Number(position.createdMicros), position.id, strict);
  }

  private seekKey(day: number, created: number, id: number, strict: boolean): number {
    const r = this.rows;
    let lo = 0;
    let hi = r.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareKeys(r.days[mid], r.created[mid], r.ids[mid], day, created, id);
      if (c < 0 || (strict && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private positionOf(i: number): RegisterPosition {
    return { date: dateOf(this.rows.days[i]), createdMicros: String(this.rows.created[i]), id: this.rows.ids[i] };
  }

  /**
   * One page as RegisterPage JSON: `before` - the `limit` rows just before that position;
   * `after` - the `limit` rows just after it; neither - the last `limit` rows. The rows are a
   * byte range of the body. An empty page's balance_before is the balance after every row.
   */
  page(options: { limit: number; before?: RegisterPosition; after?: RegisterPosition }): Buffer {
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
    const rows = empty ? Buffer.alloc(0) : this.body.subarray(this.rows.rowStart[start], this.rows.rowEnd[end - 1]);
    const cursor = (i: number) => JSON.stringify(encodeCursor(this.positionOf(i)));
    const tail =
      `],"balance_before":{"running":${decimalOf(before.running)},"pending":${decimalOf(before.pending)},"cleared":${decimalOf(before.cleared)}}` +
      `,"prev_cursor":${!empty && start > 0 ? cursor(start) : 'null'}` +
      `,"next_cursor":${!empty && end < n ? cursor(end - 1) : 'null'}` +
      `,"total":${n}}`;
    return Buffer.concat([Buffer.from('{"rows":['), rows, Buffer.from(tail)]);
  }
}

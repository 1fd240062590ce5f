/**
 * Joins JSON texts (one per array element) into the UTF-8 bytes of one JSON array, element by
 * element as they arrive: each text is encoded straight into a buffer and can be collected at
 * once, instead of being kept (with 50,000 others) until a 21 MB string is joined and then
 * encoded again. Given a good size estimate (the previous build of the same register), the
 * whole array is written into one allocation and returned without a copy; otherwise it grows by
 * chunks and `finish()` joins them into one Buffer of exactly the written size.
 */
const CHUNK_BYTES = 1 << 20;
const OPEN = 0x5b; // [
const COMMA = 0x2c;
const CLOSE = 0x5d; // ]

export class JsonArrayWriter {
  private readonly chunks: Buffer[] = [];
  private chunk: Buffer;
  private used = 0;
  private total = 0;
  private count = 0;

  /** `expectedBytes`: the size of the first buffer (later ones are 1 MiB, or one element's worth). */
  constructor(expectedBytes = CHUNK_BYTES) {
    this.chunk = Buffer.allocUnsafe(Math.max(16, expectedBytes));
    this.chunk[this.used++] = OPEN;
  }

  /** Number of elements written. */
  get length(): number {
    return this.count;
  }

  /** Appends one element (valid JSON text; not checked). */
  push(json: string): void {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8 (a surrogate pair: 4 bytes for 2 units);
    // only near the end of the buffer is the exact size worth measuring.
    const room = this.chunk.length - this.used;
    if (room < json.length * 3 + 1 && room < Buffer.byteLength(json, 'utf8') + 1) this.nextChunk(json.length * 3 + 1);
    if (this.count++ > 0) this.chunk[this.used++] = COMMA;
    this.used += this.chunk.write(json, this.used, 'utf8');
  }

  /**
   * The whole array; the writer must not be used afterwards. Written into a single buffer with
   * at most 1/16 unused, that buffer is returned as it is (the caller may count its whole
   * allocation, `buffer.byteLength`); otherwise the bytes are copied into an exact one.
   */
  finish(): Buffer {
    if (this.chunk.length - this.used < 1) this.nextChunk(1);
    this.chunk[this.used++] = CLOSE;
    if (this.chunks.length === 0 && this.chunk.length - this.used <= this.used / 16) return this.chunk.subarray(0, this.used);
    this.chunks.push(this.chunk.subarray(0, this.used));
    this.total += this.used;
    return Buffer.concat(this.chunks, this.total);
  }

  private nextChunk(atLeast: number): void {
    this.chunks.push(this.chunk.subarray(0, this.used));
    this.total += this.used;
    // Past a (large) estimate, grow by ordinary chunks rather than by another estimate's worth.
    this.chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, atLeast));
    this.used = 0;
  }
}

/**
 * Joins JSON texts (one per array element) into the UTF-8 bytes of one JSON array, element by
 * element as they arrive: each text is encoded straight into 1 MiB chunks and can be collected
 * at once, instead of being kept (with 50,000 others) until a 21 MB string is joined and then
 * encoded again. `finish()` returns one Buffer of exactly the written size.
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

  constructor(chunkBytes = CHUNK_BYTES) {
    this.chunk = Buffer.allocUnsafe(chunkBytes);
    this.chunk[this.used++] = OPEN;
  }

  /** Number of elements written. */
  get length(): number {
    return this.count;
  }

  /** Appends one element (valid JSON text; not checked). */
  push(json: string): void {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8 (a surrogate pair: 4 bytes for 2 units).
    const worst = json.length * 3 + 1;
    if (this.chunk.length - this.used < worst) this.nextChunk(worst);
    if (this.count++ > 0) this.chunk[this.used++] = COMMA;
    this.used += this.chunk.write(json, this.used, 'utf8');
  }

  /** The whole array; the writer must not be used afterwards. */
  finish(): Buffer {
    if (this.chunk.length - this.used < 1) this.nextChunk(1);
    this.chunk[this.used++] = CLOSE;
    this.chunks.push(this.chunk.subarray(0, this.used));
    this.total += this.used;
    return Buffer.concat(this.chunks, this.total);
  }

  private nextChunk(atLeast: number): void {
    this.chunks.push(this.chunk.subarray(0, this.used));
    this.total += this.used;
    this.chunk = Buffer.allocUnsafe(Math.max(this.chunk.length, atLeast));
    this.used = 0;
  }
}

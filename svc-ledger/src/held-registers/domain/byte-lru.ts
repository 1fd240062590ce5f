/** Bytes a Buffer holds: its whole allocation (buffers of 4 KiB and more never share one). */
export const heldBytes = (b: Buffer): number => (b.length >= 4096 ? Math.max(b.length, b.buffer.byteLength) : b.length);

/**
 * A least-recently-used map bounded by the total size of its values (bytes, as `sizeOf` says).
 * A Map keeps insertion order, so the first key is always the least recently used one: `get`
 * and `set` move a key to the end, and eviction takes from the front until the total fits.
 * A value larger than the whole budget is not kept at all. Each entry notes when it was last
 * used (`clock`), so a caller can tell whether the least recently used one is idle.
 */
export class ByteLru<K, V> {
  private readonly entries = new Map<K, { value: V; size: number; usedAt: number }>();
  private total = 0;

  constructor(
    readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
    private readonly clock: () => number = Date.now,
  ) {}

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, now the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    entry.usedAt = this.clock();
    this.entries.set(key, entry);
    return entry.value;
  }

  /** When the least recently used value was last used (`clock`'s time); undefined when empty. */
  leastRecentUse(): number | undefined {
    for (const entry of this.entries.values()) return entry.usedAt;
    return undefined;
  }

  /** Stores (or replaces) a value as the most recently used; false when it is too big to keep. */
  set(key: K, value: V): boolean {
    this.delete(key);
    const size = this.sizeOf(value);
    if (size > this.maxBytes) return false;
    this.entries.set(key, { value, size, usedAt: this.clock() });
    this.total += size;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.size;
    }
    return true;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }
}

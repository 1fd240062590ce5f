/**
 * Records handed from a push stream (csv-parser's `data` events) to a pull reader (`for await`)
 * with one resolved promise per record and no generator in between: a 10 MB file is some 150,000
 * records, and every async layer per record costs time and garbage. The producer is paused while
 * more than HIGH records wait, so memory stays flat whatever the file's size.
 */
import type { TableRow } from '../domain/statement';

const HIGH = 2048;
const LOW = 256;

export interface QueueControl {
  pause(): void;
  resume(): void;
  /** Stop producing (the reader gave up early). */
  destroy(): void;
}

export class RecordQueue implements AsyncIterableIterator<TableRow> {
  private items: TableRow[] = [];
  private head = 0;
  private ended = false;
  private failure: unknown = null;
  private paused = false;
  private waiting: { resolve: (r: IteratorResult<TableRow>) => void; reject: (e: unknown) => void } | null = null;

  constructor(private readonly control: QueueControl) {}

  push(row: TableRow): void {
    if (this.ended) return;
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve({ value: row, done: false });
      return;
    }
    this.items.push(row);
    if (!this.paused && this.items.length - this.head > HIGH) {
      this.paused = true;
      this.control.pause();
    }
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.waiting && this.head >= this.items.length) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve({ value: undefined, done: true });
    }
  }

  fail(error: unknown): void {
    if (this.ended || this.failure) return;
    this.failure = error;
    this.control.destroy();
    if (this.waiting) {
      const { reject } = this.waiting;
      this.waiting = null;
      reject(error);
    }
  }

  next(): Promise<IteratorResult<TableRow>> {
    if (this.head < this.items.length) {
      const value = this.items[this.head++];
      if (this.head === this.items.length) {
        this.items = [];
        this.head = 0;
      }
      if (this.paused && this.items.length - this.head < LOW) {
        this.paused = false;
        this.control.resume();
      }
      return Promise.resolve({ value, done: false });
    }
    // Rows already read are handed out before a failure that came after them.
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    if (this.paused) {
      this.paused = false;
      this.control.resume();
    }
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  return(): Promise<IteratorResult<TableRow>> {
    if (!this.ended) {
      this.ended = true;
      this.items = [];
      this.control.destroy();
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/**
 * The register's rows for one account, loaded in pages (GET /accounts/{id}/transactions with
 * limit/before) so the first rows show at once and 50,000 rows never arrive as one blocking
 * answer:
 * - start(): the newest page (where today and the future rows are), then older pages in the
 *   background, each prepended.
 * - refreshFrom(date): after a write, re-reads only the tail of the register from the last row
 *   dated before `date` (rows before it and their balances cannot have changed) and splices it
 *   in; balances always come from the server.
 * - patchRow(): optimistic changes (status) until the refresh lands.
 * Framework-free: React reads it through useSyncExternalStore.
 */
import type { RegisterPage, RegisterRow, TransactionRecord } from './api';
import { normalizeStatus } from '@hf/app-kit/editing';
import { dollarsToCents, fromCents } from '@hf/money';

export type FetchPage = (query: { limit: number; before?: string }, signal: AbortSignal) => Promise<RegisterPage>;

export interface RegisterState {
  status: 'loading' | 'ready' | 'error';
  rows: RegisterRow[];
  /** Cursor of the first loaded row while earlier rows exist (null: everything is loaded). */
  prevCursor: string | null;
  total: number;
  /** Increments whenever rows change (also by prepending). */
  version: number;
  /** How many items were prepended by the last change (the view keeps its scroll position). */
  prepended: number;
}

export interface RegisterStoreOptions {
  firstPageSize?: number;
  pageSize?: number;
  /** Load older pages automatically after the first one (default true). */
  loadAll?: boolean;
  /**
   * The newest page when it is already here (a page load's started request that has arrived):
   * the store is ready with it from the start, and its first start() asks only for older pages.
   */
  firstPage?: RegisterPage | null;
}

const MAX_PAGE = 5000;

export class RegisterStore {
  private state: RegisterState = { status: 'loading', rows: [], prevCursor: null, total: 0, version: 0, prepended: 0 };
  private listeners = new Set<() => void>();
  private controller = new AbortController();
  private generation = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly firstPageSize: number;
  private readonly pageSize: number;
  private readonly loadAll: boolean;
  /** The first page given to the constructor, until the first start() uses it. */
  private firstPage: RegisterPage | null;

  constructor(
    private readonly fetchPage: FetchPage,
    options: RegisterStoreOptions = {},
  ) {
    this.firstPageSize = options.firstPageSize ?? 1000;
    this.pageSize = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE);
    this.loadAll = options.loadAll ?? true;
    this.firstPage = options.firstPage ?? null;
    const page = this.firstPage;
    if (page)
      this.state = { ...this.state, status: 'ready', rows: page.rows, prevCursor: page.prev_cursor, total: page.total };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  private set(patch: Partial<RegisterState>) {
    this.state = { ...this.state, prepended: 0, ...patch, version: this.state.version + 1 };
    for (const l of this.listeners) l();
  }

  stop() {
    this.generation++;
    this.controller.abort();
  }

  /** Loads the newest page, then (in the background) every older one. */
  async start(): Promise<void> {
    if (this.controller.signal.aborted) this.controller = new AbortController();
    const generation = ++this.generation;
    if (this.firstPage) {
      // The state holds it already.
      this.firstPage = null;
      if (this.loadAll) void this.loadOlder(generation).catch(() => undefined);
      return;
    }
    try {
      const page = await this.fetchPage({ limit: this.firstPageSize }, this.controller.signal);
      if (generation !== this.generation) return;
      this.set({ status: 'ready', rows: page.rows, prevCursor: page.prev_cursor, total: page.total });
    } catch (err) {
      if (generation === this.generation && !this.controller.signal.aborted) this.set({ status: 'error' });
      throw err;
    }
    if (this.loadAll) void this.loadOlder(generation).catch(() => undefined);
  }

  /** Prepends older pages until the start of the register (or until a reload starts over). */
  private async loadOlder(generation: number): Promise<void> {
    while (generation === this.generation && this.state.prevCursor && !this.controller.signal.aborted) {
      const cursor = this.state.prevCursor;
      const page = await this.fetchPage({ limit: this.pageSize, before: cursor }, this.controller.signal);
      if (generation !== this.generation || cursor !== this.state.prevCursor) return;
      this.set({
        rows: page.rows.concat(this.state.rows),
        prevCursor: page.prev_cursor,
        total: page.total,
        prepended: page.rows.length,
      });
      // Let the browser paint between pages.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }

  /** Optimistic local change of one row (its balances stay as the server sent them). */
  patchRow(id: number, patch: Partial<RegisterRow>) {
    const index = this.indexOf(id);
    if (index < 0) return;
    const rows = this.state.rows.slice();
    rows[index] = { ...rows[index], ...patch };
    this.set({ rows });
  }

  /**
   * A write's answer for a row that stayed on its date: its fields replace the row's, and a
   * changed amount or status moves this row's and every later row's balances by the difference
   * (in cents, exactly as the server sums them). The caller still re-reads the tail in the
   * background; this only makes the change show at once.
   */
  applyRecord(record: TransactionRecord) {
    const index = this.indexOf(record.id);
    if (index < 0) return;
    const rows = this.state.rows.slice();
    const old = rows[index];
    const before = contribution(old.amount, old.status);
    const after = contribution(record.amount, record.status);
    const d = {
      running: after.running - before.running,
      pending: after.pending - before.pending,
      cleared: after.cleared - before.cleared,
    };
    // Only record fields: the row keeps the balances the server computed for it.
    const { running: _r, pending: _p, cleared: _c, ...fields } = record as Partial<RegisterRow> & TransactionRecord;
    rows[index] = { ...old, ...fields };
    if (d.running !== 0 || d.pending !== 0 || d.cleared !== 0) {
      for (let i = index; i < rows.length; i++) {
        const r = rows[i];
        rows[i] = {
          ...r,
          running: fromCents(dollarsToCents(r.running) + d.running),
          pending: fromCents(dollarsToCents(r.pending) + d.pending),
          cleared: fromCents(dollarsToCents(r.cleared) + d.cleared),
        };
      }
    }
    this.set({ rows });
  }

  /**
   * A created row (the POST answer) goes in at once where the server will put it: after every
   * row on or before its date (it is the newest). Its balances continue the previous row's and
   * later rows move by its amount. Returns false when it cannot be placed without the rows before
   * it (it would be first while older rows are not loaded); the caller re-reads then.
   */
  insertRecord(record: TransactionRecord): boolean {
    if (this.indexOf(record.id) >= 0) return true;
    const rows = this.state.rows;
    const at = upperBoundByDate(rows, record.date);
    if (at === 0 && this.state.prevCursor) return false;
    const c = contribution(record.amount, record.status);
    const previous = at > 0 ? rows[at - 1] : null;
    const base = previous
      ? {
          running: dollarsToCents(previous.running),
          pending: dollarsToCents(previous.pending),
          cleared: dollarsToCents(previous.cleared),
        }
      : startingBalances(rows[0]);
    if (!base) return false;
    const inserted: RegisterRow = {
      ...(record as RegisterRow),
      running: fromCents(base.running + c.running),
      pending: fromCents(base.pending + c.pending),
      cleared: fromCents(base.cleared + c.cleared),
    };
    const next = rows.slice(0, at);
    next.push(inserted);
    for (let i = at; i < rows.length; i++) {
      const r = rows[i];
      next.push({
        ...r,
        running: fromCents(dollarsToCents(r.running) + c.running),
        pending: fromCents(dollarsToCents(r.pending) + c.pending),
        cleared: fromCents(dollarsToCents(r.cleared) + c.cleared),
      });
    }
    this.set({ rows: next, total: this.state.total + 1 });
    return true;
  }

  indexOf(id: number): number {
    const rows = this.state.rows;
    for (let i = rows.length - 1; i >= 0; i--) if (rows[i].id === id) return i;
    return -1;
  }

  /**
   * Re-reads the register from the last row dated before `fromDate` to the end: every row at or
   * after `fromDate` (and its balances) may have changed, nothing before it did.
   */
  refreshFrom(fromDate: string): Promise<void> {
    return this.enqueue(() => this.refreshTail(fromDate));
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async refreshTail(fromDate: string): Promise<void> {
    const rows = this.state.rows;
    const firstAffected = lowerBoundByDate(rows, fromDate);
    const generation = this.generation;
    let need = Math.min(rows.length - firstAffected + 50, MAX_PAGE);
    let collected: RegisterRow[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await this.fetchPage({ limit: need, ...(cursor ? { before: cursor } : {}) }, this.controller.signal);
      if (generation !== this.generation) return;
      collected = page.rows.concat(collected);
      if (!page.prev_cursor) {
        // Read back to the start of the register: everything is fresh.
        this.set({ status: 'ready', rows: collected, prevCursor: null, total: page.total });
        return;
      }
      const first = collected[0];
      if (first && first.date < fromDate) {
        const at = this.indexOf(first.id);
        if (at >= 0) {
          this.set({ status: 'ready', rows: this.state.rows.slice(0, at).concat(collected), total: page.total });
          return;
        }
        // That row is older than what is loaded: keep reading back to the start.
      }
      cursor = page.prev_cursor;
      need = MAX_PAGE;
    }
  }

  /** Re-reads every row (e.g. after bulk categorize) and swaps them in at once. */
  refreshAll(): Promise<void> {
    return this.refreshFrom('0000-00-00');
  }
}

/** What one row adds to the running, pending (p or x) and cleared (x) balances, in cents. */
function contribution(amount: number, status: string) {
  const cents = dollarsToCents(amount);
  const s = normalizeStatus(status);
  return { running: cents, pending: s ? cents : 0, cleared: s === 'x' ? cents : 0 };
}

/** The balances before the first row (starting balance), from that row; null for an empty register. */
function startingBalances(first: RegisterRow | undefined) {
  if (!first) return null;
  const c = contribution(first.amount, first.status);
  return {
    running: dollarsToCents(first.running) - c.running,
    pending: dollarsToCents(first.pending) - c.pending,
    cleared: dollarsToCents(first.cleared) - c.cleared,
  };
}

/** First index whose date is > `date`. */
export function upperBoundByDate(rows: readonly { date: string }[], date: string): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].date <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose date is >= `date` (rows are in register order). */
export function lowerBoundByDate(rows: readonly { date: string }[], date: string): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].date < date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

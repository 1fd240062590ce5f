import type { BalanceCache } from './balance-cache';
import { ByteLru, heldBytes } from './domain/byte-lru';
import { registerEtag } from './domain/http-cache';
import type { RegisterModel, RegisterPageSlices } from './domain/register-model';
import { loadRegister } from './repositories/register';
import { gzipPage, gzipRegister } from './register-gzip';
import type { Pool } from '../repositories/sql';

/** A paged register with at least this many rows is loaded into the cache for its next pages. */
export const REGISTER_WARM_ROWS = 500;
/** Default budget of the cache: `LEDGER_REGISTER_CACHE_MB` (0 turns caching off). */
export const DEFAULT_REGISTER_CACHE_BYTES = 200 * 1024 * 1024;
/**
 * A background load (`warm`) into a cache at least this full of its budget happens only when
 * its least recently used register has been idle for WARM_EVICTS_IDLE_MS: when more registers
 * are being read than the budget holds, their pages come from PostgreSQL, instead of each miss
 * loading a whole register that pushes out another one in use (which then misses in turn).
 */
export const WARM_FULL_SHARE = 0.9;
export const WARM_EVICTS_IDLE_MS = 60_000;

/** One account's register at one version. */
export interface RegisterEntry {
  accountId: number;
  householdId: number;
  /** The ETag of the model's version. */
  etag: string;
  /** The register: its full JSON body, its rows' positions, keys and balances (pages are slices). */
  model: RegisterModel;
  /** The gzip'ed body, made the first time a client accepts gzip (the model's parts keep their compressed blocks). */
  compressed: Buffer | null;
}

const sizeOf = (e: RegisterEntry) => e.model.bytes + (e.compressed ? heldBytes(e.compressed) : 0) + 256;

/**
 * Registers (`GET /api/accounts/:id/transactions`, full and paged) kept in memory, bounded by
 * bytes (least recently used first out), keyed by account id and valid for one
 * `register_version`. Every write that changes what a register shows bumps that version in its
 * own database transaction (runWrite), so an entry whose version equals the stored one is the
 * current register; an older one is brought up to date from the rows the writes since then
 * changed (register_changes), or rebuilt whole. The caller reads the version first
 * (household-scoped, which is also the 404 check), so a register is only ever handed to the
 * account's own household.
 *
 * Concurrent misses for one account and version share one build; concurrent gzip requests
 * share one compression (zlib's thread pool, off the event loop). A page's miss loads the
 * register in the background only while that would not push out registers in use (`warm`).
 */
export class RegisterCache {
  private readonly lru: ByteLru<number, RegisterEntry>;
  private readonly building = new Map<string, Promise<RegisterEntry | null>>();
  private readonly compressing = new Map<RegisterEntry, Promise<Buffer>>();
  /** Accounts whose register was too big for the budget when last built (not warmed again). */
  private readonly tooBig = new Set<number>();
  /**
   * Counters for tests and diagnostics: `updates` are builds from an earlier version's changed
   * rows; `reusedBlocks` compressed blocks of parts an earlier version made; `warmsDeclined`
   * background loads not made because the cache was full of registers in use.
   */
  readonly stats = { hits: 0, builds: 0, updates: 0, compressions: 0, reusedBlocks: 0, warmsDeclined: 0 };

  /** `balances`: receives the row sums of every model built (the account list's balances); `clock`: when an entry is used (ms). */
  constructor(
    private readonly db: Pool,
    private readonly maxBytes = DEFAULT_REGISTER_CACHE_BYTES,
    private readonly balances?: BalanceCache,
    private readonly clock: () => number = Date.now,
  ) {
    this.lru = new ByteLru(maxBytes, sizeOf, clock);
  }

  /** Bytes held (as the budget counts them), registers held, and the budget. */
  get bytes(): number {
    return this.lru.bytes;
  }

  get entries(): number {
    return this.lru.size;
  }

  get budgetBytes(): number {
    return this.maxBytes;
  }

  /** Whether some version of the account's register is cached for this household. */
  holds(householdId: number, accountId: number): boolean {
    return this.lru.get(accountId)?.householdId === householdId;
  }

  /**
   * The register of an account the household owns, at `version` (the version just read for
   * this request) or newer; null when the account is gone by the time it is built.
   */
  async get(householdId: number, accountId: number, version: string): Promise<RegisterEntry | null> {
    const cached = this.lru.get(accountId);
    // A newer entry than the version this request read is fine too (it committed meanwhile).
    if (cached && cached.householdId === householdId && BigInt(cached.model.version) >= BigInt(version)) {
      this.stats.hits++;
      return cached;
    }
    const key = `${householdId}:${accountId}:${version}`;
    let pending = this.building.get(key);
    if (!pending) {
      pending = this.build(householdId, accountId, cached?.householdId === householdId ? cached : undefined).finally(
        () => this.building.delete(key),
      );
      this.building.set(key, pending);
    }
    return pending;
  }

  /**
   * Builds the register in the background (errors are only logged by `onError`), unless it was
   * too big for the budget, or the cache is full of registers in use (WARM_FULL_SHARE).
   */
  warm(householdId: number, accountId: number, version: string, onError: (err: unknown) => void): void {
    if (this.maxBytes <= 0 || this.tooBig.has(accountId)) return;
    if (
      this.lru.bytes >= this.maxBytes * WARM_FULL_SHARE &&
      this.clock() - (this.lru.leastRecentUse() ?? 0) < WARM_EVICTS_IDLE_MS
    ) {
      this.stats.warmsDeclined++;
      return;
    }
    this.get(householdId, accountId, version).catch(onError);
  }

  /**
   * The gzip'ed body of an entry, made once per entry (that is, per register version) from the
   * compressed blocks of its model's parts: only parts no earlier version had are compressed
   * (zlib's thread pool).
   */
  async gzipped(entry: RegisterEntry): Promise<Buffer> {
    if (entry.compressed) return entry.compressed;
    let pending = this.compressing.get(entry);
    if (!pending) {
      this.stats.compressions++;
      pending = gzipRegister(entry.model)
        .then(({ gzip, reused }) => {
          this.stats.reusedBlocks += reused;
          entry.compressed = gzip;
          // Re-store to count the new bytes, unless the entry was replaced or evicted meanwhile.
          if (this.lru.get(entry.accountId) === entry) this.lru.set(entry.accountId, entry);
          return gzip;
        })
        .finally(() => this.compressing.delete(entry));
      this.compressing.set(entry, pending);
    }
    return pending;
  }

  /** A page of an entry (its `pageSlices`) gzip'ed by gzipPage: the blocks of whole parts are made once and kept with them. */
  async gzippedPage(entry: RegisterEntry, slices: RegisterPageSlices): Promise<Buffer> {
    const { gzip, made } = await gzipPage(slices);
    // Re-store to count the new blocks, unless the entry was replaced or evicted meanwhile.
    if (made > 0 && this.lru.get(entry.accountId) === entry) this.lru.set(entry.accountId, entry);
    return gzip;
  }

  private async build(
    householdId: number,
    accountId: number,
    previousEntry?: RegisterEntry,
  ): Promise<RegisterEntry | null> {
    const previous = previousEntry?.model;
    const loaded = await loadRegister(this.db, householdId, accountId, previous);
    if (!loaded) return null;
    // Still the held version: keep its entry (and its gzip copy).
    if (loaded.how === 'previous' && previousEntry) return previousEntry;
    const { model } = loaded;
    this.balances?.set(householdId, accountId, model.version, model.rowSums);
    if (loaded.how === 'changes') this.stats.updates++;
    else this.stats.builds++;
    const entry: RegisterEntry = {
      accountId,
      householdId,
      etag: registerEtag(accountId, model.version),
      model,
      compressed: null,
    };
    // A slower build of an older snapshot never replaces a newer entry.
    const current = this.lru.get(accountId);
    if (!current || BigInt(current.model.version) <= BigInt(model.version)) {
      if (this.lru.set(accountId, entry)) this.tooBig.delete(accountId);
      else this.tooBig.add(accountId);
    }
    return entry;
  }
}

import { countsAsCleared, countsAsPending, type Status } from '../domain/status';

/** Sums of an account's live rows (cents, without its starting balance). */
export interface RowSums {
  total: number;
  /** Rows with a status (`p` or `x`). */
  pending: number;
  /** Rows cleared (`x`). */
  cleared: number;
}

/** What one write added to an account's row sums (cents; negative: took away), and by row date for balance_today. */
export interface SumsDelta extends RowSums {
  byDate: Map<string, number>;
}

/** Adds a row's amount (`sign` 1) or takes it away (-1) in `delta`, as the sums count it. */
export function countRow(delta: SumsDelta, row: { amount: number; status: Status; date: string }, sign: 1 | -1): void {
  const cents = sign * row.amount;
  delta.total += cents;
  if (countsAsPending(row.status)) delta.pending += cents;
  if (countsAsCleared(row.status)) delta.cleared += cents;
  delta.byDate.set(row.date, (delta.byDate.get(row.date) ?? 0) + cents);
}

/** What the cache holds for an account: its sums at one `register_version`. */
export interface HeldSums {
  version: string;
  sums: RowSums;
  /** The sum of the rows dated on or before `today.date` (balance_today), when a list asked for it. */
  today?: { date: string; sum: number };
}

/**
 * The balances of `GET /api/accounts` by account and `register_version`. Every write that
 * changes an account's rows bumps that version in its own transaction (runWrite), so sums read
 * in the same statement (or snapshot) as a version are the sums of every later read of that
 * version. Summing a large account is costly for every list; held sums skip it
 * (the SQL does not scan an account whose current version is held). Filled by the list itself
 * and by the register cache, whose models carry the same balances; a list with `today` (what the
 * front ends always ask) uses only sums held with that same date. Per household, bounded by
 * the number of accounts (the oldest household out first).
 */
export class BalanceCache {
  private readonly households = new Map<number, Map<number, HeldSums>>();
  private size = 0;
  /** Accounts served from the cache / summed by PostgreSQL (tests and diagnostics). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(readonly maxAccounts = 100_000) {}

  /** Accounts whose sums are held. */
  get accounts(): number {
    return this.size;
  }

  /** A copy of what is held for the household's accounts (by account id); the household becomes the most recently used. */
  held(householdId: number): Map<number, HeldSums> {
    const accounts = this.households.get(householdId);
    if (!accounts) return new Map();
    this.households.delete(householdId);
    this.households.set(householdId, accounts);
    return new Map(accounts);
  }

  /**
   * Brings the sums held at version `from` to version `to` by what one write counted in and out
   * of that account (`delta`; none: nothing), when `from` is what is held; answers whether it
   * did. Sound because a write bumps the version of every account whose rows it changes, in its
   * own transaction and with the account row locked, and every change of a row is counted
   * (LedgerWrite.count): what changed between `from` and `to` is exactly `delta`.
   */
  advance(householdId: number, accountId: number, from: string, to: string, delta?: SumsDelta): boolean {
    const current = this.households.get(householdId)?.get(accountId);
    if (!current || current.version !== from) return false;
    const { sums, today } = current;
    const moved = { ...sums };
    const movedToday = today && { ...today };
    if (delta) {
      moved.total += delta.total;
      moved.pending += delta.pending;
      moved.cleared += delta.cleared;
      if (movedToday) for (const [date, cents] of delta.byDate) if (date <= movedToday.date) movedToday.sum += cents;
    }
    this.set(householdId, accountId, to, moved, movedToday);
    return true;
  }

  /** Records the sums of an account at `version` (with `today`'s when known, else the one held for that same version), unless a newer version is held already. */
  set(householdId: number, accountId: number, version: string, sums: RowSums, today?: HeldSums['today']): void {
    let accounts = this.households.get(householdId);
    const current = accounts?.get(accountId);
    if (current && BigInt(current.version) > BigInt(version)) return;
    if (!accounts) {
      accounts = new Map();
      this.households.set(householdId, accounts);
    }
    if (!current) this.size++;
    // The same version again without a date (a register model's sums) keeps the date's sum held.
    const kept = today ?? (current?.version === version ? current.today : undefined);
    accounts.set(accountId, kept ? { version, sums, today: kept } : { version, sums });
    // Over the bound: forget the households that were cached first (not this one).
    for (const [oldest, held] of this.households) {
      if (this.size <= this.maxAccounts || oldest === householdId) break;
      this.households.delete(oldest);
      this.size -= held.size;
    }
  }
}

/**
 * Reconciliation of a bank file with the account's register (docs/rules/import.md). Pure: rows
 * read from the file, the ledger's candidate rows and the bank ids svc-import recorded before in,
 * matched / new / duplicates out. Deterministic for the same input, O(n log n).
 *
 * In this order, each existing row used at most once:
 * 1. recorded: a file row whose import key (rowKey: the bank's FITID, else date, amount and
 *    payee) svc-import recorded for a row it created or cleared, and that row still exists, is a
 *    duplicate of that row (matched-by-id wins over everything else);
 * 2. exact twin: a file row with a cleared row of the same date, amount and payee (case-insensitive)
 *    is a possible duplicate of it; twins pair one to one in file order, so of two identical
 *    rows in one file the second is a duplicate only when a second cleared twin exists;
 * 3. same amount: a not-yet-cleared row with the same amount within 3 days (7 for budgeted rows),
 *    best date distance first over the whole file; at equal distance the earlier file row, then the
 *    earlier existing date, then actual before budgeted, then the lower id;
 * 4. payee: a not-yet-cleared budgeted row within 7 days with a different amount of the same sign
 *    and an alike payee (payee-similarity.ts), again best date distance first;
 * everything else is new.
 */
import { toDayNumber } from '@hf/calendar';
import type { Candidate } from '@hf/contracts/ledger-internal';
import type { MappedRow } from './statement';
import { payeeTwinKey, payeesAlike } from './payee-similarity';

export const MATCH_DAYS = 3;
export const BUDGETED_MATCH_DAYS = 7;
/** The candidates asked of the ledger: the file's dates widened by this many days each way. */
export const CANDIDATE_WINDOW_DAYS = BUDGETED_MATCH_DAYS;

/** A row of the account as the ledger's candidates call returns it, amount in cents. */
export interface ExistingTransaction {
  id: number;
  date: string;
  payee: string;
  amountCents: number;
  /** '', 'p' or 'x' (any case). */
  status: string;
  isBudgeted: boolean;
}

/** A row of svc-ledger's candidates answer as the matching reads it. */
export function existingFromLedger(c: Candidate): ExistingTransaction {
  return {
    id: c.id,
    date: c.date,
    payee: c.payee,
    amountCents: c.amount_cents,
    status: c.status,
    isBudgeted: c.is_budgeted,
  };
}

export type DuplicateReason = 'recorded' | 'twin';

/**
 * The key svc-import records for a file row it imported or reconciled: the bank's transaction id
 * when the file has one, else the row's date, amount and payee (a re-import of the same row of a
 * CSV file has the same key, whatever the register row it was matched to is called).
 */
export function rowKey(row: Pick<MappedRow, 'fitid' | 'date' | 'amountCents' | 'payee'>): string {
  return row.fitid !== null ? `fitid:${row.fitid}` : `row:${row.date}|${row.amountCents}|${payeeTwinKey(row.payee)}`;
}

export interface Reconciliation {
  matched: Array<{ row: MappedRow; existing: ExistingTransaction }>;
  new: MappedRow[];
  duplicates: Array<{ row: MappedRow; existing: ExistingTransaction; reason: DuplicateReason }>;
}

export function isCleared(status: string): boolean {
  return status === 'x' || status === 'X';
}

/** The candidate date range of a file's rows, or null for no rows. */
export function candidateRange(rows: readonly MappedRow[]): { from: number; to: number } | null {
  if (rows.length === 0) return null;
  // ISO dates order as text: two conversions, not one per row.
  let min = rows[0].date;
  let max = min;
  for (const row of rows) {
    if (row.date < min) min = row.date;
    else if (row.date > max) max = row.date;
  }
  return { from: toDayNumber(min) - CANDIDATE_WINDOW_DAYS, to: toDayNumber(max) + CANDIDATE_WINDOW_DAYS };
}

/** `f`, each distinct text worked out once (a statement repeats its dates and payees). */
function onceEach<T>(f: (text: string) => T): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined) known.set(text, (value = f(text)));
    return value;
  };
}

const byId = (a: ExistingTransaction, b: ExistingTransaction) => a.id - b.id;

/** Queues of rows by amount, then day: actual rows and budgeted rows apart, lowest id first. */
interface DayQueues {
  actual: ExistingTransaction[];
  budgeted: ExistingTransaction[];
  /** Next unread index of each queue. */
  a: number;
  b: number;
}

/** `recorded`: transaction ids by rowKey, in the order they are to be used. */
// Long: numbered passes over one shared state (used ids, outcomes), clearer read in one place.
export function reconcile(
  rows: readonly MappedRow[],
  candidates: readonly ExistingTransaction[],
  recorded: ReadonlyMap<string, readonly number[]> = new Map(),
): Reconciliation {
  const used = new Set<number>();
  const byIdMap = new Map(candidates.map((c) => [c.id, c]));
  /** Per file row (by index): what it became. */
  const outcome: Array<
    { kind: 'matched' | 'duplicate'; existing: ExistingTransaction; reason?: DuplicateReason } | undefined
  > = new Array(rows.length);

  // 1. Keys recorded at an earlier import, whose row still exists.
  if (recorded.size > 0) {
    rows.forEach((row, i) => {
      const ids = recorded.get(rowKey(row));
      if (!ids) return;
      for (const id of ids) {
        const existing = byIdMap.get(id);
        if (!existing || used.has(id)) continue;
        used.add(id);
        outcome[i] = { kind: 'duplicate', existing, reason: 'recorded' };
        return;
      }
    });
  }

  // 2. Exact twins among the cleared rows, one to one in file order. Indexed by date, amount and
  // payee key in nested maps (no key text made per row; a statement repeats its dates and payees).
  const twinKey = onceEach(payeeTwinKey);
  const twins = new Map<string, Map<number, Map<string, ExistingTransaction[]>>>();
  for (const c of [...candidates].sort(byId)) {
    if (!isCleared(c.status) || used.has(c.id)) continue;
    let byAmount = twins.get(c.date);
    if (!byAmount) twins.set(c.date, (byAmount = new Map()));
    let byPayee = byAmount.get(c.amountCents);
    if (!byPayee) byAmount.set(c.amountCents, (byPayee = new Map()));
    const key = twinKey(c.payee);
    const list = byPayee.get(key);
    if (list) list.push(c);
    else byPayee.set(key, [c]);
  }
  if (twins.size > 0) {
    rows.forEach((row, i) => {
      if (outcome[i]) return;
      const list = twins.get(row.date)?.get(row.amountCents)?.get(twinKey(row.payee));
      const existing = list?.shift();
      if (!existing) return;
      used.add(existing.id);
      outcome[i] = { kind: 'duplicate', existing, reason: 'twin' };
    });
  }

  // 3. Same amount, best date distance first.
  const dayOf = onceEach(toDayNumber);
  const open = candidates.filter((c) => !isCleared(c.status) && !used.has(c.id)).sort(byId);
  const byAmount = new Map<number, Map<number, DayQueues>>();
  for (const c of open) {
    let days = byAmount.get(c.amountCents);
    if (!days) byAmount.set(c.amountCents, (days = new Map()));
    const day = dayOf(c.date);
    let queues = days.get(day);
    if (!queues) days.set(day, (queues = { actual: [], budgeted: [], a: 0, b: 0 }));
    (c.isBudgeted ? queues.budgeted : queues.actual).push(c);
  }
  // Only when some open row may match (steps 3 and 4).
  const rowDays = open.length > 0 ? rows.map((row) => dayOf(row.date)) : [];
  const take = (queues: DayQueues | undefined, actualToo: boolean): ExistingTransaction | undefined => {
    if (!queues) return undefined;
    if (actualToo && queues.a < queues.actual.length) return queues.actual[queues.a++];
    if (queues.b < queues.budgeted.length) return queues.budgeted[queues.b++];
    return undefined;
  };
  if (byAmount.size > 0) {
    const pending = rows.map((_, i) => i).filter((i) => !outcome[i] && byAmount.has(rows[i].amountCents));
    for (let distance = 0; distance <= BUDGETED_MATCH_DAYS && pending.length > 0; distance++) {
      const actualToo = distance <= MATCH_DAYS;
      for (const i of pending) {
        if (outcome[i]) continue;
        const days = byAmount.get(rows[i].amountCents)!;
        const day = rowDays[i];
        const existing =
          take(days.get(day - distance), actualToo) ??
          (distance > 0 ? take(days.get(day + distance), actualToo) : undefined);
        if (existing) {
          used.add(existing.id);
          outcome[i] = { kind: 'matched', existing };
        }
      }
    }
  }

  // 4. Budgeted rows with a different amount and an alike payee.
  const plans = open.filter((c) => c.isBudgeted && !used.has(c.id));
  if (plans.length > 0) {
    const plansByDay = new Map<number, ExistingTransaction[]>();
    for (const c of plans) {
      const day = dayOf(c.date);
      const list = plansByDay.get(day);
      if (list) list.push(c);
      else plansByDay.set(day, [c]);
    }
    const pairs: Array<{ distance: number; i: number; day: number; existing: ExistingTransaction }> = [];
    rows.forEach((row, i) => {
      if (outcome[i] || row.amountCents === 0) return;
      for (let day = rowDays[i] - BUDGETED_MATCH_DAYS; day <= rowDays[i] + BUDGETED_MATCH_DAYS; day++) {
        for (const c of plansByDay.get(day) ?? []) {
          if (c.amountCents === row.amountCents || Math.sign(c.amountCents) !== Math.sign(row.amountCents)) continue;
          if (payeesAlike(row.payee, c.payee))
            pairs.push({ distance: Math.abs(day - rowDays[i]), i, day, existing: c });
        }
      }
    });
    pairs.sort((p, q) => p.distance - q.distance || p.i - q.i || p.day - q.day || p.existing.id - q.existing.id);
    for (const p of pairs) {
      if (outcome[p.i] || used.has(p.existing.id)) continue;
      used.add(p.existing.id);
      outcome[p.i] = { kind: 'matched', existing: p.existing };
    }
  }

  const result: Reconciliation = { matched: [], new: [], duplicates: [] };
  rows.forEach((row, i) => {
    const o = outcome[i];
    if (!o) result.new.push(row);
    else if (o.kind === 'matched') result.matched.push({ row, existing: o.existing });
    else result.duplicates.push({ row, existing: o.existing, reason: o.reason! });
  });
  return result;
}

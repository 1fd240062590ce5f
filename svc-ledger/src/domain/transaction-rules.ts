import type { LedgerTransactionSnapshot } from '@hf/contracts/ledger-events';
import { fromCents, type Cents } from '@hf/money';
import { sameLines, type SplitLineCents } from './splits';
import type { Status } from './status';

/** One transaction as the ledger holds it (money in cents). */
export interface TxRow {
  id: number;
  household_id: number;
  account_id: number;
  date: string;
  payee: string;
  amount: Cents;
  status: Status;
  notes: string;
  category_id: number | null;
  is_budgeted: boolean;
  schedule_id: number | null;
  schedule_month: string | null;
  transfer_id: number | null;
  transfer_account_id: number | null;
  transfer_transaction_id: number | null;
  deleted: boolean;
  deleted_reason: string | null;
  created_at: string;
  updated_at: string;
  /** A split row's lines (its category_id is null); null or absent: not split. */
  splits?: SplitLineCents[] | null;
}

export interface RowEdit {
  date?: string;
  payee?: string;
  amount?: Cents;
  status?: Status;
  notes?: string;
  category_id?: number | null;
  /** The row's lines after the edit ([]: not split); checked by domain/splits.ts. */
  splits?: SplitLineCents[];
}

/** The fields a person edits; a change to any of them is "edited" in the history. */
const EDITABLE = ['date', 'payee', 'amount', 'status', 'notes', 'category_id'] as const;
/** Fields whose change the history records. */
const RECORDED = [
  'account_id',
  'date',
  'payee',
  'amount',
  'status',
  'notes',
  'category_id',
  'is_budgeted',
  'transfer_id',
  'transfer_account_id',
  'deleted',
] as const;

const isLeg = (row: TxRow) => row.transfer_id !== null;

/** A row and its other leg (if any) before and after a change, as the pairs the write helpers take. */
export function legPairs(
  before: { row: TxRow; peer: TxRow | null },
  after: { row: TxRow; peer: TxRow | null },
): Array<{ before: TxRow; after: TxRow }> {
  const pairs = [{ before: before.row, after: after.row }];
  if (before.peer && after.peer) pairs.push({ before: before.peer, after: after.peer });
  return pairs;
}

/**
 * A PUT on a row. For a transfer leg: payee and category are fixed (ignored), and amount and
 * date are mirrored on the other leg (amount negated). A budgeted row (and its pair) that is
 * edited becomes actual. Returns the new rows; unchanged rows are returned as given.
 */
export function applyEdit(row: TxRow, peer: TxRow | null, edit: RowEdit): { row: TxRow; peer: TxRow | null } {
  const next: TxRow = { ...row };
  for (const field of EDITABLE) {
    const value = edit[field];
    if (value === undefined) continue;
    if (isLeg(row) && (field === 'payee' || field === 'category_id')) continue;
    (next as unknown as Record<string, unknown>)[field] = value;
  }
  if (edit.splits !== undefined && !isLeg(row) && !sameLines(edit.splits, row.splits)) {
    next.splits = edit.splits.length > 0 ? edit.splits : null;
    if (edit.splits.length > 0) next.category_id = null;
  }
  const changed = EDITABLE.some((f) => next[f] !== row[f]) || !sameLines(next.splits, row.splits);
  if (!changed) return { row, peer };
  let nextPeer = peer;
  if (peer && isLeg(row)) {
    nextPeer = { ...peer, date: next.date, amount: next.amount === 0 ? 0 : -next.amount };
  }
  if (row.is_budgeted) {
    next.is_budgeted = false;
    if (nextPeer && nextPeer.is_budgeted) nextPeer = { ...nextPeer, is_budgeted: false };
  }
  return { row: next, peer: nextPeer };
}

/** Setting a status; a budgeted row given a status (and its pair) becomes actual. */
export function applyStatus(row: TxRow, peer: TxRow | null, status: Status): { row: TxRow; peer: TxRow | null } {
  if (row.status === status) return { row, peer };
  const next: TxRow = { ...row, status };
  let nextPeer = peer;
  if (row.is_budgeted && status !== '') {
    next.is_budgeted = false;
    if (peer && peer.is_budgeted) nextPeer = { ...peer, is_budgeted: false };
  }
  return { row: next, peer: nextPeer };
}

export type MoveRefusal = 'same-as-other-leg';

/**
 * Moving a row to another account keeps id, date, amount and status. A transfer leg cannot
 * move into its other leg's account; the other leg then names the new account. A budgeted row
 * that is moved becomes actual (it no longer is the plan's row).
 */
export function applyMove(
  row: TxRow,
  peer: TxRow | null,
  destination: { id: number; name: string },
): { row: TxRow; peer: TxRow | null } | MoveRefusal {
  if (isLeg(row) && row.transfer_account_id === destination.id) return 'same-as-other-leg';
  if (row.account_id === destination.id) return { row, peer };
  const next: TxRow = { ...row, account_id: destination.id, is_budgeted: false };
  let nextPeer = peer;
  if (peer && isLeg(row))
    nextPeer = { ...peer, transfer_account_id: destination.id, payee: destination.name, is_budgeted: false };
  return { row: next, peer: nextPeer };
}

/** The other leg of a transfer whose account is deleted becomes an ordinary row. */
export function detachLeg(leg: TxRow, deletedAccountName: string): TxRow {
  return {
    ...leg,
    transfer_id: null,
    transfer_account_id: null,
    transfer_transaction_id: null,
    payee: deletedAccountName,
    category_id: null,
  };
}

/** True when any stored field differs. */
export function rowChanged(before: TxRow, after: TxRow): boolean {
  return (
    RECORDED.some((f) => before[f] !== after[f]) ||
    before.schedule_id !== after.schedule_id ||
    !sameLines(before.splits, after.splits)
  );
}

/** A row's lines in API form (decimal amounts), for the history. */
const apiLines = (lines: SplitLineCents[] | null | undefined) =>
  (lines ?? []).map((l) => ({ category_id: l.category_id, amount: fromCents(l.amount), notes: l.notes }));

const apiValue = (field: string, value: unknown) =>
  field === 'amount' && typeof value === 'number' ? fromCents(value) : value;

/** Old and new values of the recorded fields that differ, in API form (amounts as decimals). */
export function historyDiff(
  before: TxRow,
  after: TxRow,
): { old_values: Record<string, unknown>; new_values: Record<string, unknown> } {
  const old_values: Record<string, unknown> = {};
  const new_values: Record<string, unknown> = {};
  for (const f of RECORDED) {
    if (before[f] !== after[f]) {
      old_values[f] = apiValue(f, before[f]);
      new_values[f] = apiValue(f, after[f]);
    }
  }
  if (!sameLines(before.splits, after.splits)) {
    old_values.splits = apiLines(before.splits);
    new_values.splits = apiLines(after.splits);
  }
  return { old_values, new_values };
}

/** All recorded values of a row in API form (for a "created" history entry). */
export function historyValues(row: TxRow): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of RECORDED) if (f !== 'deleted') values[f] = apiValue(f, row[f]);
  if (row.splits && row.splits.length > 0) values.splits = apiLines(row.splits);
  return values;
}

/** The event form of a row (cents); a split row's carries its lines (the events' split versions, events.ts). */
export function toEventSnapshot(row: TxRow): LedgerTransactionSnapshot {
  const snapshot: LedgerTransactionSnapshot = {
    id: row.id,
    household_id: row.household_id,
    account_id: row.account_id,
    date: row.date,
    payee: row.payee,
    amount_cents: row.amount,
    status: row.status,
    notes: row.notes,
    category_id: row.category_id,
    is_budgeted: row.is_budgeted,
    schedule_id: row.schedule_id,
    schedule_month: row.schedule_month,
    transfer_id: row.transfer_id,
    transfer_account_id: row.transfer_account_id,
    transfer_transaction_id: row.transfer_transaction_id,
    deleted: row.deleted,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  if (row.splits && row.splits.length > 0)
    snapshot.splits = row.splits.map((l) => ({ category_id: l.category_id, amount_cents: l.amount, notes: l.notes }));
  return snapshot;
}

/** Upper bound of a row snapshot's JSON size in bytes (text may be 3 bytes a character). */
export const snapshotBytes = (row: { payee: string; notes: string; splits?: readonly { notes: string }[] | null }) =>
  420 +
  3 * (row.payee.length + row.notes.length) +
  (row.splits ? row.splits.reduce((n, l) => n + 90 + 3 * l.notes.length, 0) : 0);

/**
 * Splits rows for events so that each event's payload stays well under the bus's 1 MB message
 * limit (at most `maxBytes` by the `bytesOf` upper bound, and never more than `maxItems`).
 */
export function chunksBySize<T>(
  items: readonly T[],
  bytesOf: (item: T) => number,
  maxBytes = 600_000,
  maxItems = 2000,
): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = bytesOf(item);
    if (current.length > 0 && (bytes + size > maxBytes || current.length >= maxItems)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

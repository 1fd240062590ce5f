import { EVENTS } from '@hf/contracts';
import { compactRows } from '@hf/contracts/compact-rows';
import { TRANSFER_CATEGORY_NAME, type TransactionRecord } from '@hf/contracts/ledger';
import type { TransactionChangedV1, TransactionRecordedV1, TransactionRecordedV2 } from '@hf/contracts/ledger-events';
import { badRequest, notFound } from '@hf/service-kit/errors';
import { findByPath } from '../domain/category-tree';
import type { SplitLineCents } from '../domain/splits';
import type { Status } from '../domain/status';
import { chunksBySize, historyValues, snapshotBytes, toEventSnapshot, type TxRow } from '../domain/transaction-rules';
import type { AccountRow } from './accounts';
import { categoriesExist, categoriesOf } from './categories';
import type { LedgerWrite } from './events';
import { insertHistory } from './history';
import {
  allocateIds,
  insertRows,
  nextTransferId,
  persistChanges,
  recordById,
  type NewRow,
  type RowChange,
} from './transactions';
import type { Queryable } from './sql';

/**
 * The category a request names: `category_id` (must be the household's, else 404), or else a
 * `category` text (`Parent: Child` / `Name`, case-insensitive; unknown -> 400; the transfer
 * pseudo-category and blank mean none). `undefined` when the request names neither.
 */
export async function resolveCategory(
  q: Queryable,
  householdId: number,
  input: { category_id?: number | null; category?: string | null },
): Promise<number | null | undefined> {
  if (input.category_id !== undefined && input.category_id !== null) {
    if (!(await categoriesExist(q, householdId, [input.category_id]))) throw notFound('Category not found.');
    return input.category_id;
  }
  if (input.category_id === null) return null;
  if (input.category === undefined) return undefined;
  const text = (input.category ?? '').trim();
  if (text === '' || text.toLowerCase() === TRANSFER_CATEGORY_NAME.toLowerCase()) return null;
  const found = findByPath(await categoriesOf(q, householdId), text);
  if (!found) throw badRequest(`The category "${text}" does not exist.`);
  return found.id;
}

export interface NewTransaction {
  date: string;
  payee: string;
  amount: number;
  status: Status;
  notes: string;
  category_id: number | null;
  /** A split row's lines (checked: domain/splits.ts); its category_id is then null. */
  splits?: SplitLineCents[];
}

/**
 * A new ordinary row (not budgeted, not a transfer) with what was entered. Every field written
 * out: `{ ...blank, ...entered }` with a field overridden makes V8 slow, in building the row
 * and in every later read of it.
 */
export function ordinaryRow(
  w: LedgerWrite,
  id: number,
  accountId: number,
  input: Omit<NewTransaction, 'category_id'>,
  categoryId: number | null,
): NewRow {
  return {
    id,
    household_id: w.householdId,
    account_id: accountId,
    date: input.date,
    payee: input.payee,
    amount: input.amount,
    status: input.status,
    notes: input.notes,
    category_id: categoryId,
    is_budgeted: false,
    schedule_id: null,
    schedule_month: null,
    transfer_id: null,
    transfer_account_id: null,
    transfer_transaction_id: null,
  };
}

const NOTHING_ENTERED = { date: '', payee: '', amount: 0, status: '', notes: '' } as const;

/** A new row's fields besides what was entered (to be spread under them): no category, not budgeted, not a transfer. */
export const blankRow = (w: LedgerWrite, id: number, accountId: number): NewRow =>
  ordinaryRow(w, id, accountId, NOTHING_ENTERED, null);

/** A row (or its event snapshot) carrying split lines. */
const hasLines = (r: { splits?: readonly unknown[] | null }): boolean => !!r.splits && r.splits.length > 0;

/**
 * Emits ledger.transaction.recorded.v1 for new rows (chunked) and, unless bulk, "created" history.
 * `compact` (a bulk import): v2 instead, each event's shared fields written once (far less JSON
 * for the outbox, the bus and the mirrors).
 */
export async function announceCreated(
  w: LedgerWrite,
  rows: readonly TxRow[],
  origin: string,
  withHistory = true,
  compact = false,
): Promise<void> {
  if (withHistory) {
    await insertHistory(
      w.client,
      w.householdId,
      w.userId,
      rows.map((r) => ({ transaction_id: r.id, action: 'created', old_values: {}, new_values: historyValues(r) })),
    );
  }
  for (const part of chunksBySize(rows, snapshotBytes)) {
    const snapshots = part.map(toEventSnapshot);
    const subject = `account/${part[0].account_id}`;
    // A compact event has no room for lines: a part's split rows are written whole (their
    // split version), the others compact.
    const split = compact ? snapshots.filter(hasLines) : snapshots;
    const plain = compact ? (split.length === 0 ? snapshots : snapshots.filter((r) => !hasLines(r))) : [];
    if (plain.length > 0) {
      const data: TransactionRecordedV2 = { ...compactRows(plain), origin };
      w.emit(EVENTS.transactionRecordedCompact, subject, data);
    }
    if (split.length > 0) {
      const data: TransactionRecordedV1 = { transactions: split, origin };
      w.emit(EVENTS.transactionRecorded, subject, data);
    }
  }
}

/** One ordinary row. */
export async function createSingle(w: LedgerWrite, account: AccountRow, input: NewTransaction): Promise<TxRow> {
  const [id] = await allocateIds(w.client, 1);
  const split = input.splits && input.splits.length > 0 ? input.splits : null;
  const [row] = await insertRows(
    w,
    [{ ...ordinaryRow(w, id, account.id, input, split ? null : input.category_id), splits: split }],
    w.userId,
  );
  await announceCreated(w, [row], 'api');
  return row;
}

export interface TransferInput {
  from: AccountRow;
  to: AccountRow;
  /** > = 0 cents moving from `from` to `to`. */
  amountCents: number;
  date: string;
  notes: string;
  fromStatus: Status;
  toStatus: Status;
  budgeted?: { schedule_id: number; schedule_month: string };
}

/** Both legs of a transfer, linked, in one statement: -amount in `from`, +amount in `to`. */
export async function createTransfer(
  w: LedgerWrite,
  input: TransferInput,
  origin = 'transfer',
): Promise<{ fromLeg: TxRow; toLeg: TxRow }> {
  const [fromId, toId] = await allocateIds(w.client, 2);
  const transferId = await nextTransferId(w.client);
  const shared = {
    date: input.date,
    notes: input.notes,
    transfer_id: transferId,
    is_budgeted: input.budgeted !== undefined,
    schedule_id: input.budgeted?.schedule_id ?? null,
    schedule_month: input.budgeted?.schedule_month ?? null,
  };
  const [fromLeg, toLeg] = await insertRows(
    w,
    [
      {
        ...blankRow(w, fromId, input.from.id),
        ...shared,
        payee: input.to.name,
        amount: input.amountCents === 0 ? 0 : -input.amountCents,
        status: input.fromStatus,
        transfer_account_id: input.to.id,
        transfer_transaction_id: toId,
      },
      {
        ...blankRow(w, toId, input.to.id),
        ...shared,
        payee: input.from.name,
        amount: input.amountCents,
        status: input.toStatus,
        transfer_account_id: input.from.id,
        transfer_transaction_id: fromId,
      },
    ],
    w.userId,
  );
  await announceCreated(w, [fromLeg, toLeg], origin, input.budgeted === undefined);
  return { fromLeg, toLeg };
}

/**
 * Persists edited rows, records one history entry per changed row (`action`, unless
 * `withHistory` is false) and announces them with `eventType` (changed, moved, deleted or
 * restored). Returns the stored changes, with each row in API form when `records`.
 */
export async function applyChanges(
  w: LedgerWrite,
  pairs: ReadonlyArray<{ before: TxRow; after: TxRow | null }>,
  action: string,
  announce: (changes: RowChange[]) => void,
  options: { withHistory?: boolean; records?: boolean } = {},
): Promise<RowChange[]> {
  const { withHistory = true, records = false } = options;
  const changes = await persistChanges(w, pairs, { historyAction: withHistory ? action : undefined, records });
  if (changes.length === 0) return changes;
  announce(changes);
  return changes;
}

/** Announces ledger.transaction.changed.v1 for changes (chunked). */
export function announceChanged(w: LedgerWrite, reason: string): (changes: RowChange[]) => void {
  return (changes) => {
    for (const part of chunksBySize(changes, (c) => snapshotBytes(c.before) + snapshotBytes(c.after))) {
      const data: TransactionChangedV1 = {
        changes: part.map((c) => ({ before: toEventSnapshot(c.before), after: toEventSnapshot(c.after) })),
        reason,
      };
      w.emit(EVENTS.transactionChanged, `account/${part[0].after.account_id}`, data);
    }
  };
}

/** The row `id` in API form as a change written with `records` left it, or read (unchanged: no change of it). */
export async function recordAfter(
  w: LedgerWrite,
  changes: readonly RowChange[],
  id: number,
): Promise<TransactionRecord> {
  return changes.find((c) => c.after.id === id)?.record ?? recordById(w.client, w.householdId, id);
}

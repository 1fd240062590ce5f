import { isValidDate } from '@hf/calendar';
import type { BulkTransactionInput } from '@hf/contracts/ledger-internal';
import { MAX_ABS_CENTS } from '@hf/money';

/**
 * The rules of one row of a bulk create (`POST /internal/transactions/bulk`), in one place: the
 * caller (svc-import) checks its rows with them before it sends, and svc-ledger checks what it
 * receives with them before it touches the database. A broken rule is a BulkRowError naming the
 * row (1-based), which each side answers as a 400.
 */
export class BulkRowError extends Error {}

/** A row's status as stored: '' (open), 'p' (pending) or 'x' (cleared). */
export type BulkRowStatus = '' | 'p' | 'x';

/** A row after its checks: real date, payee and notes trimmed (payee not blank), status in stored form. */
export interface CheckedBulkRow {
  date: string;
  payee: string;
  amount_cents: number;
  status: BulkRowStatus;
  notes: string;
  category_id?: number | null;
  category?: string | null;
  /** The row's split lines as sent (svc-ledger checks them with its split rules). */
  splits?: BulkTransactionInput['splits'];
}

/** One row checked; `index` is its place in the call (0-based), named 1-based in messages. */
export function checkBulkRow(row: BulkTransactionInput, index: number): CheckedBulkRow {
  return {
    date: row.date,
    payee: checkedBulkPayee(row.date, row.payee, row.amount_cents, index),
    amount_cents: row.amount_cents,
    status: checkedBulkStatus(row.status, index),
    notes: row.notes === undefined ? '' : row.notes.trim(),
    category_id: row.category_id,
    category: row.category,
    splits: row.splits,
  };
}

/** `Transaction 3`: the row at `index` (0-based), as messages name it. */
export const bulkRowPlace = (index: number) => `Transaction ${index + 1}`;

/**
 * A row's date, payee and amount checked by the rules above; answers the payee trimmed. Builds no
 * object (an import checks tens of thousands of rows with it, on each side of the call).
 */
export function checkedBulkPayee(date: string, payee: string, amountCents: number, index: number): string {
  if (!isValidDate(date)) throw new BulkRowError(`${bulkRowPlace(index)}: the date must be a real date (YYYY-MM-DD).`);
  const trimmed = payee.trim();
  if (trimmed === '') throw new BulkRowError(`${bulkRowPlace(index)}: payee is required.`);
  if (!Number.isSafeInteger(amountCents) || Math.abs(amountCents) > MAX_ABS_CENTS)
    throw new BulkRowError(`${bulkRowPlace(index)}: the amount must be a whole number of cents within 10^12 dollars.`);
  return trimmed;
}

/** A row's status in stored form ('' when none is sent), or a BulkRowError naming the row. */
export function checkedBulkStatus(status: string | undefined, index: number): BulkRowStatus {
  if (status === undefined || status === '') return '';
  if (status === 'x' || status === 'p') return status;
  const stored = status.trim().toLowerCase();
  if (stored !== '' && stored !== 'p' && stored !== 'x')
    throw new BulkRowError(`${bulkRowPlace(index)}: status must be empty, p or x.`);
  return stored;
}

/** Every row checked, or a BulkRowError naming the first bad one. */
export function checkBulkRows(rows: readonly BulkTransactionInput[]): CheckedBulkRow[] {
  return rows.map(checkBulkRow);
}

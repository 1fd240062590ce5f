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
  const where = `Transaction ${index + 1}`;
  if (!isValidDate(row.date)) throw new BulkRowError(`${where}: the date must be a real date (YYYY-MM-DD).`);
  const payee = row.payee.trim();
  if (payee === '') throw new BulkRowError(`${where}: payee is required.`);
  if (!Number.isSafeInteger(row.amount_cents) || Math.abs(row.amount_cents) > MAX_ABS_CENTS)
    throw new BulkRowError(`${where}: the amount must be a whole number of cents within 10^12 dollars.`);
  const status = (row.status ?? '').trim().toLowerCase() as BulkRowStatus;
  if (status !== '' && status !== 'p' && status !== 'x')
    throw new BulkRowError(`${where}: status must be empty, p or x.`);
  return {
    date: row.date,
    payee,
    amount_cents: row.amount_cents,
    status,
    notes: (row.notes ?? '').trim(),
    category_id: row.category_id,
    category: row.category,
    splits: row.splits,
  };
}

/** Every row checked, or a BulkRowError naming the first bad one. */
export function checkBulkRows(rows: readonly BulkTransactionInput[]): CheckedBulkRow[] {
  return rows.map(checkBulkRow);
}

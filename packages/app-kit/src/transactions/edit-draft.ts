/**
 * Editing one transaction (the register's row editor and the reports' drill-down): a row as
 * editable text, and the PUT /transactions/{id} body of what changed.
 */
import { parseEntryDate, type CalendarDate } from '@hf/calendar';
import type { UpdateTransactionBody } from '@hf/contracts';
import { canonicalCategoryText, TRANSFER_CATEGORY, type CategoryOption } from '../categories/category-text';
import { displayDate } from '@hf/app-kit';
import { dollarsToCents, fromCents } from '@hf/money';
import { netAmountCents, normalizeStatus, splitAmount, type TransactionStatus } from './amount-fields';

export type { UpdateTransactionBody };

export type EditField = 'date' | 'payee' | 'payment' | 'deposit' | 'status' | 'category' | 'notes';

/** A transaction's fields as typed (the entry line adds its transfer destination). */
export interface TransactionDraft {
  date: string;
  payee: string;
  payment: string;
  deposit: string;
  status: TransactionStatus;
  category: string;
  notes: string;
}

/** What editing needs of a row: the register's rows and the reports' drill-down rows both have it. */
export interface EditableTransaction {
  date: string;
  payee: string;
  amount: number;
  status: string;
  notes: string | null;
  category_id: number | null;
  category_name: string | null;
  /** A transfer leg's link (register rows); absent where transfers never appear (reports). */
  transfer_id?: number | null;
}

export function isTransferRow(row: Pick<EditableTransaction, 'transfer_id' | 'category_name'>): boolean {
  return (row.transfer_id !== undefined && row.transfer_id !== null) || row.category_name === TRANSFER_CATEGORY;
}

export function draftFromRow(row: EditableTransaction): TransactionDraft {
  return {
    date: displayDate(row.date),
    payee: row.payee,
    ...splitAmount(dollarsToCents(row.amount)),
    status: normalizeStatus(row.status),
    category: row.category_name ?? '',
    notes: row.notes ?? '',
  };
}

export type EditCheck =
  | { ok: false; message: string; field: EditField }
  | {
      ok: true;
      date: CalendarDate;
      amountChanged: boolean;
      amountCents: number;
      body: UpdateTransactionBody;
      categoryChanged: boolean;
    };

/**
 * Validates the draft and lists what changed. The category is compared as text (case-insensitive
 * through the canonical spelling); the caller turns changed text into an id with the creation
 * flow. An amount is sent only when it changed.
 */
export function checkEdit(
  row: EditableTransaction,
  draft: TransactionDraft,
  today: CalendarDate,
  options: readonly CategoryOption[],
): EditCheck {
  const date = parseEntryDate(draft.date, today);
  if (!date) return { ok: false, message: 'Please enter a valid date.', field: 'date' };
  const transfer = isTransferRow(row);
  const payee = draft.payee.trim();
  if (!transfer && !payee) return { ok: false, message: 'Payee is required.', field: 'payee' };
  const cents = netAmountCents(draft.payment, draft.deposit);
  if (cents === null) return { ok: false, message: 'Please enter a valid amount.', field: 'payment' };
  const body: UpdateTransactionBody = {};
  if (date !== row.date) body.date = date;
  if (!transfer && payee !== row.payee) body.payee = payee;
  const amountChanged = cents !== dollarsToCents(row.amount);
  if (amountChanged) body.amount = fromCents(cents);
  if (draft.status !== normalizeStatus(row.status)) body.status = draft.status;
  if (draft.notes.trim() !== (row.notes ?? '').trim()) body.notes = draft.notes.trim();
  const categoryChanged =
    !transfer &&
    canonicalCategoryText(draft.category, options).toLocaleLowerCase() !==
      (row.category_name ?? '').toLocaleLowerCase();
  return { ok: true, date, amountChanged, amountCents: cents, body, categoryChanged };
}

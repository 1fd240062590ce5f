/**
 * The entry line's rules as pure functions (docs/rules/ledger.md, Transfers): the transfer rule (payee equal
 * to another account's name), the transfer's direction from net = deposit - payment, and
 * validation of a draft. The amount and status fields themselves are app-kit's.
 */
import {
  netAmountCents,
  normalizeStatus,
  parseAmountField,
  type TransactionDraft,
  type TransactionStatus,
} from '@hf/app-kit/editing';
import { parseEntryDate, type CalendarDate } from '@hf/calendar';
import { fromCents } from '@hf/money';

/** Entry line draft: a transaction's fields as typed, plus the transfer destination. */
export interface EntryDraft extends TransactionDraft {
  destinationAccountId: number | null;
}

export interface AccountRef {
  id: number;
  name: string;
}

/** The other account whose name equals the payee, case-insensitively (the transfer rule). */
export function findTransferAccount<T extends AccountRef>(
  payee: string,
  accounts: readonly T[],
  currentAccountId: number,
): T | null {
  const name = payee.trim().toLocaleLowerCase();
  if (!name) return null;
  return accounts.find((a) => a.id !== currentAccountId && a.name.trim().toLocaleLowerCase() === name) ?? null;
}

export interface TransferLegs {
  from_account_id: number;
  to_account_id: number;
  /** Positive dollars: the absolute net. */
  amount: number;
}

/**
 * docs/rules/ledger.md, Transfers: the from-account is the current account if the net is negative,
 * otherwise the destination; the to-account is the current account if the net is positive,
 * otherwise the destination. A zero net (only after the zero-amount confirmation) goes out of the
 * current account, so the pair is never the same account twice.
 */
export function transferLegs(netCents: number, currentAccountId: number, destinationAccountId: number): TransferLegs {
  const incoming = netCents > 0;
  return {
    from_account_id: incoming ? destinationAccountId : currentAccountId,
    to_account_id: incoming ? currentAccountId : destinationAccountId,
    amount: fromCents(Math.abs(netCents)),
  };
}

export const TRANSFER_DESTINATION_MESSAGE = 'Please select a valid account for the transfer.';
export const ZERO_AMOUNT_QUESTION = 'Are you sure you want to create a transaction with a zero amount?';

export type EntryCheck =
  | { ok: true; date: CalendarDate; payee: string; amountCents: number; status: TransactionStatus; notes: string }
  | { ok: false; field: 'date' | 'payee' | 'payment' | 'deposit'; message: string };

/** Date and payee are required; the amounts must be amounts. Transfers and categories are checked by the caller. */
export function checkEntry(
  draft: Pick<EntryDraft, 'date' | 'payee' | 'payment' | 'deposit' | 'status' | 'notes'>,
  today: CalendarDate,
): EntryCheck {
  const date = parseEntryDate(draft.date, today);
  if (!draft.date.trim() || !date) return { ok: false, field: 'date', message: 'Please enter a valid date.' };
  const payee = draft.payee.trim();
  if (!payee) return { ok: false, field: 'payee', message: 'Payee is required.' };
  if (parseAmountField(draft.payment) === null)
    return { ok: false, field: 'payment', message: 'Payment must be an amount.' };
  if (parseAmountField(draft.deposit) === null)
    return { ok: false, field: 'deposit', message: 'Deposit must be an amount.' };
  return {
    ok: true,
    date,
    payee,
    amountCents: netAmountCents(draft.payment, draft.deposit)!,
    status: normalizeStatus(draft.status),
    notes: draft.notes.trim(),
  };
}

/** A fresh draft after a submission: everything cleared except the date. */
export function resetDraftKeepingDate(draft: EntryDraft): EntryDraft {
  return { ...emptyDraft(draft.date) };
}

export function emptyDraft(date: string): EntryDraft {
  return { date, payee: '', payment: '', deposit: '', status: '', category: '', notes: '', destinationAccountId: null };
}

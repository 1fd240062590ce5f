/**
 * A transaction's amount and status as the register's fields show them (docs/rules/ledger.md, screens.md):
 * a signed amount in cents split into Payment / Deposit text and back, and the status values.
 */
import { centsToDecimalText, parseCurrencyInput } from '@hf/money';

export type TransactionStatus = '' | 'p' | 'x';

/** 'P' -> 'p', 'X' -> 'x', anything else -> '' (upper case is accepted, stored lower case). */
export function normalizeStatus(status: string | null | undefined): TransactionStatus {
  const s = (status ?? '').trim().toLowerCase();
  return s === 'p' || s === 'x' ? s : '';
}

/** A cleared (reconciled) row: its amount and status are locked until the person unlocks them. */
export const isCleared = (status: string | null | undefined) => normalizeStatus(status) === 'x';

/** One amount field: blank counts as 0; null when it is not an amount. */
export function parseAmountField(text: string): number | null {
  if (text.trim() === '') return 0;
  return parseCurrencyInput(text);
}

/** Net amount in cents = deposit - payment (blank counts as 0); null when a field is not an amount. */
export function netAmountCents(payment: string, deposit: string): number | null {
  const p = parseAmountField(payment);
  const d = parseAmountField(deposit);
  if (p === null || d === null) return null;
  return d - p;
}

/** A signed amount (cents) back into the two fields, as the register shows them. */
export function splitAmount(cents: number): { payment: string; deposit: string } {
  if (cents < 0) return { payment: centsToDecimalText(-cents), deposit: '' };
  if (cents > 0) return { payment: '', deposit: centsToDecimalText(cents) };
  return { payment: '', deposit: '' };
}

/** Pure helpers of The Predictables grid: cell text, transfers, and what a cell edit means. */
import { BUDGET_MESSAGES } from '@hf/contracts/budget-limits';
import { TRANSFER_CATEGORY_NAME } from '@hf/contracts/ledger-limits';
import { centsToDecimalText, dollarsToCents, formatCurrency, parseCurrencyInput } from '@hf/money';
import type { Predictable } from './api';

/** Columns before the 12 month columns. */
export const FIXED_COLUMNS = ['payee', 'category', 'schedule'] as const;
export type FixedColumn = (typeof FIXED_COLUMNS)[number];

/** The column of a cell: a fixed one or a month key `YYYY-MM-01`. */
export function columnAt(index: number, months: readonly string[]): FixedColumn | { month: string } {
  return index < FIXED_COLUMNS.length ? FIXED_COLUMNS[index] : { month: months[index - FIXED_COLUMNS.length] };
}

/** A scheduled transfer (its payee is another account's name) or an incoming mirror. */
export function isTransferItem(item: Predictable): boolean {
  return item.transfer_account_id !== null || item.is_incoming_transfer || item.category === TRANSFER_CATEGORY_NAME;
}

export function categoryCellText(item: Predictable): string {
  return isTransferItem(item) ? TRANSFER_CATEGORY_NAME : (item.category ?? '');
}

/** The amount of a month (0 when absent), in cents. */
export function monthCents(item: Predictable, month: string): number {
  return dollarsToCents(item.values[month]);
}

/** An item's occurrence dates in a month of the grid; null when the answer does not list the month. */
export function monthOccurrences(item: Predictable, month: string): readonly string[] | null {
  return item.occurrences[month] ?? null;
}

/** A zero shows as a dash in the planned tables (docs/rules/money.md). */
export function amountCellText(cents: number): string {
  return cents === 0 ? '-' : formatCurrency(cents);
}

/** The text an amount cell's editor opens with: `1200.5` style, empty for 0. */
export function amountEditText(cents: number): string {
  return cents === 0 ? '' : centsToDecimalText(cents);
}

export type AmountEdit = { kind: 'unchanged' } | { kind: 'invalid'; message: string } | { kind: 'save'; cents: number };

/** A typed amount against the cell's current one: only a changed value is saved. */
export function parseAmountEdit(text: string, currentCents: number): AmountEdit {
  const cents = text.trim() === '' ? 0 : parseCurrencyInput(text);
  if (cents === null) return { kind: 'invalid', message: 'Please enter a valid amount.' };
  if (cents < 0) return { kind: 'invalid', message: BUDGET_MESSAGES.negativeAmount };
  return cents === currentCents ? { kind: 'unchanged' } : { kind: 'save', cents };
}

export const DAY_REQUIRED = 'Day is required.';
export const DAY_RANGE = 'Day must be between 1 and 31.';
export const PAYEE_REQUIRED = 'Payee is required.';

/** Day of month 1..31 (docs/rules/predictables.md): the day, or the message. */
export function parseDay(text: string): { ok: true; day: number } | { ok: false; message: string } {
  const t = text.trim();
  if (!t) return { ok: false, message: DAY_REQUIRED };
  if (!/^\d{1,2}$/.test(t)) return { ok: false, message: DAY_RANGE };
  const day = Number(t);
  return day >= 1 && day <= 31 ? { ok: true, day } : { ok: false, message: DAY_RANGE };
}

/** The other account a payee names (case-insensitive), making the item a transfer. */
export function transferAccountFor<T extends { id: number; name: string }>(
  payee: string,
  accounts: readonly T[],
  currentAccountId: number,
): T | null {
  const p = payee.trim().toLocaleLowerCase();
  if (!p) return null;
  return accounts.find((a) => a.id !== currentAccountId && a.name.trim().toLocaleLowerCase() === p) ?? null;
}

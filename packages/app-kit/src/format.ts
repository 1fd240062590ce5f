/**
 * How the screens show API values: decimal dollars through @hf/money's cents formatter, and
 * calendar dates as M/D/YYYY (US short date, docs/rules/dates.md).
 */
import type { CalendarDate } from '@hf/calendar';
import { isLiability, type AccountKind } from '@hf/contracts/ledger-limits';
import { dollarsToCents, formatCurrency } from '@hf/money';

/** `$1,234.56` / `-$12.00` of an amount in decimal dollars. */
export function formatDollars(amount: number | null | undefined): string {
  return formatCurrency(dollarsToCents(amount));
}

/**
 * An account's balance as its kind reads (docs/rules/ledger.md, "Accounts"): a credit card's or
 * loan's balance below zero is what is owed (`-500.00` -> `$500.00 owed`), one above zero is in
 * credit; any other kind (and net worth, `null`) is plain dollars.
 */
export function formatBalance(amount: number, kind: AccountKind | null | undefined): string {
  if (!kind || !isLiability(kind)) return formatDollars(amount);
  const cents = dollarsToCents(amount);
  return cents > 0 ? `${formatCurrency(cents)} in credit` : `${formatCurrency(Math.abs(cents))} owed`;
}

/** `2025-03-04` -> `3/4/2025`. */
export function displayDate(date: CalendarDate): string {
  const [y, m, d] = date.split('-');
  return `${Number(m)}/${Number(d)}/${y}`;
}

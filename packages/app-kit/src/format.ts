/**
 * How the screens show API values: decimal dollars through @hf/money's cents formatter, and
 * calendar dates as M/D/YYYY (US short date, docs/rules/dates.md).
 */
import { monthName, type CalendarDate } from '@hf/calendar';
import type { PredictableFrequency } from '@hf/contracts/budget-limits';
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

/**
 * How often a schedule happens, in words (docs/rules/predictables.md, Frequencies): `every month`,
 * `every 2 weeks`, `twice a month`, `every 3 months`, `every year`, `once`. The planner's schedule
 * sentence starts with them and the import's recurring offer says them after the amount.
 */
export function frequencyWords(s: { frequency: PredictableFrequency; interval?: number | null }): string {
  switch (s.frequency) {
    case 'weekly':
      return 'every week';
    case 'every_n_weeks':
      return `every ${s.interval ?? 2} weeks`;
    case 'semi_monthly':
      return 'twice a month';
    case 'every_n_months':
      return `every ${s.interval ?? 2} months`;
    case 'yearly':
      return 'every year';
    case 'once':
      return 'once';
    default:
      return 'every month';
  }
}

/** A date in words, where a sentence names it: `2026-11-30` -> `Nov 30, 2026`. */
export function longDate(date: CalendarDate): string {
  return `${monthName(date, 'short')} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;
}

import { addMonths, firstOfMonth, type CalendarDate } from '@hf/calendar';
import { BUDGET_HORIZON_MONTHS } from '@hf/contracts/budget-limits';
import type { Cents } from '@hf/money';
import { monthOccurrences, type Schedule } from './occurrences';

export type ItemType = 'payment' | 'deposit';

/** A Predictable as stored: its schedule and its amounts by month (`YYYY-MM-01` -> positive cents). */
export interface PredictableRecord extends Schedule {
  id: number;
  account_id: number;
  item_type: ItemType;
  payee: string;
  category_id: number | null;
  transfer_account_id: number | null;
  values: Map<string, Cents>;
}

/** The 12 months (`YYYY-MM-01`) of the budget, starting with today's month. */
export function horizonMonths(today: CalendarDate): string[] {
  const first = firstOfMonth(today);
  return Array.from({ length: BUDGET_HORIZON_MONTHS }, (_, i) => addMonths(first, i));
}

/** The account a payee names (another account of the household, any case), or null: a scheduled transfer. */
export function transferAccountFor(
  payee: string,
  ownAccountId: number,
  accounts: Iterable<{ id: number; name: string }>,
): number | null {
  const wanted = payee.trim().toLocaleLowerCase();
  for (const a of accounts) if (a.id !== ownAccountId && a.name.toLocaleLowerCase() === wanted) return a.id;
  return null;
}

/**
 * The amounts after an autofill: `full` sets `start` and every later month of the horizon
 * ("fills forward"), `single` only `start`; an amount of 0 clears the month(s).
 */
export function autofill(
  values: ReadonlyMap<string, Cents>,
  start: string,
  amount: Cents,
  mode: 'full' | 'single',
  horizon: readonly string[],
): Map<string, Cents> {
  const next = new Map(values);
  const months = mode === 'full' ? horizon.filter((m) => m >= start) : [start];
  for (const m of months) {
    if (amount > 0) next.set(m, amount);
    else next.delete(m);
  }
  return next;
}

/** One month of the item in the ledger: a budgeted row on each occurrence date, or none. */
export type MonthSync = { month: string; dates: CalendarDate[]; amount: Cents } | { month: string; remove: true };

/**
 * What the ledger should hold for the item in each month of the horizon: a budgeted row (signed:
 * a payment is negative) on each of the month's occurrence dates, all with the month's amount,
 * or no row for a month without an amount or without an occurrence. Months before the horizon
 * are left as they are (an unpaid bill stays owed).
 */
export function syncPlan(item: PredictableRecord, horizon: readonly string[]): MonthSync[] {
  return horizon.map((m) => {
    const month = m.slice(0, 7);
    const cents = item.values.get(m) ?? 0;
    const dates = cents > 0 ? monthOccurrences(item, month) : [];
    if (dates.length === 0) return { month, remove: true as const };
    return { month, dates, amount: item.item_type === 'payment' ? -cents : cents };
  });
}

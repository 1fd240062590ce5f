import { addMonthKeys } from '@hf/calendar';
import type { Cents } from '@hf/money';

/** An envelope as stored: (account, category, month) -> amount, with its rollover flag. */
export interface EnvelopeRecord {
  id: number;
  category_id: number;
  /** `YYYY-MM` */
  month: string;
  amount: Cents;
  rollover_enabled: boolean;
}

/** One envelope of one month, with what it carried in, what was spent and what is left. */
export interface EnvelopeMonth extends EnvelopeRecord {
  rollover: Cents;
  spent: Cents;
  /** `amount + rollover - spent` */
  left: Cents;
  /** The month whose envelopes a month without its own shows, else null. */
  carried_from: string | null;
}

/**
 * The envelopes a month shows: its own when it has any, else the latest earlier month's (months
 * carry forward until written; writing a month never changes an earlier one).
 */
export function envelopesOfMonth(
  byMonth: ReadonlyMap<string, readonly EnvelopeRecord[]>,
  month: string,
): { envelopes: readonly EnvelopeRecord[]; carriedFrom: string | null } {
  const own = byMonth.get(month);
  if (own && own.length) return { envelopes: own, carriedFrom: null };
  let latest: string | null = null;
  for (const [m, list] of byMonth) if (m < month && list.length && (latest === null || m > latest)) latest = m;
  return latest === null
    ? { envelopes: [], carriedFrom: null }
    : { envelopes: byMonth.get(latest)!, carriedFrom: latest };
}

/**
 * Every month from the first month with envelopes up to `until`, each envelope with its rollover
 * chain: a month's rollover is the previous month's `amount + rollover - spent` when that
 * month's envelope of the same category has rollover enabled, else 0 (overspending carries as a
 * negative rollover). `spentOf(category, month)` is the month's spending in the category and its
 * sub-categories (payments net of refunds, actual rows only).
 */
export function envelopeChain(
  byMonth: ReadonlyMap<string, readonly EnvelopeRecord[]>,
  until: string,
  spentOf: (categoryId: number, month: string) => Cents,
): Map<string, EnvelopeMonth[]> {
  const chain = new Map<string, EnvelopeMonth[]>();
  const months = [...byMonth.keys()].filter((m) => (byMonth.get(m) ?? []).length > 0).sort();
  if (months.length === 0 || months[0] > until) return chain;
  let previous = new Map<number, EnvelopeMonth>();
  for (let month = months[0]; month <= until; month = addMonthKeys(month, 1)) {
    const { envelopes, carriedFrom } = envelopesOfMonth(byMonth, month);
    const current = new Map<number, EnvelopeMonth>();
    for (const e of envelopes) {
      const before = previous.get(e.category_id);
      const rollover = before && before.rollover_enabled ? before.left : 0;
      const spent = spentOf(e.category_id, month);
      current.set(e.category_id, {
        ...e,
        month,
        rollover,
        spent,
        left: e.amount + rollover - spent,
        carried_from: carriedFrom,
      });
    }
    chain.set(month, [...current.values()]);
    previous = current;
  }
  return chain;
}

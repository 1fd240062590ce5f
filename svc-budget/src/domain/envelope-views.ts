import type { CategoryIndex } from '@hf/ledger-mirror';
import type { Cents } from '@hf/money';
import type { EnvelopeRecord } from './envelopes';

/**
 * Envelopes as their categories are now: a merged category's envelope counts as the destination's
 * (envelopes of one month that meet are summed, as the ledger's merge says), a deleted category's
 * envelope is gone (its rows became uncategorised).
 */
export function resolveEnvelopes(
  byMonth: ReadonlyMap<string, readonly EnvelopeRecord[]>,
  categories: CategoryIndex,
): Map<string, EnvelopeRecord[]> {
  const resolved = new Map<string, EnvelopeRecord[]>();
  for (const [month, list] of byMonth) {
    const byCategory = new Map<number, EnvelopeRecord>();
    for (const e of list) {
      const category = categories.resolve(e.category_id);
      if (category === null) continue;
      const seen = byCategory.get(category);
      if (seen)
        byCategory.set(category, {
          ...seen,
          amount: seen.amount + e.amount,
          rollover_enabled: seen.rollover_enabled || e.rollover_enabled,
        });
      else byCategory.set(category, { ...e, category_id: category });
    }
    if (byCategory.size) resolved.set(month, [...byCategory.values()]);
  }
  return resolved;
}

/**
 * `spentOf(category, month)` from net cents per stored category id and month of one account:
 * payments net of refunds in the category and its sub-categories (a row counts for its own
 * category and for that category's parent).
 */
export function spentFunction(
  nets: Iterable<{ category_id: number | null; month: string; net: Cents }>,
  categories: CategoryIndex,
): (categoryId: number, month: string) => Cents {
  const spent = new Map<string, Cents>();
  const add = (category: number, month: string, net: Cents) =>
    spent.set(`${category}/${month}`, (spent.get(`${category}/${month}`) ?? 0) - net);
  for (const { category_id, month, net } of nets) {
    const category = categories.resolve(category_id);
    if (category === null) continue;
    add(category, month, net);
    const parent = categories.parentOf(category);
    if (parent !== null) add(parent, month, net);
  }
  return (categoryId, month) => spent.get(`${categoryId}/${month}`) ?? 0;
}

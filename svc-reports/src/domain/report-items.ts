import { dollarsToCents, fromCents, type Cents } from '@hf/money';
import type { ReportItem } from '@hf/contracts/reports';
import type { ReportSort } from '@hf/contracts/reports-limits';
import type { CategoryIndex } from '@hf/ledger-mirror';

/** Spending shows payments as positive values (net of refunds); income shows deposits. */
export type ReportSide = 'spending' | 'income';

/** A report item in cents, before it is sorted and written out. */
interface ItemCents {
  id: number | null;
  name: string;
  value: Cents;
  children: ItemCents[];
}

/**
 * The value a net amount (sum of signed cents) shows on one side of the reports: a net outflow
 * is spending, a net inflow income; each bucket lands on exactly one side (a category whose
 * refunds exceed its purchases shows as income, never as negative spending).
 */
export function sideValue(net: Cents, side: ReportSide): Cents {
  const value = side === 'spending' ? -net : net;
  return value > 0 ? value : 0;
}

/** Names compare case-insensitively, then exactly (so the order never depends on the locale). */
export function compareNames(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** An item with its lower-case name, worked out once per item instead of at every comparison. */
interface Keyed {
  item: ItemCents;
  lower: string;
}

const compareKeyedNames = (a: Keyed, b: Keyed): number => {
  if (a.lower !== b.lower) return a.lower < b.lower ? -1 : 1;
  return a.item.name < b.item.name ? -1 : a.item.name > b.item.name ? 1 : 0;
};

/** The items in the report's order: as `compareNames`, each name lower-cased once (a payee report sorts thousands). */
function sorted(items: ItemCents[], sort: ReportSort): ItemCents[] {
  const keyed: Keyed[] = items.map((item) => ({ item, lower: item.name.toLowerCase() }));
  keyed.sort(
    sort === 'name'
      ? (a, b) => compareKeyedNames(a, b) || b.item.value - a.item.value
      : (a, b) => b.item.value - a.item.value || compareKeyedNames(a, b),
  );
  return keyed.map((k) => k.item);
}

function finish(items: ItemCents[], sort: ReportSort): ReportItem[] {
  return sorted(items, sort).map((item) => ({
    id: item.id,
    name: item.name,
    value: fromCents(item.value),
    children: sorted(item.children, sort).map((c) => ({
      id: c.id,
      name: c.name,
      value: fromCents(c.value),
      children: [],
    })),
  }));
}

/**
 * Net cents per live category (null: uncategorised) from net cents per stored category id:
 * merged categories count as their destination, deleted ones as uncategorised.
 */
export function netsByCategory(
  stored: Iterable<{ category_id: number | null; net: Cents }>,
  categories: CategoryIndex,
): Map<number | null, Cents> {
  const nets = new Map<number | null, Cents>();
  for (const { category_id, net } of stored) {
    const id = categories.resolve(category_id);
    nets.set(id, (nets.get(id) ?? 0) + net);
  }
  return nets;
}

/**
 * Report by category: every category with a value on this side; a sub-category is a child of
 * its parent, whose value is its own rows' value plus its children's; "Uncategorized" (id null)
 * for rows with no category.
 */
export function categoryReport(
  nets: Map<number | null, Cents>,
  categories: CategoryIndex,
  side: ReportSide,
  sort: ReportSort,
): ReportItem[] {
  const top = new Map<number | null, ItemCents>();
  const topItem = (id: number | null): ItemCents => {
    let item = top.get(id);
    if (!item) top.set(id, (item = { id, name: categories.name(id), value: 0, children: [] }));
    return item;
  };
  for (const [id, net] of nets) {
    const value = sideValue(net, side);
    if (value === 0) continue;
    const parent = id === null ? null : categories.parentOf(id);
    if (parent === null) {
      topItem(id).value += value;
    } else {
      const item = topItem(parent);
      item.value += value;
      item.children.push({ id, name: categories.name(id), value, children: [] });
    }
  }
  return finish([...top.values()], sort);
}

/** Report by payee: one item per payee (its exact text) with a value on this side. */
export function payeeReport(
  nets: Iterable<{ payee: string; net: Cents }>,
  side: ReportSide,
  sort: ReportSort,
): ReportItem[] {
  const items: ItemCents[] = [];
  for (const { payee, net } of nets) {
    const value = sideValue(net, side);
    if (value > 0) items.push({ id: null, name: payee, value, children: [] });
  }
  return finish(items, sort);
}

/**
 * The items without the hidden categories (`null` in `hidden`: "Uncategorized"): a hidden
 * top-level item goes with its children; a hidden child leaves its parent, whose value drops by
 * it (a parent left with nothing is dropped).
 */
export function withoutHidden(items: readonly ReportItem[], hidden: ReadonlySet<number | null>): ReportItem[] {
  if (hidden.size === 0) return [...items];
  const out: ReportItem[] = [];
  for (const item of items) {
    if (hidden.has(item.id)) continue;
    const removed = item.children.filter((c) => hidden.has(c.id)).reduce((sum, c) => sum + dollarsToCents(c.value), 0);
    const value = dollarsToCents(item.value) - removed;
    if (value <= 0) continue;
    out.push({ ...item, value: fromCents(value), children: item.children.filter((c) => !hidden.has(c.id)) });
  }
  return out;
}

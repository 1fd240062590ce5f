/** What the bar list shows of a report's items: hidden categories removed, totals, bar widths and colours. */
import { dollarsToCents, fromCents } from '@hf/money';
import type { ReportItem } from '@hf/contracts/reports';
import { categoryKey } from './report-filters';

/**
 * The items without the hidden categories (spending by category): a hidden top-level category
 * goes with its sub-categories; a hidden sub-category leaves its parent, whose value drops by the
 * child's value (a parent left with nothing goes too).
 */
export function withoutHidden(items: readonly ReportItem[], hidden: ReadonlySet<string>): ReportItem[] {
  if (hidden.size === 0) return [...items];
  const out: ReportItem[] = [];
  for (const item of items) {
    if (hidden.has(categoryKey(item.id))) continue;
    const children = item.children.filter((c) => !hidden.has(categoryKey(c.id)));
    if (children.length === item.children.length) {
      out.push(item);
      continue;
    }
    const removed = item.children
      .filter((c) => hidden.has(categoryKey(c.id)))
      .reduce((sum, c) => sum + dollarsToCents(c.value), 0);
    const cents = dollarsToCents(item.value) - removed;
    if (cents > 0) out.push({ ...item, value: fromCents(cents), children });
  }
  return out;
}

/** The total line: the sum of the top-level values (in cents, so no float drift). */
export function reportTotal(items: readonly ReportItem[]): number {
  return fromCents(items.reduce((sum, item) => sum + dollarsToCents(item.value), 0));
}

/** A bar's width in percent of the largest value (at least a sliver, so a small value stays visible). */
export function barPercent(value: number, largest: number): number {
  if (largest <= 0 || value <= 0) return 0;
  return Math.max(0.5, Math.min(100, (value / largest) * 100));
}

/** Bar colours cycle through 6 colours (docs/rules/reports.md). */
export const BAR_COLORS = 6;

export function barColorIndex(position: number): number {
  return ((position % BAR_COLORS) + BAR_COLORS) % BAR_COLORS;
}

/**
 * The hidden keys that name an item of this report (top-level or child), comma-joined for the
 * CSV download's `hide_category_ids`; keys of categories not in the report (deleted since) are
 * left out, since the server answers 404 for a category it does not know.
 */
export function hiddenInReport(items: readonly ReportItem[], hidden: ReadonlySet<string>): string | undefined {
  const keys = new Set<string>();
  for (const item of items) {
    keys.add(categoryKey(item.id));
    for (const child of item.children) keys.add(categoryKey(child.id));
  }
  const shown = [...hidden].filter((key) => keys.has(key));
  return shown.length ? shown.join(',') : undefined;
}

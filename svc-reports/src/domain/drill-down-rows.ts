import type { DrillDownRow } from '@hf/contracts/reports';
import { SPLIT_CATEGORY_NAME } from '@hf/contracts/ledger-limits';
import type { CategoryIndex, MirrorAccount } from '@hf/ledger-mirror';
import { fromCents } from '@hf/money';

/** What a drill-down needs of the household: its accounts' and its categories' names. */
export interface DrillDownNames {
  accounts: ReadonlyMap<number, MirrorAccount>;
  categories: CategoryIndex;
}

/** A split row's lines as the mirror stores them (`ledger_rows.splits`). */
export type StoredSplits = Array<{ category_id: number | null; amount: number; notes: string }>;

/**
 * A line of a drill-down as read from the mirror (repositories/report-queries.ts): its row's
 * stored head (svc-reports migration 013: the JSON text of `{"id","date","payee","status",
 * "updated_at"` without the closing brace), then the line's amount (cents), notes, account,
 * stored category, line number (0: the row itself; 1..n: that line of a split row) and its row's
 * lines (null for an unsplit row; with line 0, a split row listed whole).
 */
export type HeadedLine = [
  head: string,
  amount: number,
  notes: string,
  accountId: number,
  categoryId: number | null,
  line: number,
  splits: StoredSplits | null,
];

/** A split row's lines as answered: each with its (live) category and that category's name. */
function splitLines(read: DrillDownNames, splits: StoredSplits): NonNullable<DrillDownRow['splits']> {
  return splits.map((l) => {
    const category = read.categories.resolve(l.category_id);
    return {
      category_id: category,
      category_name: read.categories.path(category),
      amount: fromCents(l.amount),
      notes: l.notes ?? '',
    };
  });
}

/**
 * A drill-down's answer text (decisions 0144, 0157): each line's stored head, then its amount,
 * notes, account and (live) category with their names, "Split" as the category of a split row
 * listed whole, and its row's lines with theirs; every field in the schema's order, so the text is
 * the serializer's. Each account's and category's part is written once per answer.
 */
export function drillDownText(read: DrillDownNames, lines: readonly HeadedLine[]): string {
  const accountParts = new Map<number, string>();
  const categoryParts = new Map<number | null, string>();
  const accountPart = (id: number) => {
    let part = accountParts.get(id);
    if (part === undefined) {
      part = `,"account_id":${id},"account_name":${JSON.stringify(read.accounts.get(id)?.name ?? '')}`;
      accountParts.set(id, part);
    }
    return part;
  };
  const categoryPart = (stored: number | null) => {
    let part = categoryParts.get(stored);
    if (part === undefined) {
      const category = read.categories.resolve(stored);
      part = `,"category_id":${category},"category_name":${JSON.stringify(read.categories.path(category))}`;
      categoryParts.set(stored, part);
    }
    return part;
  };
  const parts: string[] = [];
  for (const [head, amount, notes, accountId, categoryId, line, splits] of lines) {
    const whole = line === 0 && splits !== null && splits.length > 0;
    const category = whole
      ? `,"category_id":${read.categories.resolve(categoryId)},"category_name":${JSON.stringify(SPLIT_CATEGORY_NAME)}`
      : categoryPart(categoryId);
    parts.push(
      `${head},"amount":${fromCents(amount)},"notes":${notes === '' ? '""' : JSON.stringify(notes)}` +
        `${accountPart(accountId)}${category},"line":${line},` +
        `"splits":${splits === null ? '[]' : JSON.stringify(splitLines(read, splits))}}`,
    );
  }
  return `[${parts.join(',')}]`;
}

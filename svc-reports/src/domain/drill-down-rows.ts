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

/** A line of a drill-down as read from the mirror (repositories/report-queries.ts). */
export interface StoredRow {
  id: number;
  /** 0: the row itself; 1..n: that line of a split row (its category, amount and notes). */
  line: number;
  date: string;
  payee: string;
  amount: number;
  account_id: number;
  status: string;
  notes: string;
  category_id: number | null;
  updated_at: string;
  /** A split row's lines (a whole row by payee; a line by category: all its row's lines), else null. */
  splits?: StoredSplits | null;
}

/** A split row's lines as answered: each with its (live) category and that category's name. */
function splitLines(
  read: DrillDownNames,
  splits: StoredSplits | null | undefined,
): NonNullable<DrillDownRow['splits']> {
  return (splits ?? []).map((l) => {
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
 * A drill-down's rows as the API answers them, every field in the schema's order (so
 * `JSON.stringify` gives the serializer's text, decision 0144): names of the account and the
 * (live) category, a split row's lines with theirs, "Split" as the category of a whole split row.
 */
export function drillDownRows(read: DrillDownNames, rows: readonly StoredRow[]): DrillDownRow[] {
  return rows.map((r) => {
    const category = read.categories.resolve(r.category_id);
    const splits = splitLines(read, r.splits);
    return {
      id: r.id,
      date: r.date,
      payee: r.payee,
      status: r.status,
      updated_at: r.updated_at,
      amount: fromCents(r.amount),
      notes: r.notes,
      account_id: r.account_id,
      account_name: read.accounts.get(r.account_id)?.name ?? '',
      category_id: category,
      category_name: r.line === 0 && splits.length > 0 ? SPLIT_CATEGORY_NAME : read.categories.path(category),
      line: r.line,
      splits,
    };
  });
}

/**
 * A line of the category drill-down read with its row's stored head (svc-reports migration 013:
 * the JSON text of `{"id","date","payee","status","updated_at"` without the closing brace), then
 * the line's amount (cents), notes, account, stored category, line number and its row's lines
 * (null for an unsplit row).
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

/**
 * The category drill-down's answer text from lines with stored heads (decision 0157): the same
 * text as `JSON.stringify(drillDownRows(...))` of the same lines (an unsplit row or a line of a
 * split row, never a whole split row), each account's and category's part written once.
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
    parts.push(
      `${head},"amount":${fromCents(amount)},"notes":${notes === '' ? '""' : JSON.stringify(notes)}` +
        `${accountPart(accountId)}${categoryPart(categoryId)},"line":${line},` +
        `"splits":${splits === null ? '[]' : JSON.stringify(splitLines(read, splits))}}`,
    );
  }
  return `[${parts.join(',')}]`;
}

import type { DrillDownRow } from '@hf/contracts/reports';
import { SPLIT_CATEGORY_NAME } from '@hf/contracts/ledger-limits';
import type { CategoryIndex, MirrorAccount } from '@hf/ledger-mirror';
import { fromCents } from '@hf/money';

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
  splits?: Array<{ category_id: number | null; amount: number; notes: string }> | null;
}

/**
 * A drill-down's rows as the API answers them, every field in the schema's order (so
 * `JSON.stringify` gives the serializer's text, decision 0144): names of the account and the
 * (live) category, a split row's lines with theirs, "Split" as the category of a whole split row.
 */
export function drillDownRows(
  read: { accounts: ReadonlyMap<number, MirrorAccount>; categories: CategoryIndex },
  rows: readonly StoredRow[],
): DrillDownRow[] {
  return rows.map((r) => {
    const category = read.categories.resolve(r.category_id);
    const splits = (r.splits ?? []).map((l) => {
      const lineCategory = read.categories.resolve(l.category_id);
      return {
        category_id: lineCategory,
        category_name: read.categories.path(lineCategory),
        amount: fromCents(l.amount),
        notes: l.notes ?? '',
      };
    });
    return {
      id: r.id,
      date: r.date,
      payee: r.payee,
      amount: fromCents(r.amount),
      account_id: r.account_id,
      account_name: read.accounts.get(r.account_id)?.name ?? '',
      status: r.status,
      notes: r.notes,
      category_id: category,
      category_name: r.line === 0 && splits.length > 0 ? SPLIT_CATEGORY_NAME : read.categories.path(category),
      updated_at: r.updated_at,
      line: r.line,
      splits,
    };
  });
}

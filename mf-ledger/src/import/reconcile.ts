/** The reconcile page's pure rules: what is ticked at first and what a commit sends. */
import type { SplitLineInput } from '@hf/contracts/ledger';
import { fromCents, toCents } from '@hf/money';
import type {
  ImportNewTransaction,
  ImportedRow,
  ExistingRow,
  ReconciliationData,
  UpdateMatchedBody,
} from '@hf/contracts/import';

export type ReconcileList = 'matched' | 'new' | 'duplicates';

/** Ticks per list, by position: matched and new ticked, possible duplicates not (docs/rules/import.md). */
export interface Selection {
  matched: readonly boolean[];
  new: readonly boolean[];
  duplicates: readonly boolean[];
}

export function initialSelection(data: Pick<ReconciliationData, 'matched' | 'new' | 'duplicates'>): Selection {
  return {
    matched: data.matched.map(() => true),
    new: data.new.map(() => true),
    duplicates: data.duplicates.map(() => false),
  };
}

export function toggled(selection: Selection, list: ReconcileList, index: number): Selection {
  const next = selection[list].slice();
  next[index] = !next[index];
  return { ...selection, [list]: next };
}

export function allSet(selection: Selection, list: ReconcileList, value: boolean): Selection {
  return { ...selection, [list]: selection[list].map(() => value) };
}

export const countTicked = (ticks: readonly boolean[]): number => ticks.reduce((n, t) => (t ? n + 1 : n), 0);

/** Amounts as the ledger's bodies carry them: dollars with at most 2 decimals. */
const dollars = (amount: number): number => fromCents(toCents(amount));

/**
 * update_matched: the ticked pairs' existing ids; a budgeted row takes the imported date and
 * amount (it becomes actual). Null when nothing is ticked.
 */
export function updateMatchedBody(
  matched: readonly { imported: ImportedRow; existing: ExistingRow }[],
  ticks: readonly boolean[],
): UpdateMatchedBody | null {
  const chosen = matched.filter((_, i) => ticks[i]);
  if (chosen.length === 0) return null;
  const updates = chosen
    .filter((p) => p.existing.is_budgeted)
    .map((p) => ({ id: p.existing.id, date: p.imported.date, amount: dollars(p.imported.amount) }));
  return { transaction_ids: chosen.map((p) => p.existing.id), ...(updates.length ? { updates } : {}) };
}

/**
 * import_new's rows: the ticked new rows and the ticked possible duplicates, in file order. A
 * row whose category cell names an existing category keeps it; a row with an empty category cell
 * takes its payee's suggested category (`suggestedIdOf`, shown on the page) when there is one;
 * the others take the page's category (the request's category_id). A row split on the page sends
 * its lines and no category (its lines carry them).
 */
export function importNewTransactions(
  rows: readonly ImportedRow[],
  categoryIdOf: (text: string) => number | null,
  suggestedIdOf: (payee: string) => number | null = () => null,
  /** The category a rule set on the row (the reconcile answer's `category_id`), unless turned off. */
  ruleCategoryOf: (row: ImportedRow) => number | null = (row) => row.category_id ?? null,
  /** A row's split lines (split on the page): the row then takes no category of its own. */
  splitLinesOf: (row: ImportedRow) => SplitLineInput[] | null = () => null,
): ImportNewTransaction[] {
  return [...rows]
    .sort((a, b) => a.row_number - b.row_number)
    .map((row) => {
      const tx: ImportNewTransaction = { date: row.date, payee: row.payee.trim(), amount: dollars(row.amount) };
      const notes = row.notes.trim();
      if (notes) tx.notes = notes;
      if (row.fitid) tx.fitid = row.fitid;
      const splits = splitLinesOf(row);
      if (splits) {
        tx.splits = splits;
        return tx;
      }
      const fileCategory = row.category.trim() ? categoryIdOf(row.category.trim()) : null;
      const ruleCategory = ruleCategoryOf(row);
      if (fileCategory !== null) tx.category_id = fileCategory;
      else if (ruleCategory !== null) tx.category_id = ruleCategory;
      else if (!row.category.trim() && !(row as { category_id?: number }).category_id) {
        const suggested = suggestedIdOf(row.payee);
        if (suggested !== null) tx.category_id = suggested;
      }
      return tx;
    });
}

/** The rows of a list that are ticked. */
export function ticked<T>(rows: readonly T[], ticks: readonly boolean[]): T[] {
  return rows.filter((_, i) => ticks[i]);
}

/** Sum in cents of the ticked rows' imported amounts. */
export function tickedTotalCents(rows: readonly ImportedRow[], ticks: readonly boolean[]): number {
  let total = 0;
  rows.forEach((row, i) => {
    if (ticks[i]) total += toCents(row.amount);
  });
  return total;
}

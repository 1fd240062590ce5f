import { useEffect, useState } from 'react';
import type { ImportedRow } from '@hf/contracts/import';
import { fetchCategorySuggestion } from '../register/category-suggestion';

/** A suggested category: its id and its text (`Parent: Child`). */
export interface SuggestedCategory {
  id: number;
  name: string;
}

/** Payees asked about at most (the most frequent first); the other rows take the page's category. */
export const SUGGESTED_PAYEES_AT_MOST = 200;
const AT_ONCE = 4;

export const payeeKey = (payee: string) => payee.trim().toLocaleLowerCase();

/** The distinct payees (by payeeKey) of rows without a category of their own, most rows first. */
export function payeesToSuggest(rows: readonly ImportedRow[], atMost = SUGGESTED_PAYEES_AT_MOST): string[] {
  const counts = new Map<string, { payee: string; rows: number }>();
  for (const row of rows) {
    // A row with a category of its own (from the file or a rule) needs no suggestion.
    if (row.category.trim() !== '' || (row as { category_id?: number }).category_id || row.payee.trim() === '')
      continue;
    const key = payeeKey(row.payee);
    const seen = counts.get(key);
    if (seen) seen.rows += 1;
    else counts.set(key, { payee: row.payee.trim(), rows: 1 });
  }
  return [...counts.values()]
    .sort((a, b) => b.rows - a.rows)
    .slice(0, atMost)
    .map((c) => c.payee);
}

/**
 * The reconcile page's category suggestions from history for the new rows without a category,
 * by payeeKey; asked a few at a time once the page opens.
 */
export function useCategorySuggestions(
  rows: readonly ImportedRow[],
  accountId: number,
): ReadonlyMap<string, SuggestedCategory> {
  const [found, setFound] = useState<ReadonlyMap<string, SuggestedCategory>>(new Map());
  useEffect(() => {
    const controller = new AbortController();
    const queue = payeesToSuggest(rows);
    const ask = async () => {
      for (let payee = queue.shift(); payee !== undefined; payee = queue.shift()) {
        const answer = await fetchCategorySuggestion(payee, accountId, controller.signal).catch(() => null);
        if (controller.signal.aborted) return;
        if (answer?.category_id && answer.category_name) {
          const suggestion = { id: answer.category_id, name: answer.category_name };
          const key = payeeKey(payee);
          setFound((current) => new Map(current).set(key, suggestion));
        }
      }
    };
    for (let i = 0; i < AT_ONCE; i++) void ask();
    return () => controller.abort();
  }, [rows, accountId]);
  return found;
}

/**
 * A new row's category suggested from its payee (GET /api/payees/suggestion): the entry line
 * fills an empty category with it, marked "Suggested" until the person changes it; the import's
 * reconcile page shows it on new rows without a category (docs/decisions/0131-payees-screen-and-suggestions.md).
 */
import { useEffect, useState } from 'react';
import { api } from '@hf/app-kit';
import { localToday } from '@hf/calendar';
import type { PayeeSuggestion } from '@hf/contracts/ledger';
import { useLatest } from './use-latest';

export type { PayeeSuggestion };

/** The suggestion for `payee` (null fields when there is none). */
export function fetchCategorySuggestion(
  payee: string,
  accountId: number | null,
  signal?: AbortSignal,
): Promise<PayeeSuggestion> {
  const query: Record<string, string> = { payee: payee.trim(), today: localToday() };
  if (accountId !== null) query.account_id = String(accountId);
  return api.get<PayeeSuggestion>('/payees/suggestion', query, signal);
}

/** How long the payee must rest before its suggestion is asked (typing asks once). */
export const SUGGESTION_DELAY_MS = 250;

export interface CategorySuggestionInput {
  payee: string;
  category: string;
  accountId: number;
  /** A transfer (or anything else that takes no category): nothing is suggested. */
  disabled: boolean;
  /** Sets the draft's category (to the suggestion, or back to empty when it no longer applies). */
  setCategory: (category: string) => void;
}

/**
 * Fills an empty category with the payee's suggestion; answers the category text it suggested
 * while the field still shows it (the field is marked "Suggested"), else null. A category the
 * person typed or chose is never replaced; a changed payee replaces only a suggestion.
 */
export function useCategorySuggestion({
  payee,
  category,
  accountId,
  disabled,
  setCategory,
}: CategorySuggestionInput): string | null {
  const [suggested, setSuggested] = useState<string | null>(null);
  const latest = useLatest({ category, suggested, setCategory });

  useEffect(() => {
    const text = payee.trim();
    const mayReplace = () => {
      const current = latest.current.category.trim();
      return current === '' || current === latest.current.suggested;
    };
    if (disabled || text === '') {
      if (latest.current.suggested !== null && latest.current.category === latest.current.suggested)
        latest.current.setCategory('');
      setSuggested(null);
      return;
    }
    if (!mayReplace()) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchCategorySuggestion(text, accountId, controller.signal)
        .then((answer) => {
          if (controller.signal.aborted || !mayReplace()) return;
          const name = answer.category_name;
          latest.current.setCategory(name ?? '');
          setSuggested(name);
        })
        // No suggestion is no harm: the field stays as it is.
        .catch(() => undefined);
    }, SUGGESTION_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [payee, accountId, disabled, latest]);

  return suggested !== null && category === suggested ? suggested : null;
}

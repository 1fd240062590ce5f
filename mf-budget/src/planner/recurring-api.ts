/** Recurring detection's calls (docs/rules/recurring-detection.md; contract: @hf/contracts/budget). */
import { api } from '@hf/app-kit';
import { BUDGET_QUERY_KEY } from '@hf/app-kit/budget/envelopes';
import type { DismissSuggestionBody, RecurringSuggestion } from '@hf/contracts/budget';
import { useQuery } from '@tanstack/react-query';

export type { RecurringSuggestion };

export const RECURRING_TEXT = {
  find: 'Find recurring',
  title: 'Recurring items found',
  loading: 'Looking for recurring items...',
  none: 'No new recurring items found in the last 18 months.',
  fetch: 'Could not find recurring items.',
  dismiss: 'Could not dismiss the suggestion.',
  amountRequired: 'Please enter an amount.',
} as const;

export const suggestionsKey = (accountId: number) => [...BUDGET_QUERY_KEY, 'suggestions', accountId] as const;

export const recurringApi = {
  suggestions: (accountId: number, signal?: AbortSignal) =>
    api.get<RecurringSuggestion[]>('/budget/suggestions', { account_id: accountId }, signal),
  dismiss: (body: DismissSuggestionBody) => api.post<{ message: string }>('/budget/suggestions/dismiss', body),
};

/** The account's suggestions, fetched while `enabled` (the list is open). */
export function useSuggestions(accountId: number, enabled: boolean) {
  return useQuery({
    queryKey: suggestionsKey(accountId),
    queryFn: ({ signal }) => recurringApi.suggestions(accountId, signal),
    enabled,
    staleTime: 0,
  });
}

/** svc-budget calls of the Budget Planner (docs/rules/api.md; contract: @hf/contracts/budget). */
import { api, ApiError, apiFetch } from '@hf/app-kit';
import { BUDGET_QUERY_KEY, DASHBOARD_QUERY_KEY } from '@hf/app-kit/budget/envelopes';
import type {
  AutofillBody,
  Envelope,
  CreateEnvelopeBody,
  CreatePredictableBody,
  Predictable,
  UpdateEnvelopeBody,
  UpdatePredictableBody,
} from '@hf/contracts/budget';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

export type { Envelope, Predictable };

/** The screens' texts (docs/rules/screens.md, Messages). */
export const BUDGET_TEXT = {
  fetchItems: 'Could not fetch scheduled budget data.',
  fetchEnvelopes: 'Could not fetch category budget data.',
  addItem: 'Could not add the new item.',
  updateItem: 'Could not update the item.',
  saveAmount: 'Could not save the amount.',
  deleteItem: 'Could not delete the item.',
  deleteEnvelope: 'Could not delete the envelope.',
  saveEnvelope: 'Could not save category budget.',
  categoryRequired: 'Please select or enter a category.',
} as const;

/** A refused request (4xx with a message: a duplicate envelope...) shows the server's message; anything else the spec's text. */
export function budgetErrorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.serverMessage
    ? err.serverMessage
    : fallback;
}

export const scheduledItemsKey = (accountId: number) => [...BUDGET_QUERY_KEY, 'items', accountId] as const;

export const budgetApi = {
  items: (accountId: number, signal?: AbortSignal) => api.get<Predictable[]>(`/budget/${accountId}`, undefined, signal),
  createItem: (accountId: number, body: CreatePredictableBody) => api.post<Predictable>(`/budget/${accountId}`, body),
  updateItem: (id: number, body: UpdatePredictableBody) => api.put<Predictable>(`/budget/${id}`, body),
  deleteItem: (id: number) => api.delete<unknown>(`/budget/${id}`),
  autofill: (body: AutofillBody) => api.post<Predictable>('/budget/autofill', body),
  createEnvelope: (body: CreateEnvelopeBody) => api.post<Envelope>('/budget/category', body),
  /** PUT /budget/category/{id}: `month` is the month on screen (a carried-forward month becomes its own). */
  updateEnvelope: (id: number, body: UpdateEnvelopeBody) => api.put<Envelope>(`/budget/category/${id}`, body),
  /**
   * DELETE /budget/category/{id}?month=YYYY-MM: `month` is the month on screen, so an envelope
   * carried forward into it leaves that month (and later ones) without touching the earlier month.
   */
  deleteEnvelope: (id: number, month: string) =>
    apiFetch<unknown>(`/budget/category/${id}`, { method: 'DELETE', query: { month } }),
};

export function useScheduledItems(accountId: number | null) {
  return useQuery({
    queryKey: scheduledItemsKey(accountId ?? 0),
    queryFn: ({ signal }) => budgetApi.items(accountId as number, signal),
    enabled: accountId !== null && accountId > 0,
  });
}

/**
 * After any change: every budget query (the planner, the envelope panels) and the dashboard's
 * queries are refetched, so each screen shows the new figures without a reload.
 */
export function useBudgetRefresh() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BUDGET_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]).then(() => undefined),
    [queryClient],
  );
}

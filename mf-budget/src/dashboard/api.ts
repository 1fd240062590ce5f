/** svc-budget's dashboard calls (spec section 7 "Dashboard"; contract: @hf/contracts/src/budget). */
import { apiFetch } from '@hf/app-kit';
import { DASHBOARD_QUERY_KEY } from '@hf/app-kit/src/budget/envelopes';
import type { AccountProjection, WidgetData } from '@hf/contracts/src/budget';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export type { AccountProjection, WidgetData };

/**
 * Every dashboard query sits under `DASHBOARD_QUERY_KEY` (`['dashboard']`): screens that change
 * what the dashboard shows (savings jars on /accounts, the budget planner) invalidate it.
 */
export { DASHBOARD_QUERY_KEY };

export const dashboardApi = {
  balanceProjection: (fullHistory: boolean, signal?: AbortSignal) =>
    apiFetch<AccountProjection[]>('/dashboard/balance_projection', { query: { fullHistory: String(fullHistory) }, signal }),
  netWorthProjection: (fullHistory: boolean, signal?: AbortSignal) =>
    apiFetch<AccountProjection>('/dashboard/net_worth_projection', { query: { fullHistory: String(fullHistory) }, signal }),
  widgets: (signal?: AbortSignal) => apiFetch<WidgetData>('/dashboard/widgets', { signal }),
};

export function useBalanceProjection(fullHistory: boolean) {
  return useQuery({
    queryKey: [...DASHBOARD_QUERY_KEY, 'balance_projection', { fullHistory }],
    queryFn: ({ signal }) => dashboardApi.balanceProjection(fullHistory, signal),
    placeholderData: keepPreviousData,
  });
}

export function useNetWorthProjection(fullHistory: boolean) {
  return useQuery({
    queryKey: [...DASHBOARD_QUERY_KEY, 'net_worth_projection', { fullHistory }],
    queryFn: ({ signal }) => dashboardApi.netWorthProjection(fullHistory, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWidgets() {
  return useQuery({
    queryKey: [...DASHBOARD_QUERY_KEY, 'widgets'],
    queryFn: ({ signal }) => dashboardApi.widgets(signal),
  });
}

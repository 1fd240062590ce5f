/**
 * The dashboard's queries (svc-budget, docs/rules/api.md): their keys and fetchers in one
 * place, so that mf-budget's Dashboard and the shell's start-up prefetch (a page load of
 * /dashboard asks for its data while the remote's code is still loading) share one cache entry.
 * Imported by its subpath (`@hf/app-kit/budget/dashboard-queries`), outside the package index.
 */
import type { AccountProjection, WidgetData } from '@hf/contracts/budget';
import { apiFetch, readModelStaleTime } from '@hf/app-kit';
import { DASHBOARD_QUERY_KEY } from './envelopes';

export type { AccountProjection, WidgetData };

/** Fresh for a few seconds unless this tab wrote since (see readModelStaleTime). */
const staleTime = readModelStaleTime;

export const balanceProjectionQuery = (fullHistory: boolean) => ({
  staleTime,
  queryKey: [...DASHBOARD_QUERY_KEY, 'balance_projection', { fullHistory }] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    apiFetch<AccountProjection[]>('/dashboard/balance_projection', {
      query: { fullHistory: String(fullHistory) },
      signal,
    }),
});

export const netWorthProjectionQuery = (fullHistory: boolean) => ({
  staleTime,
  queryKey: [...DASHBOARD_QUERY_KEY, 'net_worth_projection', { fullHistory }] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    apiFetch<AccountProjection>('/dashboard/net_worth_projection', {
      query: { fullHistory: String(fullHistory) },
      signal,
    }),
});

export const widgetsQuery = () => ({
  staleTime,
  queryKey: [...DASHBOARD_QUERY_KEY, 'widgets'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => apiFetch<WidgetData>('/dashboard/widgets', { signal }),
});

/** The first screen of a page load of the dashboard: what to prefetch before its code arrives. */
export const dashboardStartQueries = () =>
  [balanceProjectionQuery(false), netWorthProjectionQuery(false), widgetsQuery()] as const;

/** svc-budget's what-if scenario calls (docs/decisions/0123-what-if-scenarios.md; contract: @hf/contracts/budget). */
import { api, apiFetch } from '@hf/app-kit';
import { BUDGET_QUERY_KEY, DASHBOARD_QUERY_KEY } from '@hf/app-kit/budget/envelopes';
import type { AccountProjection } from '@hf/app-kit/budget/dashboard-queries';
import type { ApplyScenarioResponse, Scenario, ScenarioChange } from '@hf/contracts/budget';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export type { Scenario, ScenarioChange };

export const SCENARIOS_KEY = [...BUDGET_QUERY_KEY, 'scenarios'] as const;

export const scenarioApi = {
  list: (signal?: AbortSignal) => api.get<Scenario[]>('/budget/scenarios', undefined, signal),
  create: (body: { name: string; changes: ScenarioChange[] }) => api.post<Scenario>('/budget/scenarios', body),
  update: (id: number, body: { name: string; changes: ScenarioChange[] }) =>
    api.put<Scenario>(`/budget/scenarios/${id}`, body),
  remove: (id: number) => api.delete<unknown>(`/budget/scenarios/${id}`),
  apply: (id: number) => api.post<ApplyScenarioResponse>(`/budget/scenarios/${id}/apply`, {}),
};

export function useScenarios() {
  return useQuery({ queryKey: SCENARIOS_KEY, queryFn: ({ signal }) => scenarioApi.list(signal) });
}

/** The balance and net-worth projections with the scenario applied (nothing when `id` is null). */
export function useScenarioProjections(id: number | null, fullHistory: boolean) {
  const accounts = useQuery({
    queryKey: [...DASHBOARD_QUERY_KEY, 'balance_projection', { fullHistory, scenario: id }] as const,
    queryFn: ({ signal }) =>
      apiFetch<AccountProjection[]>('/dashboard/balance_projection', {
        query: { fullHistory: String(fullHistory), scenario: id },
        signal,
      }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
  const netWorth = useQuery({
    queryKey: [...DASHBOARD_QUERY_KEY, 'net_worth_projection', { fullHistory, scenario: id }] as const,
    queryFn: ({ signal }) =>
      apiFetch<AccountProjection>('/dashboard/net_worth_projection', {
        query: { fullHistory: String(fullHistory), scenario: id },
        signal,
      }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
  return { accounts, netWorth };
}

/** svc-budget's savings goal (jar) calls (contract: @hf/contracts/src/budget "Savings goals"). */
import { api } from '@hf/app-kit';
import type { SavingsGoal, SavingsGoalBody, UpdateSavingsGoalBody } from '@hf/contracts/src/budget';
import { useQuery } from '@tanstack/react-query';

export type { SavingsGoal, SavingsGoalBody };

export const SAVINGS_GOALS_QUERY_KEY = ['savings-goals'] as const;
/** The prefix of mf-budget's dashboard queries: its widget lists the jars. */
export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;

export const goalsApi = {
  list: () => api.get<SavingsGoal[]>('/budget/goals'),
  create: (body: SavingsGoalBody) => api.post<SavingsGoal>('/budget/goals', body),
  update: (id: number, body: UpdateSavingsGoalBody) => api.put<SavingsGoal>(`/budget/goals/${id}`, body),
  remove: (id: number) => api.delete<unknown>(`/budget/goals/${id}`),
};

export function useSavingsGoals() {
  return useQuery({ queryKey: SAVINGS_GOALS_QUERY_KEY, queryFn: goalsApi.list });
}

/** Spec section 5: jar progress is saved / target (at most 1), 0 when the target is not positive. */
export function jarProgress(saved: number, target: number): number {
  if (!(target > 0)) return 0;
  return Math.min(1, Math.max(0, saved / target));
}

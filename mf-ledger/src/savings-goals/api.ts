/** svc-budget's savings goal (jar) calls (contract: @hf/contracts/budget "Savings goals"). */
import { api } from '@hf/app-kit';
import { DASHBOARD_QUERY_KEY } from '@hf/app-kit/budget/envelopes';
import { jarProgress, JARS_QUERY_KEY } from '@hf/app-kit/budget/jars';
import type { Jar, JarBody, UpdateJarBody } from '@hf/contracts/budget';
import { useQuery } from '@tanstack/react-query';

export type { Jar, JarBody };

/** The jars' own key, and the prefix of mf-budget's dashboard queries (its widget lists the jars). */
export { DASHBOARD_QUERY_KEY, jarProgress, JARS_QUERY_KEY };

export const goalsApi = {
  list: () => api.get<Jar[]>('/budget/goals'),
  create: (body: JarBody) => api.post<Jar>('/budget/goals', body),
  update: (id: number, body: UpdateJarBody) => api.put<Jar>(`/budget/goals/${id}`, body),
  remove: (id: number) => api.delete<unknown>(`/budget/goals/${id}`),
};

export function useJars() {
  return useQuery({ queryKey: JARS_QUERY_KEY, queryFn: goalsApi.list });
}

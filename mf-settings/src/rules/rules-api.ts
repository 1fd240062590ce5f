import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@hf/app-kit';
import type { CategoryNode } from '@hf/contracts/ledger';
import type { ApplyRuleResponse, Rule, RuleBody } from '@hf/contracts/rules';

export type { ApplyRuleResponse, Rule, RuleBody };

export const RULES_QUERY_KEY = ['rules'] as const;

/** The household's rules in order. */
export function useRules() {
  return useQuery({ queryKey: RULES_QUERY_KEY, queryFn: () => api.get<Rule[]>('/rules') });
}

/** Categories as the form offers them: "Parent: Child" paths, in tree order. */
export function useCategoryOptions() {
  return useQuery({
    queryKey: ['categories', 'tree'],
    queryFn: () => api.get<CategoryNode[]>('/categories/'),
    select: (tree) =>
      tree.flatMap((c) => [
        { id: c.id, name: c.name },
        ...c.children.map((k) => ({ id: k.id, name: `${c.name}: ${k.name}` })),
      ]),
  });
}

/** Create (no id) or save a rule; the list is read again after. */
export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: RuleBody }) =>
      id === null ? api.post<Rule>('/rules', body) : api.put<Rule>(`/rules/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RULES_QUERY_KEY }),
  });
}

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Rule[]>(`/rules/${id}`),
    onSuccess: (rules) => queryClient.setQueryData(RULES_QUERY_KEY, rules),
  });
}

/** Saves the full order; the list shows it at once and goes back when the server refuses. */
export function useReorderRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.post<Rule[]>('/rules/reorder', { rule_ids: ids }),
    onMutate: (ids) => {
      const before = queryClient.getQueryData<Rule[]>(RULES_QUERY_KEY);
      if (before) {
        const byId = new Map(before.map((r) => [r.id, r]));
        queryClient.setQueryData(
          RULES_QUERY_KEY,
          ids.map((id, i) => ({ ...byId.get(id)!, position: i + 1 })),
        );
      }
      return { before };
    },
    onError: (_err, _ids, context) => queryClient.setQueryData(RULES_QUERY_KEY, context?.before),
    onSuccess: (rules) => queryClient.setQueryData(RULES_QUERY_KEY, rules),
  });
}

/** The rows the rule would change (nothing is changed). */
export function previewApply(id: number): Promise<ApplyRuleResponse> {
  return api.post<ApplyRuleResponse>(`/rules/${id}/apply`, { dry_run: true });
}

/** Applies the rule to existing rows for real; every query is read again after (rows show everywhere). */
export function useApplyRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<ApplyRuleResponse>(`/rules/${id}/apply`, {}),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

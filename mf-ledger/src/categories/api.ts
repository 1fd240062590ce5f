/** svc-ledger category and payee calls (spec section 7 "Categories and payees"). */
import { api } from '@hf/app-kit';
import type { CategoryResponse, CategoryTree } from '@hf/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flattenCategories } from './category-text';

export const CATEGORIES_QUERY_KEY = ['categories'] as const;
export const PAYEES_QUERY_KEY = ['payees'] as const;

export const categoriesApi = {
  tree: () => api.get<CategoryTree>('/categories/'),
  create: (name: string, parentId?: number | null) =>
    api.post<CategoryResponse>('/categories/', parentId ? { name, parent_id: parentId } : { name }),
  rename: (id: number, name: string) => api.put<CategoryResponse>(`/categories/${id}`, { name }),
  move: (id: number, parentId: number | null) => api.put<CategoryResponse>(`/categories/${id}`, { parent_id: parentId }),
  remove: (id: number) => api.delete<unknown>(`/categories/${id}`),
  merge: (sourceId: number, destinationId: number) => api.post<{ message: string }>('/categories/merge', { source_id: sourceId, destination_id: destinationId }),
  payees: () => api.get<string[]>('/payees/'),
};

export function useCategoryTree() {
  return useQuery({ queryKey: CATEGORIES_QUERY_KEY, queryFn: categoriesApi.tree, staleTime: 30_000 });
}

/** The categories as "Parent: Child" options for pickers (memoised per tree). */
export function useCategoryOptions() {
  const tree = useCategoryTree();
  const options = useMemo(() => flattenCategories(tree.data ?? []), [tree.data]);
  return { ...tree, options };
}

export function usePayees() {
  return useQuery({ queryKey: PAYEES_QUERY_KEY, queryFn: categoriesApi.payees, staleTime: 60_000 });
}

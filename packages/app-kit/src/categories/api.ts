/**
 * The household's categories and payees as every screen reads them (svc-ledger,
 * docs/rules/api.md). One query key each, in the shell's shared QueryClient: a change made
 * in one remote (a category created from the reports' drill-down) refreshes the others.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { CategoryResponse, CategoryTree } from '@hf/contracts';
import { api, errorMessage, type DialogRequests } from '@hf/app-kit';
import { categoryIdForSave } from './category-flow';
import { flattenCategories } from './category-text';

export const CATEGORIES_QUERY_KEY = ['categories'] as const;
export const PAYEES_QUERY_KEY = ['payees'] as const;

export const categoriesApi = {
  tree: () => api.get<CategoryTree>('/categories/'),
  create: (name: string, parentId?: number | null) =>
    api.post<CategoryResponse>('/categories/', parentId ? { name, parent_id: parentId } : { name }),
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

/**
 * The category field's text -> a category id when a transaction is saved, through the creation
 * flow (docs/rules/screens.md): `{ id }` (null = uncategorised), or null when the person stopped
 * (`onCancelled`, by default `onError`, gets what happened: nothing saved) or the creation failed
 * (`onError` gets the message). A screen with its own words for a stop (the import's
 * 'Import cancelled.') passes its own `onCancelled`.
 */
export function useCategoryResolver(
  dialogs: DialogRequests,
  onError: (message: string) => void,
  onCancelled: (message: string) => void = onError,
) {
  const queryClient = useQueryClient();
  const { options } = useCategoryOptions();
  return useCallback(
    async (text: string): Promise<{ id: number | null } | null> => {
      const createCategory = async (name: string, parentId: number | null) => {
        const created = await categoriesApi.create(name, parentId);
        await queryClient.invalidateQueries({ queryKey: CATEGORIES_QUERY_KEY });
        return created.id;
      };
      try {
        const flow = await categoryIdForSave(text, options, dialogs, createCategory);
        if (!flow.ok && flow.cancelled) onCancelled(flow.cancelled);
        return flow.ok ? { id: flow.categoryId } : null;
      } catch (err) {
        onError(errorMessage(err, 'An error occurred.'));
        return null;
      }
    },
    [options, dialogs, queryClient, onError, onCancelled],
  );
}

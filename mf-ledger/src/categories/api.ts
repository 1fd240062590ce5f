/**
 * svc-ledger category calls (docs/rules/api.md): the reads, creation and
 * the shared query keys are app-kit's (the reports' drill-down uses them too); renaming, moving,
 * deleting and merging belong to the Categories page.
 */
import { api } from '@hf/app-kit';
import { categoriesApi as sharedCategoriesApi } from '@hf/app-kit/editing';
import type { CategoryResponse } from '@hf/contracts';

export {
  CATEGORIES_QUERY_KEY,
  PAYEES_QUERY_KEY,
  useCategoryOptions,
  useCategoryTree,
  usePayees,
} from '@hf/app-kit/editing';

export const categoriesApi = {
  ...sharedCategoriesApi,
  rename: (id: number, name: string) => api.put<CategoryResponse>(`/categories/${id}`, { name }),
  move: (id: number, parentId: number | null) =>
    api.put<CategoryResponse>(`/categories/${id}`, { parent_id: parentId }),
  remove: (id: number) => api.delete<unknown>(`/categories/${id}`),
  merge: (sourceId: number, destinationId: number) =>
    api.post<{ message: string }>('/categories/merge', { source_id: sourceId, destination_id: destinationId }),
};

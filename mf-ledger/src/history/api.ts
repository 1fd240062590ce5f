/** svc-ledger's change history calls (contract: @hf/contracts/history). */
import { api, apiFetch } from '@hf/app-kit';
import type { TransactionRecord } from '@hf/contracts';
import type { ActivityPage, DeletedRows, UndoResponse } from '@hf/contracts/history';

export interface ActivityFilters {
  account_id?: number;
  user_id?: number;
  kind?: string;
  /** An ISO instant (or a calendar date, read as UTC midnight by the API): changes from then on. */
  since?: string;
  before?: number;
  limit?: number;
}

export const historyApi = {
  activity: (filters: ActivityFilters) =>
    apiFetch<ActivityPage>('/history', {
      query: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as Record<
        string,
        string | number
      >,
    }),
  deleted: (accountId: number) => apiFetch<DeletedRows>(`/accounts/${accountId}/deleted`),
  restore: (id: number) => api.patch<TransactionRecord>(`/transactions/${id}/restore`),
  undo: (id: number) => api.post<UndoResponse>(`/transactions/${id}/undo`, {}),
  undoMany: (ids: number[]) => api.post<UndoResponse>('/transactions/undo', { transaction_ids: ids }),
};

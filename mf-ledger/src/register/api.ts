/** svc-ledger transaction calls (docs/rules/api.md). */
import { api, apiFetch } from '@hf/app-kit';
import { updateTransaction } from '@hf/app-kit/editing';
import type {
  CreateTransactionBody,
  CreateTransferBody,
  RegisterPage,
  RegisterRow,
  SearchResult,
  TransactionRecord,
  TransferResponse,
  UpdateTransactionBody,
} from '@hf/contracts';

export type { RegisterPage, RegisterRow, SearchResult, TransactionRecord };

/** Request bodies are the contract's own types: one definition for the client and svc-ledger. */
export type NewTransactionBody = CreateTransactionBody;
export type TransferBody = CreateTransferBody;
export type { UpdateTransactionBody };

export const transactionsApi = {
  page: (accountId: number, query: { limit: number; before?: string; after?: string }, signal?: AbortSignal) =>
    apiFetch<RegisterPage>(`/accounts/${accountId}/transactions`, { query, signal }),
  create: (accountId: number, body: NewTransactionBody) =>
    api.post<TransactionRecord>(`/accounts/${accountId}/transactions`, body),
  transfer: (body: TransferBody) => api.post<TransferResponse>('/accounts/transfer', body),
  update: updateTransaction,
  remove: (id: number) => api.patch<unknown>(`/transactions/${id}/delete`),
  move: (id: number, destinationAccountId: number) =>
    api.patch<unknown>(`/transactions/${id}/move`, { destination_account_id: destinationAccountId }),
  setStatus: (id: number, status: string) => api.patch<TransactionRecord>(`/transactions/${id}/status`, { status }),
  search: (accountId: number, terms: string[], uncategorizedOnly: boolean) =>
    api.post<SearchResult[]>('/transactions/search', {
      account_id: accountId,
      search_terms: terms,
      uncategorized_only: uncategorizedOnly,
    }),
  bulkCategorize: (ids: number[], categoryId: number) =>
    api.patch<{ message: string; selected?: number; changed?: number; skipped_split?: number }>(
      '/transactions/bulk_categorize',
      {
        transaction_ids: ids,
        category_id: categoryId,
      },
    ),
};

import type { TransactionRecord, UpdateTransactionBody } from '@hf/contracts';
import { api } from '@hf/app-kit';

/** PUT /transactions/{id}: only the changed fields, plus `updated_at` (409 when the row changed since). */
export function updateTransaction(id: number, body: UpdateTransactionBody) {
  return api.put<TransactionRecord>(`/transactions/${id}`, body);
}

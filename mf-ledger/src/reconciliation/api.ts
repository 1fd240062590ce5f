/** svc-ledger statement reconciliation calls (docs/decisions/0125-statement-reconciliation.md). */
import { api } from '@hf/app-kit';
import type { Reconciliation, ReconciliationList } from '@hf/contracts';

export type { Reconciliation, ReconciliationList };

export const reconciliationsApi = {
  list: (accountId: number) => api.get<ReconciliationList>(`/accounts/${accountId}/reconciliations`),
  /** Opens one, or answers the open one with these statement values. */
  open: (accountId: number, statementDate: string, statementBalance: number) =>
    api.post<Reconciliation>(`/accounts/${accountId}/reconciliations`, {
      statement_date: statementDate,
      statement_balance: statementBalance,
    }),
  finish: (accountId: number, id: number, adjust: boolean) =>
    api.post<Reconciliation>(`/accounts/${accountId}/reconciliations/${id}/finish`, { adjust }),
  /** Undoes the latest finished one (or discards the open one). */
  undo: (accountId: number, id: number) => api.delete<Reconciliation>(`/accounts/${accountId}/reconciliations/${id}`),
};

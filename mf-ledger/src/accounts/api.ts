/** svc-ledger account calls (docs/rules/api.md). */
import { api } from '@hf/app-kit';
import { localToday } from '@hf/calendar';
import type { Account } from '@hf/contracts';
import type { KindBody } from './kind-draft';

export type { Account };

export const accountsApi = {
  /** With `balance_today` (the balance without rows dated after the local today). */
  list: () => api.get<Account[]>(`/accounts/?today=${localToday()}`),
  get: (id: number) => api.get<Account>(`/accounts/${id}?today=${localToday()}`),
  /** `kind`: the kind and the one field that fits it (kind-draft.ts). */
  create: (name: string, startingBalance: number, kind: KindBody) =>
    api.post<Account>('/accounts/', { name, starting_balance: startingBalance, ...kind }),
  update: (id: number, name: string, kind: KindBody) => api.put<Account>(`/accounts/${id}`, { name, ...kind }),
  remove: (id: number) => api.delete<unknown>(`/accounts/${id}`),
  reorder: (accountIds: number[]) => api.post<unknown>('/accounts/reorder', { account_ids: accountIds }),
};

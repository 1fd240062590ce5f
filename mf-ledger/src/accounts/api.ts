/** svc-ledger account calls (spec section 7 "Accounts"). */
import { api } from '@hf/app-kit';
import type { Account } from '@hf/contracts';

export type { Account };

export const accountsApi = {
  list: () => api.get<Account[]>('/accounts/'),
  get: (id: number) => api.get<Account>(`/accounts/${id}`),
  create: (name: string, startingBalance: number) => api.post<Account>('/accounts/', { name, starting_balance: startingBalance }),
  rename: (id: number, name: string) => api.put<Account>(`/accounts/${id}`, { name }),
  remove: (id: number) => api.delete<unknown>(`/accounts/${id}`),
  reorder: (accountIds: number[]) => api.post<unknown>('/accounts/reorder', { account_ids: accountIds }),
};

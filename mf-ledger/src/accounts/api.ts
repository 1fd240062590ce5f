/** svc-ledger account calls (docs/rules/api.md). */
import { api } from '@hf/app-kit';
import { localToday } from '@hf/calendar';
import type { Account } from '@hf/contracts';

export type { Account };

export const accountsApi = {
  /** With `balance_today` (the balance without rows dated after the local today). */
  list: () => api.get<Account[]>(`/accounts/?today=${localToday()}`),
  get: (id: number) => api.get<Account>(`/accounts/${id}?today=${localToday()}`),
  create: (name: string, startingBalance: number) =>
    api.post<Account>('/accounts/', { name, starting_balance: startingBalance }),
  rename: (id: number, name: string) => api.put<Account>(`/accounts/${id}`, { name }),
  remove: (id: number) => api.delete<unknown>(`/accounts/${id}`),
  reorder: (accountIds: number[]) => api.post<unknown>('/accounts/reorder', { account_ids: accountIds }),
};

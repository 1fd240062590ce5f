import { localToday } from '@hf/calendar';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The account fields the shell's header and pickers need (svc-ledger sends more). */
export interface AccountSummary {
  id: number;
  name: string;
  is_default?: boolean;
}

/** Query key of the household's account list; mf-ledger invalidates it after any account change. */
export const ACCOUNTS_QUERY_KEY = ['accounts'] as const;

export function useAccounts<T extends AccountSummary = AccountSummary>(enabled = true) {
  return useQuery({
    queryKey: ACCOUNTS_QUERY_KEY,
    // `today` (local date) adds each account's balance without its planned (future) rows.
    queryFn: () => api.get<T[]>(`/accounts/?today=${localToday()}`),
    enabled,
    staleTime: 30_000,
  });
}

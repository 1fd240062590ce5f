import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@hf/app-kit';
import type { PayeeUsage, RenamePayeeResponse } from '@hf/contracts/ledger';

export type { PayeeUsage, RenamePayeeResponse };

export const PAYEES_QUERY_KEY = ['payees', 'usage'] as const;

/** Every payee with its row count and last date (transfers' payees are not in it), most used first. */
export function usePayees() {
  return useQuery({ queryKey: PAYEES_QUERY_KEY, queryFn: () => api.get<PayeeUsage[]>('/payees/usage') });
}

/** The rename's preview: how many rows change and how many already have the new name. */
export function previewRename(from: string, to: string): Promise<RenamePayeeResponse> {
  return api.post<RenamePayeeResponse>('/payees/rename', { from, to, dry_run: true });
}

/** Renames (or merges) for real; every query is read again after (payees show in registers, reports and lists). */
export function useRenamePayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) =>
      api.post<RenamePayeeResponse>('/payees/rename', { from, to }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** The payees whose name contains the search text (case-insensitive); all for a blank search. */
export function filterPayees(payees: readonly PayeeUsage[], search: string): PayeeUsage[] {
  const text = search.trim().toLocaleLowerCase();
  return text ? payees.filter((p) => p.payee.toLocaleLowerCase().includes(text)) : [...payees];
}

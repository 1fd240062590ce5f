import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@hf/app-kit';
import type { CurrentUser, HouseholdMember, HouseholdView, InviteResponse, PendingInvitation } from '@hf/contracts';

export type { CurrentUser, HouseholdMember, HouseholdView, PendingInvitation };

/** Query keys of the household screen; every change below refreshes `HOUSEHOLD_QUERY_KEY`. */
export const HOUSEHOLD_QUERY_KEY = ['household'] as const;
export const CURRENT_USER_QUERY_KEY = ['household', 'me'] as const;

export function useHousehold() {
  return useQuery({ queryKey: HOUSEHOLD_QUERY_KEY, queryFn: () => api.get<HouseholdView>('/household/') });
}

/** The signed-in member: its id hides Remove on yourself, its role shows Sent Invitations to admins. */
export function useCurrentUser() {
  return useQuery({ queryKey: CURRENT_USER_QUERY_KEY, queryFn: () => api.get<CurrentUser>('/household/me') });
}

function useHouseholdMutation<TVariables, TResult>(call: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HOUSEHOLD_QUERY_KEY, exact: true }),
  });
}

export function useCreateInvitation() {
  return useHouseholdMutation((email: string) => api.post<InviteResponse>('/household/invite', { email }));
}

export function useRemoveMember() {
  return useHouseholdMutation((memberId: number) => api.delete<unknown>(`/household/members/${memberId}`));
}

export function useCancelInvitation() {
  return useHouseholdMutation((invitationId: number) => api.delete<unknown>(`/household/invitations/${invitationId}`));
}

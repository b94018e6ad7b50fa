import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CompletedInvitation, CreatedInvitation, createInvitationSchema, InvitationView, OpenInvitation } from '../../shared/invites/invitation';
import type { CurrentUser } from '../../shared/users/current-user';
import { ApiError, apiGet, apiRequest } from '../lib/api-client';
import { groupsKeys, invitesKeys, usersKeys } from './query-keys';

export { invitesKeys };
export type { CompletedInvitation, CreatedInvitation, InvitationView };

export type CreateInvitationPayload = z.input<typeof createInvitationSchema>;

const groupInvitationsPath = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}/invitations`;

/** GET /api/invite/{token}. An unknown, used or expired invitation answers 404: null here. */
export async function getInvitation(token: string): Promise<InvitationView | null> {
  try {
    return await apiGet<InvitationView>(`/api/invite/${encodeURIComponent(token)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** GET /api/groups/{id}/invitations (for whoever may invite): unused, unrevoked, unexpired, newest first. */
export function getOpenInvitations(groupId: string): Promise<OpenInvitation[]> {
  return apiGet<OpenInvitation[]>(groupInvitationsPath(groupId));
}

/** POST /api/groups/{id}/invite (owner): a single-use link and its QR code, valid 7 days. */
export function createInvitation({ groupId, invitation }: { groupId: string; invitation: CreateInvitationPayload }): Promise<CreatedInvitation> {
  return apiRequest<CreatedInvitation>(`/api/groups/${encodeURIComponent(groupId)}/invite`, { method: 'POST', body: invitation });
}

/** DELETE /api/groups/{id}/invitations/{invitationId}: the link then answers like an invalid one. */
export function revokeInvitation({ groupId, invitationId }: { groupId: string; invitationId: string }): Promise<{ success: true }> {
  return apiRequest<{ success: true }>(`${groupInvitationsPath(groupId)}/${encodeURIComponent(invitationId)}`, { method: 'DELETE' });
}

/**
 * POST /api/invite/{token}/complete: joins the visitor to the group (with an e-mail when asked for
 * one). The answer is the same whether or not the address has an account.
 */
export function completeInvitation({ token, email }: { token: string; email?: string }): Promise<CompletedInvitation> {
  return apiRequest<CompletedInvitation>(`/api/invite/${encodeURIComponent(token)}/complete`, {
    method: 'POST',
    body: email === undefined ? {} : { email },
  });
}

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: invitesKeys.one(token),
    queryFn: () => getInvitation(token),
    // Its answer depends on the session (needsEmail) and on time: never reuse an old one.
    gcTime: 0,
  });
}

export function openInvitationsQueryOptions(groupId: string) {
  return queryOptions({ queryKey: invitesKeys.ofGroup(groupId), queryFn: () => getOpenInvitations(groupId) });
}

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}

export function useOpenInvitations(groupId: string, enabled = true) {
  return useQuery({ ...openInvitationsQueryOptions(groupId), enabled });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: (_result, { groupId }) => queryClient.invalidateQueries({ queryKey: invitesKeys.ofGroup(groupId) }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: (_result, _error, { groupId }) => queryClient.invalidateQueries({ queryKey: invitesKeys.ofGroup(groupId) }),
  });
}

export function useCompleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeInvitation,
    // The invitation's own query is left alone: the landing still shows it until the group page opens.
    onSuccess: (result) => {
      if (!result.alreadyMember) {
        // The server marked the welcome as seen: the group page must not open under the welcome dialog.
        queryClient.setQueryData(usersKeys.current(), (user: CurrentUser | null | undefined) => (user ? { ...user, isFirstVisit: false } : user));
        void queryClient.invalidateQueries({ queryKey: usersKeys.current() });
      }
      return queryClient.invalidateQueries({ queryKey: groupsKeys.mine() });
    },
  });
}

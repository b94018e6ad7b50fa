import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenInvitation } from '../../../../shared/invites/invitation';
import { apiGet } from '../../../lib/api-client';

/** GET /api/groups/{id}/invitations (for whoever may invite): unused, unrevoked, unexpired, newest first. */
export function getOpenInvitations(groupId: string): Promise<OpenInvitation[]> {
  return apiGet<OpenInvitation[]>(`/api/groups/${encodeURIComponent(groupId)}/invitations`);
}

export function openInvitationsQueryOptions(groupId: string) {
  return queryOptions({ queryKey: ['groups', groupId, 'invitations'] as const, queryFn: () => getOpenInvitations(groupId) });
}

export function useOpenInvitations(groupId: string, enabled = true) {
  return useQuery({ ...openInvitationsQueryOptions(groupId), enabled });
}

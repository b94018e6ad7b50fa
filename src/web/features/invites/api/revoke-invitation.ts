import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { openInvitationsQueryOptions } from './get-open-invitations';

/** DELETE /api/groups/{id}/invitations/{invitationId}: the link then answers like an invalid one. */
export function revokeInvitation({ groupId, invitationId }: { groupId: string; invitationId: string }): Promise<{ success: true }> {
  return apiRequest<{ success: true }>(`/api/groups/${encodeURIComponent(groupId)}/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: (_result, _error, { groupId }) => queryClient.invalidateQueries({ queryKey: openInvitationsQueryOptions(groupId).queryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MembershipDecision } from './approve-membership-request';
import { invalidateGroups } from './invalidate';

/** POST /api/groups/{id}/membership-requests/{requestId}/reject (owner): the request is declined. */
export function rejectMembershipRequest({ groupId, requestId }: MembershipDecision): Promise<{ success: true }> {
  return apiRequest<{ success: true }>(
    `/api/groups/${encodeURIComponent(groupId)}/membership-requests/${encodeURIComponent(requestId)}/reject`,
    { method: 'POST' },
  );
}

export function useRejectMembershipRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectMembershipRequest,
    onSuccess: () => invalidateGroups(queryClient),
  });
}

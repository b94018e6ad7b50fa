import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateGroups } from './invalidate';

export interface MembershipDecision {
  groupId: string;
  requestId: string;
}

/** POST /api/groups/{id}/membership-requests/{requestId}/approve (owner): the rider becomes a member. */
export function approveMembershipRequest({ groupId, requestId }: MembershipDecision): Promise<{ success: true }> {
  return apiRequest<{ success: true }>(
    `/api/groups/${encodeURIComponent(groupId)}/membership-requests/${encodeURIComponent(requestId)}/approve`,
    { method: 'POST' },
  );
}

export function useApproveMembershipRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveMembershipRequest,
    onSuccess: () => invalidateGroups(queryClient),
  });
}

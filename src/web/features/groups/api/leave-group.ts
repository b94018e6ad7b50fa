import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateGroups } from './invalidate';

/** POST /api/groups/{id}/leave (members; the owner cannot leave). */
export function leaveGroup(groupId: string): Promise<{ success: true; message: string }> {
  return apiRequest<{ success: true; message: string }>(`/api/groups/${encodeURIComponent(groupId)}/leave`, { method: 'POST' });
}

export function useLeaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveGroup,
    onSuccess: () => invalidateGroups(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateGroups } from './invalidate';

export interface JoinGroupResult {
  message: string;
  /** 'pending' when the group needs the owner's approval. */
  status: 'member' | 'pending';
}

/** POST /api/groups/{id}/join. The server joins the caller; no body is needed. */
export function joinGroup(groupId: string): Promise<JoinGroupResult> {
  return apiRequest<JoinGroupResult>(`/api/groups/${encodeURIComponent(groupId)}/join`, { method: 'POST' });
}

export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinGroup,
    onSuccess: () => invalidateGroups(queryClient),
  });
}

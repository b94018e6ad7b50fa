import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { invalidateRideLists } from './rides/invalidate';

export interface JoinGroupAnswer {
  message: string;
  /** 'pending' when the group needs the owner's approval ("Membership request submitted for approval"). */
  status: 'member' | 'pending';
}

/**
 * POST /api/groups/{id}/join, for screens outside My Groups (the Ride Finder, a ride the rider may
 * only join once they are in its group). The server joins the caller; no body is needed.
 */
export function joinGroupById(groupId: string): Promise<JoinGroupAnswer> {
  return apiRequest<JoinGroupAnswer>(`/api/groups/${encodeURIComponent(groupId)}/join`, { method: 'POST' });
}

/** Refreshes the groups (with finder results and the pending list) and the rides the rider may now join. */
export function useJoinGroupById() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinGroupById,
    onSuccess: () =>
      Promise.all([invalidateRideLists(queryClient), queryClient.invalidateQueries({ queryKey: ['membership-requests'] })]).then(() => undefined),
  });
}

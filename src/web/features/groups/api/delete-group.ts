import { useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userGroupsQueryOptions } from '../../../lib/user-groups';
import { pendingMembershipsQueryOptions } from './get-pending-memberships';

/** DELETE /api/groups/{id} (owner): the group with its rides, polls, invitations and requests. */
export function deleteGroup(groupId: string): Promise<{ success: true }> {
  return apiRequest<{ success: true }>(`/api/groups/${encodeURIComponent(groupId)}`, { method: 'DELETE' });
}

/**
 * The deleted group's own queries (its page, members, polls...) are only marked stale: refetching
 * them now would flash "Group not found" on the page being left. The lists refetch as usual. The
 * invalidation is not awaited, so the caller can leave the group's page at once.
 */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_result, groupId) => {
      const concernsDeleted = (query: Query) =>
        query.queryKey[1] === groupId || (query.state.data as { id?: string } | null | undefined)?.id === groupId;
      const { queryKey } = userGroupsQueryOptions();
      void queryClient.invalidateQueries({ queryKey, predicate: concernsDeleted, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey, predicate: (query) => !concernsDeleted(query) });
      void queryClient.invalidateQueries({ queryKey: pendingMembershipsQueryOptions().queryKey });
    },
  });
}

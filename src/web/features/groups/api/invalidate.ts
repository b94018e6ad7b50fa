import type { QueryClient } from '@tanstack/react-query';
import { userGroupsQueryOptions } from '../../../lib/user-groups';
import { pendingMembershipsQueryOptions } from './get-pending-memberships';

/**
 * After a join, leave, create, delete or decision: every group query lives under ['groups'] (the
 * list, search results, the group page, members, requests), so one prefix invalidation refreshes
 * them all, plus the rider's pending requests.
 */
export function invalidateGroups(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userGroupsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: pendingMembershipsQueryOptions().queryKey }),
  ]).then(() => undefined);
}

import { useQuery } from '@tanstack/react-query';
import { userGroupsQueryOptions } from '../../../lib/user-groups';

export { getUserGroups as getMyGroups, userGroupsQueryOptions as myGroupsQueryOptions } from '../../../lib/user-groups';

/** Spec 2 section 4: the groups list refetches every 10 s while membership requests are pending. */
export const PENDING_GROUPS_REFETCH_MS = 10_000;

/** GET /api/groups (the key ['groups'] is shared with the shell's group count). */
export function useMyGroups({ hasPendingRequests = false }: { hasPendingRequests?: boolean } = {}) {
  return useQuery({
    ...userGroupsQueryOptions(),
    refetchInterval: hasPendingRequests ? PENDING_GROUPS_REFETCH_MS : false,
  });
}

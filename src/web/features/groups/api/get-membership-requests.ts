import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MembershipRequest } from '../../../../shared/groups/group';
import { ApiError, apiGet } from '../../../lib/api-client';

/**
 * GET /api/groups/{id}/membership-requests (owner only). Spec 2 section 6: a 403 is treated as an
 * empty list, with no message.
 */
export async function getMembershipRequests(groupId: string): Promise<MembershipRequest[]> {
  try {
    return await apiGet<MembershipRequest[]>(`/api/groups/${encodeURIComponent(groupId)}/membership-requests`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return [];
    throw error;
  }
}

export function membershipRequestsQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: ['groups', groupId, 'membership-requests'] as const,
    queryFn: () => getMembershipRequests(groupId),
  });
}

export function useMembershipRequests(groupId: string, enabled = true) {
  return useQuery({ ...membershipRequestsQueryOptions(groupId), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupMember } from '../../../../shared/groups/group';
import { apiGet } from '../../../lib/api-client';

/** GET /api/groups/{id}/members (members only; others get 403). */
export function getGroupMembers(groupId: string): Promise<GroupMember[]> {
  return apiGet<GroupMember[]>(`/api/groups/${encodeURIComponent(groupId)}/members`);
}

export function groupMembersQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: ['groups', groupId, 'members'] as const,
    queryFn: () => getGroupMembers(groupId),
  });
}

export function useGroupMembers(groupId: string, enabled = true) {
  return useQuery({ ...groupMembersQueryOptions(groupId), enabled });
}

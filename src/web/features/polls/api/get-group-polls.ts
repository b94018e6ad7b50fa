import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Poll } from '../../../../shared/polls/poll';
import { apiGet } from '../../../lib/api-client';

/** GET /api/groups/{groupId}/polls (members): newest first, with counts and the rider's own vote. */
export function getGroupPolls(groupId: string): Promise<Poll[]> {
  return apiGet<Poll[]>(`/api/groups/${encodeURIComponent(groupId)}/polls`);
}

/** Under ['groups', id]: refreshed with the group's other lists when membership changes. */
export function groupPollsQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: ['groups', groupId, 'polls'] as const,
    queryFn: () => getGroupPolls(groupId),
  });
}

export function useGroupPolls(groupId: string) {
  return useQuery(groupPollsQueryOptions(groupId));
}

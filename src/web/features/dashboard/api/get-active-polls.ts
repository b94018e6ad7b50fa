import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Poll } from '../../../../shared/polls/poll';
import { apiGet } from '../../../lib/api-client';

/** GET /api/polls/active: open polls of the rider's groups (dashboard). */
export function getActivePolls(): Promise<Poll[]> {
  return apiGet<Poll[]>('/api/polls/active');
}

/** Under ['polls']: a vote anywhere refreshes it. */
export function activePollsQueryOptions() {
  return queryOptions({
    queryKey: ['polls', 'active'] as const,
    queryFn: getActivePolls,
  });
}

export function useActivePolls() {
  return useQuery(activePollsQueryOptions());
}

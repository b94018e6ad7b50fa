import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentRide } from '../../../../shared/rides/ride';
import { apiGet } from '../../../lib/api-client';

export type { RecentRide } from '../../../../shared/rides/ride';

/** GET /api/users/{id}/recent-rides */
export function getRecentRides(id: string): Promise<RecentRide[]> {
  return apiGet<RecentRide[]>(`/api/users/${encodeURIComponent(id)}/recent-rides`);
}

export function recentRidesQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['users', 'recent-rides', id] as const,
    queryFn: () => getRecentRides(id),
  });
}

export function useRecentRides(id: string) {
  return useQuery(recentRidesQueryOptions(id));
}

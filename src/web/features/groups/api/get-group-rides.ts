import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ride } from '../../../../shared/rides/ride';
import { ApiError, apiGet } from '../../../lib/api-client';

/**
 * GET /api/groups/{id}/rides (members). The rides API arrives with the rides issue; until then the
 * server answers 404 for this path, which (for a group we just loaded) means no rides yet.
 */
export async function getGroupRides(groupId: string): Promise<Ride[]> {
  try {
    const rides = await apiGet<Ride[]>(`/api/groups/${encodeURIComponent(groupId)}/rides`);
    return Array.isArray(rides) ? rides : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function groupRidesQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: ['groups', groupId, 'rides'] as const,
    queryFn: () => getGroupRides(groupId),
  });
}

export function useGroupRides(groupId: string, enabled = true) {
  return useQuery({ ...groupRidesQueryOptions(groupId), enabled });
}

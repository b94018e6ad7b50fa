import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ride } from '../../../../shared/rides/ride';
import { ApiError, apiGet } from '../../../lib/api-client';

/** GET /api/groups/{group}/rides/{ride}: a ride by its group's and its own slug. 404 gives null. */
export async function getRideBySlugs(groupSlug: string, rideSlug: string): Promise<Ride | null> {
  try {
    return await apiGet<Ride>(`/api/groups/${encodeURIComponent(groupSlug)}/rides/${encodeURIComponent(rideSlug)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function rideBySlugsQueryOptions(groupSlug: string, rideSlug: string) {
  return queryOptions({
    queryKey: ['rides', 'by-slug', groupSlug, rideSlug] as const,
    queryFn: () => getRideBySlugs(groupSlug, rideSlug),
  });
}

export function useRideBySlugs(groupSlug: string, rideSlug: string, enabled = true) {
  return useQuery({ ...rideBySlugsQueryOptions(groupSlug, rideSlug), enabled: enabled && Boolean(groupSlug && rideSlug) });
}

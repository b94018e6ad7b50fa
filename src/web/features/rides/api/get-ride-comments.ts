import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RideComment } from '../../../../shared/rides/ride';
import { apiGet } from '../../../lib/api-client';

/** GET /api/rides/{id}/comments: oldest first. */
export function getRideComments(rideId: string): Promise<RideComment[]> {
  return apiGet<RideComment[]>(`/api/rides/${encodeURIComponent(rideId)}/comments`);
}

export function rideCommentsQueryOptions(rideId: string) {
  return queryOptions({
    queryKey: ['rides', rideId, 'comments'] as const,
    queryFn: () => getRideComments(rideId),
  });
}

export function useRideComments(rideId: string) {
  return useQuery(rideCommentsQueryOptions(rideId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ride } from '../../../../shared/rides/ride';
import { ApiError, apiGet } from '../../../lib/api-client';

/** GET /api/rides/{id}: a ride by id (rides without a group live at /rides/{id}). 404 gives null. */
export async function getRide(rideId: string): Promise<Ride | null> {
  try {
    return await apiGet<Ride>(`/api/rides/${encodeURIComponent(rideId)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function rideQueryOptions(rideId: string) {
  return queryOptions({
    queryKey: ['rides', rideId] as const,
    queryFn: () => getRide(rideId),
  });
}

export function useRide(rideId: string, enabled = true) {
  return useQuery({ ...rideQueryOptions(rideId), enabled: enabled && Boolean(rideId) });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ride } from '../../../../shared/rides/ride';
import { apiGet } from '../../../lib/api-client';
import { finderQuery, type FinderCentre } from './find-groups';

export type FoundRide = Ride & { distanceKm: number };

/** GET /api/rides/finder: upcoming rides starting within the radius, nearest first. */
export function findRides(centre: FinderCentre, radius: number): Promise<FoundRide[]> {
  return apiGet<FoundRide[]>(`/api/rides/finder?${finderQuery(centre, radius)}`);
}

/** Under ['rides'] (joining or creating refreshes it); latitude, longitude and radius feed the key. */
export function findRidesQueryOptions(centre: FinderCentre, radius: number) {
  return queryOptions({
    queryKey: ['rides', 'finder', centre.latitude, centre.longitude, radius] as const,
    queryFn: () => findRides(centre, radius),
  });
}

export function useFindRides(centre: FinderCentre | null, radius: number) {
  return useQuery({ ...findRidesQueryOptions(centre ?? { latitude: 0, longitude: 0 }, radius), enabled: centre !== null });
}

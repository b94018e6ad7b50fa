import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ride } from '../../../shared/rides/ride';
import { apiGet } from '../api-client';

/**
 * GET /api/rides/upcoming: rides starting from now in the rider's groups or joined by them,
 * soonest first. Shared by the dashboard and Upcoming Rides.
 */
export function getUpcomingRides(): Promise<Ride[]> {
  return apiGet<Ride[]>('/api/rides/upcoming');
}

export function upcomingRidesQueryOptions() {
  return queryOptions({
    queryKey: ['rides', 'upcoming'] as const,
    queryFn: getUpcomingRides,
  });
}

export function useUpcomingRides() {
  return useQuery(upcomingRidesQueryOptions());
}

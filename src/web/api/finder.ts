import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Group } from '../../shared/groups/group';
import type { Ride } from '../../shared/rides/ride';
import { apiGet } from '../lib/api-client';
import { groupsKeys, ridesKeys } from './query-keys';

export interface FinderCentre {
  latitude: number;
  longitude: number;
}

export type FoundGroup = Group & { distanceKm: number };
export type FoundRide = Ride & { distanceKm: number };

/** Finder results live under their domain's key (joining refreshes groups, creating or joining a ride refreshes rides). */
export const finderKeys = {
  groups: ({ latitude, longitude }: FinderCentre, radius: number) => groupsKeys.finder(latitude, longitude, radius),
  rides: ({ latitude, longitude }: FinderCentre, radius: number) => ridesKeys.finder(latitude, longitude, radius),
};

/** latitude, longitude and radius (km) as the query string both finder calls take. */
function finderQuery({ latitude, longitude }: FinderCentre, radius: number): string {
  return new URLSearchParams({ latitude: latitude.toFixed(6), longitude: longitude.toFixed(6), radius: String(radius) }).toString();
}

/** GET /api/groups/finder: groups whose base is within the radius, nearest first. */
export function findGroups(centre: FinderCentre, radius: number): Promise<FoundGroup[]> {
  return apiGet<FoundGroup[]>(`/api/groups/finder?${finderQuery(centre, radius)}`);
}

/** GET /api/rides/finder: upcoming rides starting within the radius, nearest first. */
export function findRides(centre: FinderCentre, radius: number): Promise<FoundRide[]> {
  return apiGet<FoundRide[]>(`/api/rides/finder?${finderQuery(centre, radius)}`);
}

/** Latitude, longitude and radius feed the keys (spec 2 section 7). */
export function findGroupsQueryOptions(centre: FinderCentre, radius: number) {
  return queryOptions({ queryKey: finderKeys.groups(centre, radius), queryFn: () => findGroups(centre, radius) });
}

export function findRidesQueryOptions(centre: FinderCentre, radius: number) {
  return queryOptions({ queryKey: finderKeys.rides(centre, radius), queryFn: () => findRides(centre, radius) });
}

const NOWHERE: FinderCentre = { latitude: 0, longitude: 0 };

export function useFindGroups(centre: FinderCentre | null, radius: number) {
  return useQuery({ ...findGroupsQueryOptions(centre ?? NOWHERE, radius), enabled: centre !== null });
}

export function useFindRides(centre: FinderCentre | null, radius: number) {
  return useQuery({ ...findRidesQueryOptions(centre ?? NOWHERE, radius), enabled: centre !== null });
}

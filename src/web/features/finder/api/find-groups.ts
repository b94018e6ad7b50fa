import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Group } from '../../../../shared/groups/group';
import { apiGet } from '../../../lib/api-client';

export interface FinderCentre {
  latitude: number;
  longitude: number;
}

export type FoundGroup = Group & { distanceKm: number };

/** latitude, longitude and radius (km) as the query string both finder calls take. */
export function finderQuery({ latitude, longitude }: FinderCentre, radius: number): string {
  return new URLSearchParams({ latitude: latitude.toFixed(6), longitude: longitude.toFixed(6), radius: String(radius) }).toString();
}

/** GET /api/groups/finder: groups whose base is within the radius, nearest first. */
export function findGroups(centre: FinderCentre, radius: number): Promise<FoundGroup[]> {
  return apiGet<FoundGroup[]>(`/api/groups/finder?${finderQuery(centre, radius)}`);
}

/** Under ['groups'] (joining refreshes it); latitude, longitude and radius feed the key (spec 2 section 7). */
export function findGroupsQueryOptions(centre: FinderCentre, radius: number) {
  return queryOptions({
    queryKey: ['groups', 'finder', centre.latitude, centre.longitude, radius] as const,
    queryFn: () => findGroups(centre, radius),
  });
}

export function useFindGroups(centre: FinderCentre | null, radius: number) {
  return useQuery({ ...findGroupsQueryOptions(centre ?? { latitude: 0, longitude: 0 }, radius), enabled: centre !== null });
}

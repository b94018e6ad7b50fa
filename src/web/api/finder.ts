import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FoundGroup, FoundRide, GroupFinderPage, RideFinderPage } from '../../shared/finder/finder';
import { apiGet } from '../lib/api-client';
import { groupsKeys, ridesKeys } from './query-keys';

export type { FoundGroup, FoundRide };

export interface FinderCentre {
  latitude: number;
  longitude: number;
}

/** Finder results live under their domain's key (joining refreshes groups, creating or joining a ride refreshes rides). */
export const finderKeys = {
  groups: ({ latitude, longitude }: FinderCentre, radius: number) => groupsKeys.finder(latitude, longitude, radius),
  rides: ({ latitude, longitude }: FinderCentre, radius: number) => ridesKeys.finder(latitude, longitude, radius),
};

/** latitude, longitude, radius (km) and the page's first place as the query string both finder calls take; the server's page size applies. */
function finderQuery({ latitude, longitude }: FinderCentre, radius: number, offset: number): string {
  return new URLSearchParams({ latitude: latitude.toFixed(6), longitude: longitude.toFixed(6), radius: String(radius), offset: String(offset) }).toString();
}

/** GET /api/groups/finder: a page of the groups whose base is within the radius, nearest first. */
export function findGroups(centre: FinderCentre, radius: number, offset = 0): Promise<GroupFinderPage> {
  return apiGet<GroupFinderPage>(`/api/groups/finder?${finderQuery(centre, radius, offset)}`);
}

/** GET /api/rides/finder: a page of the upcoming rides starting within the radius, nearest first. */
export function findRides(centre: FinderCentre, radius: number, offset = 0): Promise<RideFinderPage> {
  return apiGet<RideFinderPage>(`/api/rides/finder?${finderQuery(centre, radius, offset)}`);
}

/** Latitude, longitude and radius feed the keys (spec 2 section 7); the pages load one after another. */
export function findGroupsQueryOptions(centre: FinderCentre, radius: number) {
  return finderPagesQueryOptions(finderKeys.groups(centre, radius), (offset) => findGroups(centre, radius, offset));
}

export function findRidesQueryOptions(centre: FinderCentre, radius: number) {
  return finderPagesQueryOptions(finderKeys.rides(centre, radius), (offset) => findRides(centre, radius, offset));
}

/** A finder list read a page at a time: each page says where the next one starts, or that it was the last. */
function finderPagesQueryOptions<Page extends { nextOffset: number | null }>(queryKey: readonly unknown[], findPage: (offset: number) => Promise<Page>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => findPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (page: Page) => page.nextOffset ?? undefined,
  });
}

const NOWHERE: FinderCentre = { latitude: 0, longitude: 0 };

export function useFindGroups(centre: FinderCentre | null, radius: number) {
  return useInfiniteQuery({ ...findGroupsQueryOptions(centre ?? NOWHERE, radius), enabled: centre !== null });
}

export function useFindRides(centre: FinderCentre | null, radius: number) {
  return useInfiniteQuery({ ...findRidesQueryOptions(centre ?? NOWHERE, radius), enabled: centre !== null });
}

/** The places of every page loaded so far, nearest first, and how many there are within the radius in all. */
export function foundSoFar<T>(data: { pages: Array<{ results: T[]; total: number }> } | undefined): { results: T[]; total: number } {
  return { results: data?.pages.flatMap((page) => page.results) ?? [], total: data?.pages[0]?.total ?? 0 };
}

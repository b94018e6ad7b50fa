import type { AppContext } from '../context';
import type { Circle } from '../db/nearest';
import { FINDER_MOST_RESULTS, type FinderQuery, type GroupFinderPage, type RideFinderPage } from '../../shared/finder/finder';
import { listNearestGroups } from '../groups/groups.service';
import { listNearestRideCards } from '../rides/ride-lists.service';
import type { JsonText } from '../platform/json-text';

export function circleOf(q: Pick<FinderQuery, 'latitude' | 'longitude' | 'radius'>): Circle {
  return { centre: { lat: q.latitude, lon: q.longitude }, radiusKm: q.radius };
}

/** GET /api/groups/finder: a page of the groups based within the radius, nearest first. */
export function findGroups(ctx: AppContext, viewerId: string | null, q: FinderQuery): Promise<GroupFinderPage> {
  return listNearestGroups(ctx, viewerId, circleOf(q), { offset: q.offset, limit: q.limit }, FINDER_MOST_RESULTS);
}

/** GET /api/rides/finder: a page of the upcoming rides starting within the radius, nearest first. */
export function findRides(ctx: AppContext, viewerId: string | null, q: FinderQuery): Promise<JsonText<RideFinderPage>> {
  return listNearestRideCards(ctx, viewerId, circleOf(q), { offset: q.offset, limit: q.limit }, FINDER_MOST_RESULTS);
}

import type { AppContext } from '../context';
import type { Circle, NearestLimits } from '../db/nearest';
import type { Group } from '../../shared/groups/group';
import type { Ride } from '../../shared/rides/ride';
import { listNearestGroups } from '../groups/groups.service';
import { listNearestRideCards } from '../rides/ride-lists.service';
import type { JsonText } from '../platform/json-text';

export interface FinderQuery {
  latitude: number;
  longitude: number;
  radius: number;
}

/**
 * At most 100 results, nearest first; the indexed prefilter weighs the box's 1000 nearest by a
 * flat measure to find them (db/nearest.ts).
 */
export const FINDER_LIMITS: NearestLimits = { results: 100, candidates: 1000 };

export function circleOf(q: FinderQuery): Circle {
  return { centre: { lat: q.latitude, lon: q.longitude }, radiusKm: q.radius };
}

export function findGroups(ctx: AppContext, viewerId: string | null, q: FinderQuery): Promise<Array<Group & { distanceKm: number }>> {
  return listNearestGroups(ctx, viewerId, circleOf(q), FINDER_LIMITS);
}

export function findRides(ctx: AppContext, viewerId: string | null, q: FinderQuery): Promise<JsonText<Array<Ride & { distanceKm: number }>>> {
  return listNearestRideCards(ctx, viewerId, circleOf(q), FINDER_LIMITS);
}

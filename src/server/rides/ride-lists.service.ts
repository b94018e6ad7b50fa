import type { AppContext } from '../context';
import { nowIso, toNumberOrNull } from '../db/database';
import { notFound } from '../platform/errors';
import type { RecentRide, Ride } from '../../shared/rides/ride';
import { loadVisibleProfile } from '../users/profile-visibility.service';
import { assertGroupExists, groupIdBySlug } from '../groups/groups.service';
import { JsonText } from '../platform/json-text';
import { ridesRepository, type RideRow } from './rides.repository';
import { presentOne } from './rides.service';
import { presentRideCards } from './ride-cards';
import { readNearestPage, type Circle, type NearestPage } from '../db/nearest';
import type { RideFinderPage } from '../../shared/finder/finder';
import { roundKm } from '../../shared/geo/coordinates';

/** Reading rides by address and in lists (the lists from ride cards, ride-cards.ts). */

/**
 * GET /api/groups/{group}/rides/{ride}. Either slug may be one the group or ride had before a
 * rename: the answer is the ride as it is now (its current slugs), and the page puts those in the
 * address bar. The current slugs are tried first, in one query.
 */
export async function getRideBySlugs(ctx: AppContext, viewerId: string | null, groupSlug: string, rideSlug: string): Promise<Ride> {
  const row = (await ridesRepository.findBySlugs(ctx.db, groupSlug, rideSlug, viewerId)) ?? (await findByPreviousSlugs(ctx, groupSlug, rideSlug, viewerId));
  if (!row) throw notFound('ride_not_found');
  return presentOne(ctx, row, viewerId);
}

async function findByPreviousSlugs(ctx: AppContext, groupSlug: string, rideSlug: string, viewerId: string | null): Promise<RideRow | undefined> {
  const groupId = await groupIdBySlug(ctx, groupSlug);
  const rideId = groupId && (await ridesRepository.idBySlug(ctx.db, groupId, rideSlug));
  return rideId ? ridesRepository.findById(ctx.db, rideId, viewerId) : undefined;
}

export async function listGroupRides(ctx: AppContext, viewerId: string | null, groupId: string): Promise<JsonText<Ride[]>> {
  // The rows carry the viewer's standing in the group; the group itself only has to exist.
  const [, rows] = await Promise.all([assertGroupExists(ctx, groupId), ridesRepository.listGroupCards(ctx.db, groupId, viewerId, nowIso())]);
  return presentRideCards(ctx, rows, viewerId);
}

/**
 * The ride finder's answer: the cards of a page of the upcoming rides starting within the circle,
 * nearest its centre first, each with its distance in kilometres to one decimal, and how many
 * there are.
 */
export async function listNearestRideCards(
  ctx: AppContext,
  viewerId: string | null,
  circle: Circle,
  page: NearestPage,
  candidates: number,
): Promise<JsonText<RideFinderPage>> {
  const now = nowIso();
  const { rows, total, nextOffset } = await readNearestPage((p) => ridesRepository.nearestUpcomingCards(ctx.db, circle, p, candidates, now, viewerId), page);
  const distances = new Map(rows.map((row) => [row.id, roundKm(Number(row.distance_km))]));
  const cards = await presentRideCards(ctx, rows, viewerId, (id) => ({ distanceKm: distances.get(id)! }));
  return new JsonText(`{"results":${cards.text},"total":${total},"nextOffset":${nextOffset ?? 'null'}}`);
}

export async function listUpcomingRides(ctx: AppContext, userId: string): Promise<JsonText<Ride[]>> {
  return presentRideCards(ctx, await ridesRepository.upcomingCardsOfRider(ctx.db, userId, nowIso()), userId);
}

/**
 * GET /api/users/{id}/recent-rides: past rides the rider owned or joined, under their profile's
 * visibility; a ride of a group that requires approval only to those who may see its riders
 * (rides.policy maySeeRiders), since listing it says the rider is a member.
 */
export async function listRecentRides(ctx: AppContext, viewerId: string | null, accountId: string): Promise<RecentRide[]> {
  const owner = await loadVisibleProfile(ctx, viewerId, { id: accountId });
  const rows = await ridesRepository.listRecentForRider(ctx.db, owner.id, nowIso(), viewerId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    groupName: r.group_name,
    groupSlug: r.group_slug,
    slug: r.slug,
    startTime: r.start_date,
    totalDistanceKm: toNumberOrNull(r.total_distance_km),
  }));
}

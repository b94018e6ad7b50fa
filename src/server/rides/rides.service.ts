import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors';
import { newId } from '../platform/tokens';
import { notify } from '../notifications/notifications.service';
import { track } from '../events/events.service';
import { notificationTexts } from '../../shared/notifications/notification';
import { baseSlug, firstFreeSlug } from '../platform/slug';
import { distanceKm, type LatLon } from '../../shared/geo/coordinates';
import { DECISION_BEFORE_START, waitlistPromotes, dayLabel, localDay, rideEndInstant, rideStops, zonedDateTimeToIso, type RecentRide, type CreateRideInput, type Ride, type RideComment, type RideCommentsPage, type UpdateRideInput, type Waypoint } from '../../shared/rides/ride';
import { placeTypedName } from '../geocoding/geocoding.service';
import { routeThrough } from '../routing/routing.service';
import { usersRepository } from '../users/users.repository';
import { canViewProfile } from '../users/users.policy';
import type { ProfileVisibility } from '../../shared/users/current-user';
import { groupsRepository } from '../groups/groups.repository';
import { announceNewMember, assertGroupExists, groupIdBySlug, loadGroup } from '../groups/groups.service';
import { membershipStatusOf } from '../groups/groups.presenter';
import { detachMedia } from '../media/media.service';
import { ridesRepository, type RideRow } from './rides.repository';
import { parseWaypoints, presentComment, presentRideDetail } from './rides.presenter';
import { waitlistRepository, type SeatState } from './waitlist.repository';
import { fillFreedSeats, tellSeatNews } from './waitlist.service';
import { peopleOf, presentRideCards } from './ride-cards';
import type { JsonText } from '../platform/json-text';

const DAY_MS = 86_400_000;
export const NO_EDIT_PERMISSION = "You don't have permission to edit this ride";

// ---------------------------------------------------------------- presenting

/** A ride's own JSON (its page, and the answer to each change): with its waitlist and minimum riders decision. */
async function presentOne(ctx: AppContext, row: RideRow, viewerId: string | null): Promise<Ride> {
  const [people, standing] = await Promise.all([peopleOf(ctx, [row]), waitlistRepository.standing(ctx.db, row.id, viewerId)]);
  return presentRideDetail(row, viewerId, people, standing);
}

/** The ride, read for `viewerId` (who may present it), or 404. */
async function loadRide(ctx: AppContext, rideId: string, viewerId: string | null = null): Promise<RideRow> {
  const row = await ridesRepository.findById(ctx.db, rideId, viewerId);
  if (!row) throw notFound('Ride not found');
  return row;
}

// ---------------------------------------------------------------- route geometry

/**
 * Coordinates of a stop: as sent, or (typed without choosing a suggestion) where the place field
 * would have suggested, biased toward the group's location; null when nothing matches, so the stop
 * shows as "not on the map" rather than somewhere the rider did not see.
 */
async function placeStop(ctx: AppContext, name: string | null | undefined, lat: number | null | undefined, lon: number | null | undefined, near: LatLon | null): Promise<{ lat: number | null; lon: number | null }> {
  if (lat !== null && lat !== undefined && lon !== null && lon !== undefined) return { lat, lon };
  // Null coordinates are the rider's choice (or the stored state) of a stop kept as text only.
  if (lat === null || lon === null) return { lat: null, lon: null };
  const point = name ? await placeTypedName(ctx, name, near) : null;
  return point ?? { lat: null, lon: null };
}

/** The group's location, the bias for placing its rides' typed stops. */
function groupPoint(group: { latitude: number | null; longitude: number | null }): LatLon | null {
  return group.latitude === null || group.longitude === null ? null : { lat: Number(group.latitude), lon: Number(group.longitude) };
}

/** Great-circle length of the route through every stop that has coordinates (null when fewer than 2). */
function routeLengthKm(stops: Array<{ latitude: number | null; longitude: number | null }>): number | null {
  const points = stops.filter((s) => s.latitude !== null && s.longitude !== null && !(s.latitude === 0 && s.longitude === 0));
  if (points.length < 2) return null;
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    total += distanceKm({ lat: points[i - 1]!.latitude!, lon: points[i - 1]!.longitude! }, { lat: points[i]!.latitude!, lon: points[i]!.longitude! });
  }
  return Math.round(total * 100) / 100;
}

type RouteFields = Pick<
  RideRow,
  'start_location' | 'start_latitude' | 'start_longitude' | 'midpoint_location' | 'midpoint_latitude' | 'midpoint_longitude' | 'end_location' | 'end_latitude' | 'end_longitude' | 'waypoints'
>;

async function routeColumns(ctx: AppContext, near: LatLon | null, input: {
  startLocation: string;
  startLatitude?: number | null;
  startLongitude?: number | null;
  midpointLocation?: string | null;
  midpointLatitude?: number | null;
  midpointLongitude?: number | null;
  endLocation: string;
  endLatitude?: number | null;
  endLongitude?: number | null;
  waypoints: Array<Waypoint & { keepAsText?: true }>;
}): Promise<RouteFields & { total_distance_km: number | null }> {
  const start = await placeStop(ctx, input.startLocation, input.startLatitude, input.startLongitude, near);
  const end = await placeStop(ctx, input.endLocation, input.endLatitude, input.endLongitude, near);
  // Waypoints replace the midpoint (spec 2 section 4: the route option clears the other).
  const midpointName = input.waypoints.length > 0 ? null : input.midpointLocation || null;
  const mid = await placeStop(ctx, midpointName, input.midpointLatitude, input.midpointLongitude, near);
  const waypoints: Waypoint[] = [];
  for (const w of input.waypoints) {
    const at = w.keepAsText ? { lat: null, lon: null } : await placeStop(ctx, w.name, w.latitude ?? undefined, w.longitude ?? undefined, near);
    waypoints.push({ name: w.name, latitude: at.lat, longitude: at.lon });
  }
  const fields: RouteFields = {
    start_location: input.startLocation,
    start_latitude: start.lat,
    start_longitude: start.lon,
    midpoint_location: midpointName,
    midpoint_latitude: midpointName ? mid.lat : null,
    midpoint_longitude: midpointName ? mid.lon : null,
    end_location: input.endLocation,
    end_latitude: end.lat,
    end_longitude: end.lon,
    waypoints: JSON.stringify(waypoints),
  };
  const stops = rideStops({
    startLocation: fields.start_location,
    startLatitude: fields.start_latitude,
    startLongitude: fields.start_longitude,
    midpointLocation: fields.midpoint_location,
    midpointLatitude: fields.midpoint_latitude,
    midpointLongitude: fields.midpoint_longitude,
    waypoints,
    endLocation: fields.end_location,
    endLatitude: fields.end_latitude,
    endLongitude: fields.end_longitude,
  });
  return { ...fields, total_distance_km: routeLengthKm(stops) };
}

/** The ride's slug in its group: the transliterated name (see baseSlug), then with "-2", "-3"... while taken. */
function uniqueSlug(ctx: AppContext, groupId: string | null, name: string, rideId: string): Promise<string> {
  return firstFreeSlug(baseSlug(name, 'ride', rideId), (slug) => ridesRepository.slugTaken(ctx.db, groupId, slug, rideId));
}

// ---------------------------------------------------------------- commands

/**
 * The stored total: the road distance when a router answers (ROUTER_URL), else the great-circle
 * sum computed by routeColumns.
 */
async function withRoutedDistance<T extends { total_distance_km: number | null } & RouteFields>(ctx: AppContext, route: T): Promise<T> {
  const stops = rideStops({
    startLocation: route.start_location,
    startLatitude: route.start_latitude,
    startLongitude: route.start_longitude,
    midpointLocation: route.midpoint_location,
    midpointLatitude: route.midpoint_latitude,
    midpointLongitude: route.midpoint_longitude,
    waypoints: parseWaypoints(route.waypoints),
    endLocation: route.end_location,
    endLatitude: route.end_latitude,
    endLongitude: route.end_longitude,
  }).filter((s) => s.latitude !== null && s.longitude !== null && !(s.latitude === 0 && s.longitude === 0));
  if (!ctx.config.routerUrl || stops.length < 2) return route;
  const routed = await routeThrough(ctx, stops.map((s) => ({ lat: s.latitude!, lon: s.longitude! })));
  return routed.distanceKm === null ? route : { ...route, total_distance_km: routed.distanceKm };
}

/** POST /api/rides: members of the group plan rides; the other members are told. */
export async function createRide(ctx: AppContext, userId: string, input: CreateRideInput): Promise<Ride> {
  const group = await loadGroup(ctx, input.groupId, userId);
  const status = membershipStatusOf(group, userId);
  if (status !== 'owner' && status !== 'member') throw forbidden('Only group members can create rides');
  if (localDay(input.startDate, input.timezoneOffset) < localDay(new Date().toISOString(), input.timezoneOffset)) {
    throw badRequest('Start date cannot be in the past');
  }
  const id = newId();
  const now = nowIso();
  const slugBase = await uniqueSlug(ctx, group.id, input.name, id);
  const route = await withRoutedDistance(ctx, await routeColumns(ctx, groupPoint(group), { ...input, waypoints: input.waypoints ?? [] }));
  try {
    await ctx.db.transaction().execute(async (tx) => {
      await ridesRepository.insert(tx, {
        id,
        group_id: group.id,
        name: input.name,
        slug: slugBase,
        description: input.description || null,
        status: 'confirmed',
        start_date: new Date(input.startDate).toISOString(),
        end_date: rideEndInstant(input.startDate, input.endDate, input.timezoneOffset),
        duration: input.duration,
        ...route,
        min_riders: input.minRiders,
        max_riders: input.maxRiders,
        min_riders_decision_at: input.minRidersDecisionAt ? new Date(input.minRidersDecisionAt).toISOString() : null,
        timezone_offset: input.timezoneOffset,
        timezone_name: input.timezoneName,
        owner_id: userId,
        navigator_id: null,
        created_at: now,
      });
      // The owner rides too: they hold the first seat.
      await ridesRepository.addParticipant(tx, id, userId, now);
      await track(tx, 'rides', 'ride_created', { rideId: id, groupId: group.id }, userId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A ride with this name already exists in the group');
    throw error;
  }
  const { title, message } = notificationTexts.rideCreated(input.name);
  for (const memberId of await groupsRepository.memberIds(ctx.db, group.id)) {
    if (memberId !== userId) await notify(ctx, memberId, 'ride_created', title, message, { rideId: id });
  }
  return presentOne(ctx, await loadRide(ctx, id, userId), userId);
}

/** PATCH /api/rides/{id}: the owner edits; the navigator must be a participant. */
export async function updateRide(ctx: AppContext, userId: string, rideId: string, input: UpdateRideInput): Promise<Ride> {
  const ride = await loadRide(ctx, rideId);
  if (ride.owner_id !== userId) throw forbidden(NO_EDIT_PERMISSION);

  const timezoneOffset = input.timezoneOffset ?? ride.timezone_offset;
  const merged = {
    startDate: input.startDate ?? ride.start_date,
    // The end is a day (rideEndInstant): without a new one, the stored end's day on the ride's former clock.
    endDate: input.endDate ?? zonedDateTimeToIso(localDay(ride.end_date, ride.timezone_offset), '00:00', timezoneOffset),
    minRiders: input.minRiders ?? ride.min_riders,
    maxRiders: input.maxRiders ?? ride.max_riders,
    timezoneOffset,
  };
  if (merged.maxRiders < merged.minRiders) throw badRequest('Maximum riders must be at least the minimum');
  if (localDay(merged.endDate, merged.timezoneOffset) < localDay(merged.startDate, merged.timezoneOffset)) throw badRequest('End date must be after start date');
  // Spec 2 section 5: the edit form's pickers refuse dates earlier than 24 hours ago.
  const earliest = Date.now() - DAY_MS;
  if ((input.startDate && Date.parse(input.startDate) < earliest) || (input.endDate && Date.parse(input.endDate) < earliest)) {
    throw badRequest('Dates cannot be earlier than 24 hours ago');
  }
  const decisionAt = input.minRidersDecisionAt === undefined ? ride.min_riders_decision_at : input.minRidersDecisionAt && new Date(input.minRidersDecisionAt).toISOString();
  if (decisionAt && Date.parse(decisionAt) >= Date.parse(merged.startDate)) throw badRequest(DECISION_BEFORE_START);
  const decisionMoved = input.minRidersDecisionAt !== undefined && decisionAt !== ride.min_riders_decision_at;
  const timesTouched = input.startDate !== undefined || input.endDate !== undefined || input.timezoneOffset !== undefined;
  if (input.navigatorId && !(await ridesRepository.isParticipant(ctx.db, rideId, input.navigatorId))) {
    throw badRequest('The navigator must be one of the ride’s participants');
  }

  const routeTouched = ['startLocation', 'startLatitude', 'startLongitude', 'midpointLocation', 'midpointLatitude', 'midpointLongitude', 'endLocation', 'endLatitude', 'endLongitude', 'waypoints'].some(
    (k) => k in input,
  );
  const route = routeTouched
    ? await withRoutedDistance(ctx, await routeColumns(ctx, ride.group_id ? groupPoint(await loadGroup(ctx, ride.group_id, userId)) : null, {
        startLocation: input.startLocation ?? ride.start_location,
        startLatitude: input.startLatitude !== undefined ? input.startLatitude : input.startLocation !== undefined ? undefined : ride.start_latitude,
        startLongitude: input.startLongitude !== undefined ? input.startLongitude : input.startLocation !== undefined ? undefined : ride.start_longitude,
        midpointLocation: input.midpointLocation !== undefined ? input.midpointLocation : ride.midpoint_location,
        midpointLatitude: input.midpointLatitude !== undefined ? input.midpointLatitude : input.midpointLocation !== undefined ? undefined : ride.midpoint_latitude,
        midpointLongitude: input.midpointLongitude !== undefined ? input.midpointLongitude : input.midpointLocation !== undefined ? undefined : ride.midpoint_longitude,
        endLocation: input.endLocation ?? ride.end_location,
        endLatitude: input.endLatitude !== undefined ? input.endLatitude : input.endLocation !== undefined ? undefined : ride.end_latitude,
        endLongitude: input.endLongitude !== undefined ? input.endLongitude : input.endLocation !== undefined ? undefined : ride.end_longitude,
        waypoints: input.waypoints ?? parseWaypoints(ride.waypoints).map((w) => (w.latitude === null || w.longitude === null ? { ...w, keepAsText: true as const } : w)),
      }))
    : {};

  const newSlug = input.name && input.name !== ride.name ? await uniqueSlug(ctx, ride.group_id, input.name, rideId) : undefined;
  const slug = newSlug === ride.slug ? undefined : newSlug;
  // The address the ride leaves keeps leading to it (a ride without a group is addressed by id).
  // Remembered first: should the update then fail, the ride still has that slug, and a slug's
  // current owner wins over the history.
  if (slug !== undefined && ride.group_id) await ridesRepository.rememberSlug(ctx.db, ride.group_id, ride.slug, rideId, nowIso());
  const fields = {
    ...route,
    ...(input.name !== undefined && { name: input.name }),
    ...(slug !== undefined && { slug }),
    ...(input.description !== undefined && { description: input.description || null }),
    ...(input.startDate !== undefined && { start_date: new Date(input.startDate).toISOString() }),
    ...(timesTouched && { end_date: rideEndInstant(merged.startDate, merged.endDate, merged.timezoneOffset) }),
    ...(input.duration !== undefined && { duration: input.duration }),
    ...(input.minRiders !== undefined && { min_riders: input.minRiders }),
    ...(input.maxRiders !== undefined && { max_riders: input.maxRiders }),
    ...(input.timezoneOffset !== undefined && { timezone_offset: input.timezoneOffset }),
    ...(input.timezoneName !== undefined && { timezone_name: input.timezoneName }),
    ...(input.navigatorId !== undefined && { navigator_id: input.navigatorId }),
    ...(input.status !== undefined && { status: input.status }),
    // A new decision time is a new decision: checked again when it comes, and the owner chooses again.
    ...(decisionMoved && { min_riders_decision_at: decisionAt || null, min_riders_checked_at: null, min_riders_kept_at: null }),
  };
  const news = await ctx.db
    .transaction()
    .execute(async (tx) => {
      if (input.maxRiders !== undefined) {
        // Counted under the ride's row lock, as takeSeat counts, so a rider joining meanwhile is seen.
        await ridesRepository.lockRide(tx, rideId);
        const seats = await ridesRepository.seatCount(tx, rideId);
        if (input.maxRiders < seats) throw conflict(tooFewSeatsMessage(seats));
      }
      await ridesRepository.edit(tx, rideId, fields);
      // More seats, or a ride confirmed again: free seats go to the riders waiting, in the same transaction.
      return input.maxRiders !== undefined || input.status !== undefined ? fillFreedSeats(tx, ctx.engine, rideId) : null;
    })
    .catch(refuseSlugClash);
  await tellSeatNews(ctx, news);
  if (input.status === 'cancelled' && ride.status !== 'cancelled') {
    await tellRidersOfCancellation(ctx, userId, { id: rideId, name: input.name ?? ride.name, startDate: merged.startDate, timezoneOffset: merged.timezoneOffset });
  }
  return presentOne(ctx, await loadRide(ctx, rideId, userId), userId);
}

/** Why maximum riders cannot go below the seats already taken: nobody is put out of a ride they joined. */
export function tooFewSeatsMessage(seats: number): string {
  return `${seats} ${seats === 1 ? 'rider has' : 'riders have'} joined; maximum riders cannot be less than ${seats}`;
}

/**
 * A cancelled ride tells everyone holding a seat, but the one who cancelled it: "{ride} on {day}
 * was cancelled", the day on the ride's own clock. Setting it back to confirmed tells nobody:
 * the riders kept their seats, and the ride's page and lists show it again.
 */
async function tellRidersOfCancellation(ctx: AppContext, cancelledBy: string, ride: { id: string; name: string; startDate: string; timezoneOffset: string }): Promise<void> {
  const { title, message } = notificationTexts.rideCancelled(ride.name, dayLabel(localDay(ride.startDate, ride.timezoneOffset)));
  for (const riderId of await ridesRepository.participantIds(ctx.db, ride.id)) {
    if (riderId !== cancelledBy) await notify(ctx, riderId, 'ride_cancelled', title, message, { rideId: ride.id });
  }
}

/** Two rides of a group renamed to the same slug at once: one wins the unique key, the other is told. */
function refuseSlugClash(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict('A ride with this name already exists in the group');
  throw error;
}

/** DELETE /api/rides/{id}: participants, comments and media go with it, in one transaction. */
export async function deleteRide(ctx: AppContext, userId: string, rideId: string): Promise<void> {
  const ride = await loadRide(ctx, rideId);
  if (ride.owner_id !== userId) throw forbidden('Only the ride owner can delete this ride');
  // Its media stop being served at the commit and their files go right after it.
  const removeMediaFiles = await ctx.db.transaction().execute(async (tx) => {
    const removeFiles = await detachMedia(tx, { rideId });
    await ridesRepository.delete(tx, rideId);
    return removeFiles;
  });
  await removeMediaFiles(ctx);
}

/** Whether the rider may take a seat or a place in the queue: the rules of joining (rides.policy rideAbilities). */
async function assertMayJoin(ctx: AppContext, ride: RideRow, userId: string): Promise<{ isMember: boolean }> {
  if (await ridesRepository.isParticipant(ctx.db, ride.id, userId)) throw conflict('You have already joined this ride');
  if (ride.status !== 'confirmed') throw conflict('This ride is not open for joining');
  const isMember = ride.group_id ? await groupsRepository.isMember(ctx.db, ride.group_id, userId) : true;
  if (!isMember && ride.group_approval) throw forbidden('Join the group first');
  return { isMember };
}

export const RIDERS_WAITING = 'Riders are waiting for a seat: join the waitlist';

/**
 * POST /api/rides/{id}/join. For an open group the membership is added in the same transaction
 * (one click for the rider); for an approval group the rider must join the group first. While a
 * free seat still goes to the first rider waiting (waitlistPromotes), only that rider may take it
 * by joining; closer to the start, the first to join takes it. A rider who takes a seat leaves the
 * waitlist.
 */
export async function joinRide(ctx: AppContext, userId: string, rideId: string): Promise<Ride> {
  return takeSeatOrPlace(ctx, userId, rideId, 'You have already joined this ride', async (tx, state, now) => {
    if (state.seats >= state.max_riders) throw conflict('This ride is full');
    if (waitlistPromotes(state.start_date)) {
      const [first] = await waitlistRepository.queue(tx, rideId, 1);
      if (first !== undefined && first !== userId) throw conflict(RIDERS_WAITING);
    }
    if (!(await ridesRepository.takeSeat(tx, rideId, userId, state.max_riders, now))) throw conflict('This ride is full');
    await waitlistRepository.remove(tx, rideId, userId);
  });
}

/**
 * Joining a ride or its waitlist, under the rules of joining: an open group's membership is added
 * on the way, then `step` decides under the ride's lock (waitlist.repository lockSeats). A unique
 * key lost to the same rider's other request is `duplicate`.
 */
async function takeSeatOrPlace(
  ctx: AppContext,
  userId: string,
  rideId: string,
  duplicate: string,
  step: (tx: Transaction<Database>, state: SeatState, now: string) => Promise<void>,
): Promise<Ride> {
  const ride = await loadRide(ctx, rideId);
  const { isMember } = await assertMayJoin(ctx, ride, userId);
  const now = nowIso();
  await ctx.db
    .transaction()
    .execute(async (tx) => {
      if (!isMember && ride.group_id) await groupsRepository.addMember(tx, ride.group_id, userId, now);
      const state = await waitlistRepository.lockSeats(tx, ctx.engine, rideId);
      if (!state) throw notFound('Ride not found');
      await step(tx, state, now);
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(duplicate);
      throw error;
    });
  if (!isMember && ride.group_id && ride.group_name && ride.group_creator_id) {
    await announceNewMember(ctx, { id: ride.group_id, name: ride.group_name, creator_id: ride.group_creator_id }, userId);
  }
  return presentOne(ctx, await loadRide(ctx, rideId, userId), userId);
}

/** POST /api/rides/{id}/leave: the seat goes to the first rider waiting, in the same transaction (waitlist.service). */
export async function leaveRide(ctx: AppContext, userId: string, rideId: string): Promise<Ride> {
  const ride = await loadRide(ctx, rideId);
  if (ride.owner_id === userId) throw forbidden('The owner cannot leave their own ride');
  const news = await ctx.db.transaction().execute(async (tx) => {
    await waitlistRepository.lockSeats(tx, ctx.engine, rideId);
    if (!(await ridesRepository.removeParticipant(tx, rideId, userId))) throw conflict('You have not joined this ride');
    if (ride.navigator_id === userId) await ridesRepository.update(tx, rideId, { navigator_id: null });
    return fillFreedSeats(tx, ctx.engine, rideId);
  });
  await tellSeatNews(ctx, news);
  return presentOne(ctx, await loadRide(ctx, rideId, userId), userId);
}

/**
 * POST /api/rides/{id}/waitlist: a full ride's queue, under the rules of joining it. Numbered under
 * the ride's lock, so riders asking at once each get their own place.
 */
export async function joinWaitlist(ctx: AppContext, userId: string, rideId: string): Promise<Ride> {
  return takeSeatOrPlace(ctx, userId, rideId, 'You are already on the waitlist', async (tx, state, now) => {
    if (state.seats < state.max_riders) throw conflict('A seat is free: join the ride instead');
    await waitlistRepository.enqueue(tx, rideId, userId, now);
  });
}

/** DELETE /api/rides/{id}/waitlist: the riders behind move up one place. */
export async function leaveWaitlist(ctx: AppContext, userId: string, rideId: string): Promise<Ride> {
  await loadRide(ctx, rideId);
  if (!(await waitlistRepository.remove(ctx.db, rideId, userId))) throw conflict('You are not on the waitlist');
  return presentOne(ctx, await loadRide(ctx, rideId, userId), userId);
}

/**
 * POST /api/rides/{id}/keep: the owner keeps a ride that reached its decision time below its
 * minimum riders (cancelling is the edit's status, as for any ride).
 */
export async function keepRide(ctx: AppContext, userId: string, rideId: string): Promise<Ride> {
  const ride = await presentOne(ctx, await loadRide(ctx, rideId, userId), userId);
  if (ride.ownerId !== userId) throw forbidden(NO_EDIT_PERMISSION);
  if (!ride.abilities.decideMinimum) throw conflict('There is no minimum riders decision to make');
  await ridesRepository.update(ctx.db, rideId, { min_riders_kept_at: nowIso() });
  return presentOne(ctx, await loadRide(ctx, rideId, userId), userId);
}

// ---------------------------------------------------------------- queries

export async function getRide(ctx: AppContext, viewerId: string | null, rideId: string): Promise<Ride> {
  return presentOne(ctx, await loadRide(ctx, rideId, viewerId), viewerId);
}

/**
 * GET /api/groups/{group}/rides/{ride}. Either slug may be one the group or ride had before a
 * rename: the answer is the ride as it is now (its current slugs), and the page puts those in the
 * address bar. The current slugs are tried first, in one query.
 */
export async function getRideBySlugs(ctx: AppContext, viewerId: string | null, groupSlug: string, rideSlug: string): Promise<Ride> {
  const row = (await ridesRepository.findBySlugs(ctx.db, groupSlug, rideSlug, viewerId)) ?? (await findByPreviousSlugs(ctx, groupSlug, rideSlug, viewerId));
  if (!row) throw notFound('Ride not found');
  return presentOne(ctx, row, viewerId);
}

async function findByPreviousSlugs(ctx: AppContext, groupSlug: string, rideSlug: string, viewerId: string | null): Promise<RideRow | undefined> {
  const groupId = await groupIdBySlug(ctx, groupSlug);
  const rideId = groupId && (await ridesRepository.idBySlug(ctx.db, groupId, rideSlug));
  return rideId ? ridesRepository.findById(ctx.db, rideId, viewerId) : undefined;
}

export async function listGroupRides(ctx: AppContext, viewerId: string | null, groupId: string): Promise<JsonText<Ride[]>> {
  // The rows carry the viewer's standing in the group; the group itself only has to exist.
  const [, rows] = await Promise.all([assertGroupExists(ctx, groupId), ridesRepository.listGroupCards(ctx.db, groupId, viewerId)]);
  return presentRideCards(ctx, rows, viewerId);
}

export async function listUpcomingRides(ctx: AppContext, userId: string): Promise<JsonText<Ride[]>> {
  return presentRideCards(ctx, await ridesRepository.upcomingCardsOfRider(ctx.db, userId, nowIso()), userId);
}

/** GET /api/rides/{id}/comments: the newest page, or the page before the comment `before`. */
export async function listComments(ctx: AppContext, rideId: string, page: { before?: string; limit: number }): Promise<RideCommentsPage> {
  await loadRide(ctx, rideId);
  const cursor = page.before ? await ridesRepository.findComment(ctx.db, rideId, page.before) : null;
  if (cursor === undefined) throw badRequest('No such comment on this ride');
  // One more than asked tells whether earlier comments remain.
  const rows = await ridesRepository.commentsPage(ctx.db, rideId, cursor, page.limit + 1);
  return { comments: rows.slice(0, page.limit).reverse().map(presentComment), hasEarlier: rows.length > page.limit };
}

/** POST /api/rides/{id}/comments: answers with the stored comment, so the page adds it without reading the list again. */
export async function addComment(ctx: AppContext, userId: string, rideId: string, content: string): Promise<RideComment> {
  const view = await getRide(ctx, userId, rideId);
  if (!view.abilities.comment) throw forbidden('Only members of the group and riders on this ride can comment');
  const id = newId();
  await ridesRepository.insertComment(ctx.db, { id, ride_id: rideId, user_id: userId, content, created_at: nowIso() });
  const stored = await ridesRepository.findComment(ctx.db, rideId, id);
  if (!stored) throw notFound('Ride not found'); // the ride was deleted meanwhile, its comments with it
  return presentComment(stored);
}

/** GET /api/users/{id}/recent-rides: past rides the rider owned or joined, under their profile's visibility. */
export async function listRecentRides(ctx: AppContext, viewerId: string | null, accountId: string): Promise<RecentRide[]> {
  const owner = await usersRepository.findById(ctx.db, accountId);
  if (!owner) throw notFound('Profile not found');
  const visibility = owner.profile_visibility as ProfileVisibility;
  const shareAGroup = visibility === 'groups' && viewerId !== null && viewerId !== owner.id ? await usersRepository.shareAGroup(ctx.db, viewerId, owner.id) : false;
  if (!canViewProfile({ viewerId, ownerId: owner.id, visibility, shareAGroup })) throw notFound('Profile not found');
  const rows = await ridesRepository.listRecentForRider(ctx.db, owner.id, nowIso());
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    groupName: r.group_name,
    groupSlug: r.group_slug,
    slug: r.slug,
    startTime: r.start_date,
    totalDistanceKm: r.total_distance_km === null ? null : Number(r.total_distance_km),
  }));
}

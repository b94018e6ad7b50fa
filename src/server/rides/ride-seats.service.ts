import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import { conflict, notFound } from '../platform/errors';
import { waitlistPromotes, type Ride } from '../../shared/rides/ride';
import { groupsRepository } from '../groups/groups.repository';
import { publishNewMember, recordNewMember, type NewMemberNews } from '../groups/groups.service';
import { ridesRepository } from './rides.repository';
import { assertMayJoin, assertMayLeave, hasFreeSeat, rideFacts, rideViewer, standingUnderLock } from './rides.policy';
import { loadRide, loadRideFor, presentOne } from './rides.service';
import { waitlistRepository, type SeatState } from './waitlist.repository';
import { releaseSeat } from './waitlist.service';

/** Seats and the waitlist: joining and leaving a ride or its queue, under the rules of joining (rides.policy.ts). */

export const RIDERS_WAITING = 'Riders are waiting for a seat: join the waitlist';
export const ALREADY_WAITING = 'You are already on the waitlist';

/**
 * POST /api/rides/{id}/join. For an open group the membership is added in the same transaction
 * (one click for the rider); for an approval group the rider must join the group first. While a
 * free seat still goes to the first rider waiting (waitlistPromotes), only that rider may take it
 * by joining; closer to the start, the first to join takes it. A rider who takes a seat leaves the
 * waitlist.
 */
export async function joinRide(ctx: AppContext, userId: string, rideId: string): Promise<Ride> {
  return takeSeatOrPlace(ctx, userId, rideId, 'already_joined', async (tx, state, now) => {
    if (!hasFreeSeat({ participantCount: state.seats, maxRiders: state.max_riders })) throw conflict('ride_full');
    if (waitlistPromotes(state.start_date)) {
      const [first] = await waitlistRepository.queue(tx, rideId, 1);
      if (first !== undefined && first !== userId) throw conflict('riders_waiting');
    }
    if (!(await ridesRepository.takeSeat(tx, rideId, userId, state.max_riders, now))) throw conflict('ride_full');
    await waitlistRepository.remove(tx, rideId, userId);
  });
}

/**
 * Joining a ride or its waitlist, under the rules of joining. The rules are asked first of what was
 * read (a quick answer), then again inside the transaction of everything read after the locks
 * (group, then ride: the order removals and deletions take them): who the rider is to the ride
 * and its group may have changed in between (removed from the group, seated by a promotion, made
 * the owner). An open group's membership is added on the way, then `step` decides. A unique key
 * lost to the same rider's other request is `duplicate`.
 */
async function takeSeatOrPlace(
  ctx: AppContext,
  userId: string,
  rideId: string,
  duplicate: 'already_joined' | 'already_waiting',
  step: (tx: Transaction<Database>, state: SeatState, now: string) => Promise<void>,
): Promise<Ride> {
  const { ride, viewer } = await loadRideFor(ctx, rideId, userId);
  assertMayJoin(viewer, rideFacts(ride, ride.participants.length));
  const now = nowIso();
  await ctx.beforeLock?.('ride-seat');
  const joinedGroup = await ctx.db
    .transaction()
    .execute(async (tx) => {
      const standing = ride.group_id ? await groupsRepository.lockStanding(tx, ctx.engine, ride.group_id, userId, 'update') : undefined;
      const state = await waitlistRepository.lockSeats(tx, ctx.engine, rideId);
      if (!state || (ride.group_id && !standing)) throw notFound('ride_not_found');
      const row = standingUnderLock(state, standing);
      const locked = rideViewer(row, userId, await ridesRepository.isParticipant(tx, rideId, userId));
      // A rider kept from rejoining the group (locked.banned) does not come back through one of its rides.
      assertMayJoin(locked, rideFacts(row, state.seats));
      // An open group's membership is added on the way (the policy lets no one else past it).
      const groupToJoin = locked.membership === 'none' ? ride.group_id : null;
      let news: NewMemberNews | null = null;
      if (groupToJoin) {
        await groupsRepository.addMember(tx, groupToJoin, userId, now);
        news = await recordNewMember(tx, { id: groupToJoin, name: ride.group_name ?? 'the group' }, userId);
      }
      await step(tx, state, now);
      return news;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(duplicate);
      throw error;
    });
  await publishNewMember(ctx, joinedGroup);
  return presentOne(ctx, await loadRide(ctx, rideId, userId), userId);
}

/** POST /api/rides/{id}/leave: the seat goes to the first rider waiting, in the same transaction (waitlist.service). */
export async function leaveRide(ctx: AppContext, userId: string, rideId: string): Promise<Ride> {
  const { ride, viewer } = await loadRideFor(ctx, rideId, userId);
  assertMayLeave(viewer);
  await ctx.beforeLock?.('ride-leave');
  if (!(await releaseSeat(ctx, ride, userId, { leaving: true }))) throw conflict('not_joined_ride');
  return presentOne(ctx, await loadRide(ctx, rideId, userId), userId);
}

/**
 * POST /api/rides/{id}/waitlist: a full ride's queue, under the rules of joining it. Numbered under
 * the ride's lock, so riders asking at once each get their own place.
 */
export async function joinWaitlist(ctx: AppContext, userId: string, rideId: string): Promise<Ride> {
  return takeSeatOrPlace(ctx, userId, rideId, 'already_waiting', async (tx, state, now) => {
    if (await waitlistRepository.isWaiting(tx, rideId, userId)) throw conflict('already_waiting');
    if (hasFreeSeat({ participantCount: state.seats, maxRiders: state.max_riders })) throw conflict('seat_free');
    // takeSeatOrPlace found no seat under the lock; enqueue refuses a seated rider all the same (the seat invariant).
    if (!(await waitlistRepository.enqueue(tx, rideId, userId, now))) throw conflict('already_joined');
  });
}

/** DELETE /api/rides/{id}/waitlist: the riders behind move up one place. */
export async function leaveWaitlist(ctx: AppContext, userId: string, rideId: string): Promise<Ride> {
  await loadRide(ctx, rideId);
  if (!(await waitlistRepository.remove(ctx.db, rideId, userId))) throw conflict('not_on_waitlist');
  return presentOne(ctx, await loadRide(ctx, rideId, userId), userId);
}


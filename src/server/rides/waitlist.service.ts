import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { publishNotifications, recordNotifications, type Told } from '../notifications/notifications.service';
import { waitlistPromotes } from '../../shared/rides/ride';
import { forbidden } from '../platform/errors';
import { groupsRepository } from '../groups/groups.repository';
import { ridesRepository } from './rides.repository';
import { waitlistRepository } from './waitlist.repository';

/** What a freed seat did; its notifications (recorded in the transaction, mails in the outbox) are pushed once it has committed. */
export interface SeatNews {
  rideId: string;
  rideName: string;
  /** Riders who left the waitlist for a seat. */
  seated: string[];
  /** Riders still waiting who are only told that a seat is free (close to the start). */
  told: string[];
  notes: Told;
}

/**
 * Gives the ride's free seats to the first riders waiting, in queue order, while the ride is more
 * than two hours away (WAITLIST_PROMOTION_CUTOFF_MS); after that, the riders waiting are only
 * told. Runs inside the transaction that freed the seat (a rider leaving, max riders raised, the
 * ride confirmed again), under the ride's lock, so the seat cannot go to anyone else in between.
 */
export async function fillFreedSeats(tx: Transaction<Database>, engine: AppContext['engine'], rideId: string, now = new Date()): Promise<SeatNews | null> {
  const ride = await waitlistRepository.lockSeats(tx, engine, rideId);
  if (!ride || ride.status !== 'confirmed') return null;
  // Nobody is seated twice nor told of a seat they hold: a rider with a seat has no place in the queue.
  await waitlistRepository.dropSeated(tx, rideId);
  const free = ride.max_riders - ride.seats;
  if (free <= 0) return null;
  if (!waitlistPromotes(ride.start_date, now.getTime())) {
    const told = await waitlistRepository.queue(tx, rideId);
    if (told.length === 0) return null;
    const notes = await recordNotifications(tx, told, { type: 'waitlist_seat_free', params: { ride: ride.name }, about: { rideId } });
    return { rideId, rideName: ride.name, seated: [], told, notes };
  }
  const seated = await waitlistRepository.queue(tx, rideId, free);
  for (const userId of seated) {
    await waitlistRepository.remove(tx, rideId, userId);
    await ridesRepository.addParticipant(tx, rideId, userId, nowIso());
  }
  if (seated.length === 0) return null;
  // Told in the transaction that gave the seat: the rider's mail is in the outbox once it commits.
  const notes = await recordNotifications(tx, seated, { type: 'waitlist_seat_taken', params: { ride: ride.name }, about: { rideId } });
  return { rideId, rideName: ride.name, seated, told: [], notes };
}

/** After the commit: the seat news to the riders' open pages. */
export async function tellSeatNews(ctx: AppContext, news: SeatNews | null): Promise<void> {
  if (news) await publishNotifications(ctx, news.notes);
}

/**
 * Frees the rider's seat on the ride (and their navigator's role) and gives it to the first rider
 * waiting, in one transaction under the ride's lock; the news is told after the commit. False when
 * the rider held no seat.
 */
export async function releaseSeat(ctx: AppContext, ride: { id: string; navigator_id: string | null }, userId: string, options: { leaving?: boolean; unlessMemberOf?: string } = {}): Promise<boolean> {
  const news = await ctx.db.transaction().execute(async (tx) => {
    const state = await waitlistRepository.lockSeats(tx, ctx.engine, ride.id);
    // A rider leaving of their own accord is asked again under the ride's lock whether they own it:
    // a removal may have handed the ride to them (handOverRides) since the read their request
    // started from, and an owner without a seat would be left.
    if (options.leaving && state?.owner_id === userId) throw forbidden('owner_cannot_leave_ride');
    // A rider who left or was removed and is back in the group by the time this runs keeps the seat.
    if (options.unlessMemberOf && (await groupsRepository.isMember(tx, options.unlessMemberOf, userId))) return undefined;
    if (!(await ridesRepository.removeParticipant(tx, ride.id, userId))) return undefined;
    if (ride.navigator_id === userId) await ridesRepository.update(tx, ride.id, { navigator_id: null });
    return fillFreedSeats(tx, ctx.engine, ride.id);
  });
  if (news === undefined) return false;
  await tellSeatNews(ctx, news);
  return true;
}

/** A rider removed from or leaving a group gives up their seats on its rides that have not started. */
export async function releaseSeatsInGroup(ctx: AppContext, groupId: string, userId: string): Promise<void> {
  const seats = await waitlistRepository.seatsInGroup(ctx.db, groupId, userId, nowIso());
  await ctx.beforeLock?.('seats-after-departure');
  for (const ride of seats) await releaseSeat(ctx, ride, userId, { unlessMemberOf: groupId });
}

/** The rides a removed rider handed to the group's owner, and what their freed seats did (told after the commit). */
export interface HandedOverRides {
  rides: Array<{ id: string; name: string }>;
  news: SeatNews[];
}

/**
 * A rider removed from a group hands the rides they own there that have not ended to the group's
 * owner, inside the removal's transaction, each under the ride's lock: the owner becomes the
 * ride's owner and takes the rider's seat in its place in the seat order, so the seat count and
 * the waitlist stay as they were. Where the owner already holds a seat, the rider's seat is freed
 * like any other (it goes to the first rider waiting); where the owner was waiting for a seat, they
 * leave the queue for the seat they now hold, as a rider who takes a seat does. Rides that have
 * ended stay the rider's (their history); the rides policy no longer lets a non-member change them.
 */
export async function handOverRides(
  tx: Transaction<Database>,
  engine: AppContext['engine'],
  groupId: string,
  fromId: string,
  toId: string,
  now = new Date(),
  /** Only the rides of these series (a rider who leaves hands over their series, not their single rides). */
  seriesIds?: readonly string[],
): Promise<HandedOverRides> {
  const handed: HandedOverRides = { rides: [], news: [] };
  for (const rideId of await waitlistRepository.ownedUpcomingInGroup(tx, groupId, fromId, now.toISOString(), seriesIds)) {
    const ride = await waitlistRepository.lockSeats(tx, engine, rideId);
    if (!ride) continue;
    await waitlistRepository.passOwnership(tx, rideId, fromId, toId);
    if (await ridesRepository.isParticipant(tx, rideId, toId)) {
      if (await ridesRepository.removeParticipant(tx, rideId, fromId)) {
        const news = await fillFreedSeats(tx, engine, rideId, now);
        if (news) handed.news.push(news);
      }
    } else if (await waitlistRepository.moveSeat(tx, rideId, fromId, toId)) {
      await waitlistRepository.remove(tx, rideId, toId);
    }
    handed.rides.push({ id: rideId, name: ride.name });
  }
  return handed;
}

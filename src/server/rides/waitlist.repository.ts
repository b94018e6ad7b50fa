import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Engine } from '../db/database';
import type { RideStatus } from '../../shared/rides/ride';
import { columnValues } from '../db/column-values';

type Executor = Kysely<Database> | Transaction<Database>;

/** What a seat decision reads of its ride once the ride is locked. */
export interface SeatState {
  id: string;
  name: string;
  status: RideStatus;
  owner_id: string;
  start_date: string;
  max_riders: number;
  group_id: string | null;
  seats: number;
}

/**
 * Riders waiting for a seat on a full ride (docs/behaviour/rides.md "Seats that fill themselves"). Every
 * decision about a ride's seats and its queue runs in one transaction that starts with `lockSeats`.
 */
export const waitlistRepository = {
  /**
   * Takes the ride's row lock before anything is read, so the seat count, the queue and what is
   * then written are one ride's state at a time. PostgreSQL: SELECT ... FOR UPDATE on the ride's
   * row. SQLite: a write first, which takes the database's write lock as BEGIN IMMEDIATE would (a
   * transaction that read first could not write after another process had). It raises the card's
   * version: a write of the card itself, so the ride keeps its card (migration 027), and a card
   * built meanwhile from the seats before this transaction is not kept.
   */
  async lockSeats(tx: Transaction<Database>, engine: Engine, rideId: string): Promise<SeatState | undefined> {
    if (engine === 'postgres') await sql`select id from rides where id = ${rideId} for update`.execute(tx);
    else await tx.updateTable('rides').set((eb) => ({ card_version: eb('card_version', '+', 1) })).where('id', '=', rideId).execute();
    const row = await tx
      .selectFrom('rides')
      .select(['id', 'name', 'status', 'owner_id', 'start_date', 'max_riders', 'group_id'])
      .select((eb) => eb.selectFrom('ride_participants').select(eb.fn.countAll<number>().as('n')).whereRef('ride_participants.ride_id', '=', 'rides.id').as('seats'))
      .where('id', '=', rideId)
      .executeTakeFirst();
    return row && { ...row, seats: Number(row.seats) };
  },

  /**
   * Joins the end of the queue: one more than the last number the ride gave (the caller holds the
   * lock). Never a rider who holds a seat on the ride: the seat invariant (a rider is seated or
   * queued, never both) is part of the INSERT, so no caller can break it. False when not queued.
   */
  async enqueue(db: Executor, rideId: string, userId: string, nowIso: string): Promise<boolean> {
    // The number is an aggregate (one row whatever the WHERE), so the seat is looked for around it.
    const number = db.selectFrom('ride_waitlist').select(sql<number>`coalesce(max(queue_number), 0) + 1`.as('queue_number')).where('ride_id', '=', rideId);
    const next = db
      .selectFrom(number.as('next'))
      .select((eb) => [eb.val(rideId).as('ride_id'), eb.val(userId).as('user_id'), 'next.queue_number', eb.val(nowIso).as('joined_at')])
      .where((eb) => eb.not(eb.exists(eb.selectFrom('ride_participants as seat').select('seat.user_id').where('seat.ride_id', '=', rideId).where('seat.user_id', '=', userId))));
    const result = await db.insertInto('ride_waitlist').columns(['ride_id', 'user_id', 'queue_number', 'joined_at']).expression(next).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  },

  async isWaiting(db: Executor, rideId: string, userId: string): Promise<boolean> {
    return (await db.selectFrom('ride_waitlist').select('user_id').where('ride_id', '=', rideId).where('user_id', '=', userId).executeTakeFirst()) !== undefined;
  },

  /**
   * Drops the places of riders who hold a seat on the ride. Promotion runs it first, so it never
   * seats a rider twice, and a ride left seated-and-queued by the race of issue 27 heals.
   */
  async dropSeated(db: Executor, rideId: string): Promise<void> {
    await db
      .deleteFrom('ride_waitlist')
      .where('ride_id', '=', rideId)
      .where('user_id', 'in', (eb) => eb.selectFrom('ride_participants as seat').select('seat.user_id').where('seat.ride_id', '=', rideId))
      .execute();
  },

  async remove(db: Executor, rideId: string, userId: string): Promise<boolean> {
    const result = await db.deleteFrom('ride_waitlist').where('ride_id', '=', rideId).where('user_id', '=', userId).executeTakeFirst();
    return result.numDeletedRows === 1n;
  },

  /** The queue, first in line first. */
  async queue(db: Executor, rideId: string, limit?: number): Promise<string[]> {
    let query = db.selectFrom('ride_waitlist').select('user_id').where('ride_id', '=', rideId).orderBy('queue_number');
    if (limit !== undefined) query = query.limit(limit);
    return (await query.execute()).map((r) => r.user_id);
  },

  /** How many wait, and the viewer's place among them (null when not waiting). */
  async standing(db: Executor, rideId: string, viewerId: string | null): Promise<{ count: number; position: number | null }> {
    const row = await db
      .selectFrom('ride_waitlist as w')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        sql<number | null>`sum(case when w.queue_number <= (select v.queue_number from ride_waitlist v where v.ride_id = ${rideId} and v.user_id = ${viewerId ?? ''}) then 1 else 0 end)`.as('ahead'),
        sql<number>`sum(case when w.user_id = ${viewerId ?? ''} then 1 else 0 end)`.as('mine'),
      ])
      .where('w.ride_id', '=', rideId)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), position: Number(row.mine ?? 0) > 0 ? Number(row.ahead) : null };
  },

  /** A rider who leaves a group stops waiting for its rides: they could no longer take the seat. */
  async removeFromGroup(db: Executor, groupId: string, userId: string): Promise<void> {
    await db
      .deleteFrom('ride_waitlist')
      .where('user_id', '=', userId)
      .where('ride_id', 'in', (eb) => eb.selectFrom('rides').select('id').where('group_id', '=', groupId))
      .execute();
  },

  /**
   * The rides of the group that have not started on which the rider holds a seat they do not own
   * (a ride's owner keeps theirs: the group's organizers can still edit or cancel that ride).
   */
  seatsInGroup(db: Executor, groupId: string, userId: string, nowIso: string): Promise<Array<{ id: string; navigator_id: string | null }>> {
    return db
      .selectFrom('rides')
      .innerJoin('ride_participants as seat', 'seat.ride_id', 'rides.id')
      .select(['rides.id', 'rides.navigator_id'])
      .where('rides.group_id', '=', groupId)
      .where('seat.user_id', '=', userId)
      .where('rides.owner_id', '!=', userId)
      .where('rides.start_date', '>', nowIso)
      .execute();
  },

  /**
   * The rides the rider owns in the group that have not ended ("upcoming" as every list counts
   * them: a ride under way is still upcoming), the earliest first; with `seriesIds`, only the rides
   * of those series.
   */
  async ownedUpcomingInGroup(db: Executor, groupId: string, ownerId: string, nowIso: string, seriesIds?: readonly string[]): Promise<string[]> {
    if (seriesIds && seriesIds.length === 0) return [];
    return columnValues(
      db
        .selectFrom('rides')
        .select('id')
        .where('group_id', '=', groupId)
        .where('owner_id', '=', ownerId)
        .where('end_date', '>', nowIso)
        .$if(seriesIds !== undefined, (q) => q.where('series_id', 'in', seriesIds!))
        .orderBy('start_date')
        .orderBy('id'),
    );
  },

  /** The rider's seat changes hands, keeping its place in the seat order (joined_at): the seat count is unchanged. */
  async moveSeat(db: Executor, rideId: string, fromId: string, toId: string): Promise<boolean> {
    const result = await db.updateTable('ride_participants').set({ user_id: toId }).where('ride_id', '=', rideId).where('user_id', '=', fromId).executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },

  /** The ride gets a new owner; a navigator who was the former owner is no navigator any more (they lose the seat too). */
  async passOwnership(db: Executor, rideId: string, fromId: string, toId: string): Promise<void> {
    await db.updateTable('rides').set({ owner_id: toId }).where('id', '=', rideId).where('owner_id', '=', fromId).execute();
    await db.updateTable('rides').set({ navigator_id: null }).where('id', '=', rideId).where('navigator_id', '=', fromId).execute();
  },
};

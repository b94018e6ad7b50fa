import { sql, type Kysely, type Transaction, type Selectable, type Insertable } from 'kysely';
import type { Database, RidesTable } from '../db/schema';
import type { NewRow } from '../db/every-column-written';
import { nearestInCircle, type Circle, type NearestPage } from '../db/nearest';
import { jsonArrayAgg, parseJsonArray } from '../db/json-array';
import { viewerMembershipColumns } from '../groups/groups.repository';
import type { RidePerson, RideStatus } from '../../shared/rides/ride';
import { columnValues } from '../db/column-values';

type Executor = Kysely<Database> | Transaction<Database>;

export type RideRow = Omit<Selectable<RidesTable>, 'card_json' | 'card_format' | 'card_seats'> & {
  group_name: string | null;
  group_slug: string | null;
  group_timezone_offset: string | null;
  group_timezone_name: string | null;
  group_timezone: string | null;
  group_approval: number | null;
  group_creator_id: string | null;
  viewer_is_member: number | string | bigint | null;
  viewer_is_pending: number | string | bigint | null;
  viewer_is_banned: number | string | bigint | null;
  /** The rule of the ride's series (JSON), null for a ride of its own: the ride says "Every Sunday". */
  series_rule: string | null;
  /** In the order they joined. The owner always holds a seat, so the owner is among them. */
  participants: RidePerson[];
};

/**
 * Rides with their group's columns, the viewer's standing in that group and the participants, one
 * row per ride: the participants come as a JSON array column (db/json-array.ts), so a list of
 * rides, with all a ride card shows and the viewer may do, is a single query.
 */
function selectRides(db: Executor, viewerId: string | null) {
  return db
    .selectFrom('rides')
    .leftJoin('groups', 'groups.id', 'rides.group_id')
    .leftJoin('ride_series', 'ride_series.id', 'rides.series_id')
    // Every column, the card too: listing the columns instead cost Kysely more per request (4.19 M
    // instructions for a ride's page against 3.96 M) than reading a card it does not need.
    .selectAll('rides')
    .select([
      'groups.name as group_name',
      'groups.slug as group_slug',
      'groups.timezone_offset as group_timezone_offset',
      'groups.timezone_name as group_timezone_name',
      'groups.timezone as group_timezone',
      'groups.membership_approval_required as group_approval',
      'groups.creator_id as group_creator_id',
      'ride_series.rule as series_rule',
      ...viewerMembershipColumns('rides.group_id', viewerId),
    ])
    .select((eb) =>
      eb
        .selectFrom('ride_participants as seat')
        .innerJoin('users as rider', 'rider.id', 'seat.user_id')
        .select((seats) =>
          jsonArrayAgg<RidePerson>(db, { id: seats.ref('rider.id'), userId: seats.ref('rider.handle'), profileImageUrl: seats.ref('rider.profile_image_url') }, seats.ref('seat.joined_at')).as('list'),
        )
        .whereRef('seat.ride_id', '=', 'rides.id')
        .as('participants'),
    );
}

/** A ride as lists read it: its card, and what the viewer's part is decided from (ride-cards.ts). */
export interface RideCardRow {
  id: string;
  /** Null when the ride has forgotten its card; `card_seats` is then null or stale and not read. */
  card_json: string | null;
  /** The presenter's format the card was built with: a card of another format reads as forgotten (ride-cards.ts). */
  card_format: number | null;
  card_seats: number | null;
  start_date: string;
  owner_id: string;
  status: RideStatus;
  max_riders: number;
  group_approval: number | null;
  group_creator_id: string | null;
  viewer_is_member: number | string | bigint | null;
  viewer_is_pending: number | string | bigint | null;
  viewer_is_banned: number | string | bigint | null;
  viewer_has_seat: number | string | bigint | null;
}

const byStart = (a: RideCardRow, b: RideCardRow) => (a.start_date === b.start_date ? (a.id < b.id ? -1 : 1) : a.start_date < b.start_date ? -1 : 1);

/**
 * Whether the viewer holds a seat in the row's ride, as viewerMembershipColumns: an uncorrelated
 * IN, so the viewer's seats are read once per list. Probing per ride instead costs
 * noticeably more on PostgreSQL (docs/decisions/2026-11-24-ride-cards.md).
 */
function viewerSeatColumn(viewerId: string | null) {
  return sql<number>`case when rides.id in (select vs.ride_id from ride_participants vs where vs.user_id = ${viewerId ?? ''}) then 1 else 0 end`.as('viewer_has_seat');
}

function selectRideCards(db: Executor, viewerId: string | null) {
  return db
    .selectFrom('rides')
    .leftJoin('groups', 'groups.id', 'rides.group_id')
    .select([
      'rides.id',
      'rides.card_json',
      'rides.card_format',
      'rides.card_seats',
      'rides.start_date',
      'rides.owner_id',
      'rides.status',
      'rides.max_riders',
      'groups.membership_approval_required as group_approval',
      'groups.creator_id as group_creator_id',
      ...viewerMembershipColumns('rides.group_id', viewerId),
      viewerSeatColumn(viewerId),
    ]);
}

function toRideRow<R extends { participants: RidePerson[] | string | null }>(row: R): Omit<R, 'participants'> & { participants: RidePerson[] } {
  return { ...row, participants: parseJsonArray(row.participants) };
}

/**
 * Upcoming rides a rider sees on their calendar: of their groups, or joined by them. Upcoming means
 * not yet ended (`end_date` is the end of the ride's last day), so a multi-day ride stays on the
 * calendar while it is under way. Written as an
 * IN over two small indexed sets (the rider's memberships and seats) so the database starts from
 * the rider, not from every upcoming ride.
 */
function upcomingOfRider(userId: string, nowIso: string) {
  return sql<boolean>`rides.id in (
    select r.id from group_members gm join rides r on r.group_id = gm.group_id and r.end_date > ${nowIso} where gm.user_id = ${userId}
    union
    select rp.ride_id from ride_participants rp where rp.user_id = ${userId}
  )`;
}

/**
 * rides.policy maySeeRiders as a condition on a ride's row (its group joined as `groups`): an open
 * group's rides, or the viewer is the group's owner, one of its members, or a rider on the ride.
 * For lists that must leave out the rides whose riders the viewer may not see before their limit.
 */
function ridersVisibleTo(viewerId: string | null) {
  const viewer = viewerId ?? '';
  return sql<boolean>`(coalesce(groups.membership_approval_required, 0) = 0
    or groups.creator_id = ${viewer}
    or rides.group_id in (select vm.group_id from group_members vm where vm.user_id = ${viewer})
    or rides.id in (select vs.ride_id from ride_participants vs where vs.user_id = ${viewer}))`;
}

function selectComments(db: Executor) {
  return db
    .selectFrom('ride_comments')
    .innerJoin('users', 'users.id', 'ride_comments.user_id')
    .select(['ride_comments.id', 'ride_comments.content', 'ride_comments.created_at', 'users.id as user_pk', 'users.handle', 'users.profile_image_url']);
}

/** A rider who takes a seat gives up their place in the ride's queue (the seat invariant). */
async function leaveQueue(db: Executor, rideId: string, userId: string): Promise<void> {
  await db.deleteFrom('ride_waitlist').where('ride_id', '=', rideId).where('user_id', '=', userId).execute();
}

export const ridesRepository = {
  /** `viewerId` only matters to presenting: it fills the viewer's standing in the ride's group. */
  async findById(db: Executor, id: string, viewerId: string | null = null): Promise<RideRow | undefined> {
    const row = await selectRides(db, viewerId).where('rides.id', '=', id).executeTakeFirst();
    return row && toRideRow(row);
  },

  async findBySlugs(db: Executor, groupSlug: string, rideSlug: string, viewerId: string | null): Promise<RideRow | undefined> {
    const row = await selectRides(db, viewerId).where('groups.slug', '=', groupSlug).where('rides.slug', '=', rideSlug).executeTakeFirst();
    return row && toRideRow(row);
  },

  /**
   * A group's rides for its Rides tab: those not yet ended first, soonest first, then the past ones,
   * latest first, 500 at most. In plain start order a club with years of rides behind it showed
   * its oldest 500 and none of what comes next.
   */
  listGroupCards(db: Executor, groupId: string, viewerId: string | null, nowIso: string): Promise<RideCardRow[]> {
    const ended = sql`case when rides.end_date > ${nowIso} then 0 else 1 end`;
    return selectRideCards(db, viewerId)
      .where('rides.group_id', '=', groupId)
      .orderBy(ended)
      .orderBy(sql`case when rides.end_date > ${nowIso} then rides.start_date end`)
      .orderBy('rides.start_date', 'desc')
      .orderBy('rides.id')
      .limit(500)
      .execute();
  },

  /**
   * The rider's first `limit` upcoming rides by start. SQLite sorts whole result rows, cards
   * included, and that sort was a quarter of this query on the benchmark; so up to `readCap` rows
   * are read unordered and sorted here. Only a rider whose groups plan more than `readCap` rides
   * ahead costs the ordered query.
   */
  async upcomingCardsOfRider(db: Executor, userId: string, nowIso: string, limit = 200, readCap = 1000): Promise<RideCardRow[]> {
    const upcoming = selectRideCards(db, userId).where(upcomingOfRider(userId, nowIso)).where('rides.end_date', '>', nowIso);
    const rows = await upcoming.limit(readCap).execute();
    if (rows.length < readCap) return rows.sort(byStart).slice(0, limit);
    return upcoming.orderBy('rides.start_date').orderBy('rides.id').limit(limit).execute();
  },

  /**
   * Keeps a card built from the ride's data as read at `version`, unless the database has forgotten
   * the card since (a writer changed what it shows, migration 009): then the newer data wins and
   * the next reader builds the card again.
   */
  async storeCard(db: Executor, rideId: string, version: number, card: { json: string; seats: number; format: number }): Promise<void> {
    await db.updateTable('rides').set({ card_json: card.json, card_seats: card.seats, card_format: card.format }).where('id', '=', rideId).where('card_version', '=', version).execute();
  },

  /** The ride finder: the cards of a page of the upcoming rides starting within the circle, nearest its centre first, with their distance and how many there are. */
  nearestUpcomingCards(
    db: Executor,
    circle: Circle,
    page: NearestPage,
    candidates: number,
    nowIso: string,
    viewerId: string | null,
  ): Promise<Array<RideCardRow & { distance_km: number; total: number }>> {
    const upcoming = db.selectFrom('rides').where('rides.end_date', '>', nowIso).where('rides.status', '!=', 'cancelled');
    const near = nearestInCircle(db, upcoming, { id: 'rides.id', lat: 'rides.start_latitude', lon: 'rides.start_longitude' }, circle, page, candidates);
    return selectRideCards(db, viewerId)
      .innerJoin(near.as('near'), 'near.id', 'rides.id')
      .select(['near.distance_km', 'near.total'])
      .orderBy('near.distance_km')
      .orderBy('rides.id')
      .execute() as Promise<Array<RideCardRow & { distance_km: number; total: number }>>;
  },

  /** Rides to build cards from: no viewer, so their standing columns say nothing of anyone. */
  async listByIds(db: Executor, ids: string[]): Promise<RideRow[]> {
    if (ids.length === 0) return [];
    return (await selectRides(db, null).where('rides.id', 'in', ids).execute()).map(toRideRow);
  },

  async statsForRider(db: Executor, userId: string, nowIso: string): Promise<{ upcoming: number; plannedKm: number }> {
    const row = await db
      .selectFrom('rides')
      .select((eb) => [
        eb.fn.countAll().as('upcoming'),
        // The owner always holds a seat, so "owns or joined" is "has a seat".
        sql<number>`coalesce(sum(case when exists (select 1 from ride_participants rp where rp.ride_id = rides.id and rp.user_id = ${userId}) then coalesce(rides.total_distance_km, 0) else 0 end), 0)`.as('planned_km'),
      ])
      .where(upcomingOfRider(userId, nowIso))
      .where('rides.end_date', '>', nowIso)
      // A cancelled ride is not going to happen: it counts neither as a ride nor as distance.
      .where('rides.status', '!=', 'cancelled')
      .executeTakeFirstOrThrow();
    return { upcoming: Number(row.upcoming), plannedKm: Number(row.planned_km) };
  },

  /** A rider's past rides, but those whose riders `viewerId` may not see (their membership would show). */
  listRecentForRider(db: Executor, userId: string, nowIso: string, viewerId: string | null, limit = 10) {
    return db
      .selectFrom('rides')
      .leftJoin('groups', 'groups.id', 'rides.group_id')
      .select(['rides.id', 'rides.name', 'rides.slug', 'rides.start_date', 'rides.total_distance_km', 'groups.name as group_name', 'groups.slug as group_slug'])
      // The owner always holds a seat: the rider's seats are their rides.
      .where('rides.id', 'in', (eb) => eb.selectFrom('ride_participants as rp').select('rp.ride_id').where('rp.user_id', '=', userId))
      // Past rides: ended ones (a ride under way is still upcoming).
      .where('rides.end_date', '<=', nowIso)
      .where(ridersVisibleTo(viewerId))
      .orderBy('rides.start_date', 'desc')
      .limit(limit)
      .execute();
  },

  peopleByIds(db: Executor, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('users').select(['id', 'handle', 'profile_image_url']).where('id', 'in', ids).execute();
  },

  /**
   * Whether `slug` addresses another ride of the group: as its slug now, or as one it had before a
   * rename (so a new ride does not take over an old link while a ride still answers to it).
   */
  async slugTaken(db: Executor, groupId: string | null, slug: string, exceptRideId: string): Promise<boolean> {
    let current = db.selectFrom('rides').select('id').where('slug', '=', slug).where('id', '!=', exceptRideId);
    current = groupId ? current.where('group_id', '=', groupId) : current.where('group_id', 'is', null);
    if (!groupId) return (await current.executeTakeFirst()) !== undefined;
    const previous = db.selectFrom('ride_slug_history').select('ride_id as id').where('group_id', '=', groupId).where('slug', '=', slug).where('ride_id', '!=', exceptRideId);
    return (await current.union(previous).executeTakeFirst()) !== undefined;
  },

  /** The ride of the group that has `slug` now, else the one that had it before a rename. */
  async idBySlug(db: Executor, groupId: string, slug: string): Promise<string | undefined> {
    const current = await db.selectFrom('rides').select('id').where('group_id', '=', groupId).where('slug', '=', slug).executeTakeFirst();
    if (current) return current.id;
    return (await db.selectFrom('ride_slug_history').select('ride_id').where('group_id', '=', groupId).where('slug', '=', slug).executeTakeFirst())?.ride_id;
  },

  /** The ride leaves `slug` behind in its group; a slug left by several rides in turn leads to the last. */
  async rememberSlug(db: Executor, groupId: string, slug: string, rideId: string, nowIso: string): Promise<void> {
    await db
      .insertInto('ride_slug_history')
      .values({ group_id: groupId, slug, ride_id: rideId, replaced_at: nowIso })
      .onConflict((oc) => oc.columns(['group_id', 'slug']).doUpdateSet({ ride_id: rideId, replaced_at: nowIso }))
      .execute();
  },

  /** Every column named (NewRow): a column added to the table and not to the create is a compile error. */
  async insert(db: Executor, row: NewRow<RidesTable>): Promise<void> {
    await db.insertInto('rides').values(row).execute();
  },

  async update(db: Executor, id: string, fields: Partial<Insertable<RidesTable>>): Promise<void> {
    if (Object.keys(fields).length === 0) return;
    await db.updateTable('rides').set(fields).where('id', '=', id).execute();
  },

  /**
   * An edit riders see: the fields, and the ride's calendar SEQUENCE raised in the same statement,
   * so a calendar never sees the change without the raise (RFC 5545 section 3.8.7.4).
   */
  async edit(db: Executor, id: string, fields: Partial<Insertable<RidesTable>>): Promise<void> {
    if (Object.keys(fields).length === 0) return;
    await db
      .updateTable('rides')
      .set((eb) => ({ ...fields, sequence: eb('sequence', '+', 1) }))
      .where('id', '=', id)
      .execute();
  },

  async delete(db: Executor, id: string): Promise<void> {
    await db.deleteFrom('rides').where('id', '=', id).execute();
  },

  /**
   * Seats the rider, who leaves the ride's queue if they were in it: a rider is seated or queued,
   * never both (the seat invariant; waitlist.repository enqueue refuses a seated rider), whichever
   * path seats them (a promotion, a ride handed over to its group's owner...).
   */
  async addParticipant(db: Executor, rideId: string, userId: string, nowIso: string): Promise<void> {
    await db.insertInto('ride_participants').values({ ride_id: rideId, user_id: userId, joined_at: nowIso }).execute();
    await leaveQueue(db, rideId, userId);
  },

  /**
   * A no-op UPDATE locks the ride's row on PostgreSQL until the transaction ends (SQLite already
   * runs one writer at a time), so seat requests and seat limits of one ride are counted one after
   * another.
   */
  async lockRide(db: Executor, rideId: string): Promise<void> {
    await db.updateTable('rides').set((eb) => ({ max_riders: eb.ref('max_riders') })).where('id', '=', rideId).execute();
  },

  async seatCount(db: Executor, rideId: string): Promise<number> {
    const row = await db.selectFrom('ride_participants').select((eb) => eb.fn.countAll().as('n')).where('ride_id', '=', rideId).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /**
   * Takes a seat only while one is free: the count is part of the INSERT, so two riders racing
   * for the last seat cannot both get it. Returns whether the seat was taken.
   */
  async takeSeat(db: Executor, rideId: string, userId: string, maxRiders: number, nowIso: string): Promise<boolean> {
    await ridesRepository.lockRide(db, rideId);
    const seat = db
      .selectNoFrom((eb) => [eb.val(rideId).as('ride_id'), eb.val(userId).as('user_id'), eb.val(nowIso).as('joined_at')])
      .where((eb) => eb(eb.selectFrom('ride_participants').select(eb.fn.countAll().as('n')).where('ride_id', '=', rideId), '<', maxRiders));
    const result = await db.insertInto('ride_participants').columns(['ride_id', 'user_id', 'joined_at']).expression(seat).executeTakeFirst();
    const taken = Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    if (taken) await leaveQueue(db, rideId, userId);
    return taken;
  },

  async removeParticipant(db: Executor, rideId: string, userId: string): Promise<boolean> {
    const result = await db.deleteFrom('ride_participants').where('ride_id', '=', rideId).where('user_id', '=', userId).executeTakeFirst();
    return result.numDeletedRows === 1n;
  },

  /** What a rider's standing on the ride is read from inside a transaction (rides.service rideViewerUnderLock). */
  standingColumns(db: Executor, rideId: string) {
    return db.selectFrom('rides').select(['owner_id', 'status', 'max_riders', 'group_id']).where('id', '=', rideId).executeTakeFirst();
  },

  async isParticipant(db: Executor, rideId: string, userId: string): Promise<boolean> {
    return (await db.selectFrom('ride_participants').select('user_id').where('ride_id', '=', rideId).where('user_id', '=', userId).executeTakeFirst()) !== undefined;
  },

  /**
   * Who hears of a comment on a ride: its riders holding a seat and its owner, but the commenter,
   * guests (no address: they hold no account worth telling) and, on a group's ride, anyone no
   * longer a member (a removed rider keeps a seat on a ride that has started).
   */
  commentAudience(db: Executor, rideId: string, commenterId: string): Promise<string[]> {
    return columnValues(
      db
        .selectFrom('users')
        .innerJoin('rides', (join) => join.on('rides.id', '=', rideId))
        .select('users.id')
        .where((eb) => eb.or([eb('users.id', '=', eb.ref('rides.owner_id')), eb('users.id', 'in', eb.selectFrom('ride_participants').select('user_id').where('ride_id', '=', rideId))]))
        .where('users.id', '!=', commenterId)
        .where('users.email', 'is not', null)
        .where((eb) =>
          eb.or([eb('rides.group_id', 'is', null), eb.exists(eb.selectFrom('group_members').select('group_members.user_id').whereRef('group_members.group_id', '=', 'rides.group_id').whereRef('group_members.user_id', '=', 'users.id'))]),
        ),
    );
  },

  participantIds(db: Executor, rideId: string): Promise<string[]> {
    return columnValues(db.selectFrom('ride_participants').select('user_id').where('ride_id', '=', rideId));
  },

  /**
   * The ride's comments newest first, `limit` of them, written before `before` when given (by time,
   * then id, so comments of the same millisecond are neither skipped nor repeated across pages).
   */
  commentsPage(db: Executor, rideId: string, before: { created_at: string; id: string } | null, limit: number) {
    let query = selectComments(db).where('ride_comments.ride_id', '=', rideId);
    if (before) {
      query = query.where((eb) =>
        eb.or([eb('ride_comments.created_at', '<', before.created_at), eb.and([eb('ride_comments.created_at', '=', before.created_at), eb('ride_comments.id', '<', before.id)])]),
      );
    }
    return query.orderBy('ride_comments.created_at', 'desc').orderBy('ride_comments.id', 'desc').limit(limit).execute();
  },

  findComment(db: Executor, rideId: string, commentId: string) {
    return selectComments(db).where('ride_comments.ride_id', '=', rideId).where('ride_comments.id', '=', commentId).executeTakeFirst();
  },

  async insertComment(db: Executor, row: { id: string; ride_id: string; user_id: string; content: string; created_at: string }): Promise<void> {
    await db.insertInto('ride_comments').values(row).execute();
  },

  /** Rides starting within the window whose reminder (bit) has not been sent. */
  dueForReminder(db: Executor, fromIso: string, untilIso: string, bit: number) {
    return db
      .selectFrom('rides')
      .select(['id', 'name', 'start_date', 'reminders_sent'])
      .where('start_date', '>', fromIso)
      .where('start_date', '<=', untilIso)
      .where('status', '!=', 'cancelled')
      .where(sql<boolean>`(reminders_sent / ${bit}) % 2 = 0`)
      .limit(500)
      .execute();
  },

  /** Confirmed rides whose minimum riders decision time has come and that no process has claimed. */
  dueForMinimumCheck(db: Executor, nowIso: string) {
    return db
      .selectFrom('rides')
      .select(['id', 'name', 'min_riders', 'min_riders_decision_at'])
      .where('min_riders_decision_at', '<=', nowIso)
      .where('min_riders_checked_at', 'is', null)
      .where('status', '=', 'confirmed')
      .limit(500)
      .execute();
  },

  /**
   * Claims the decision for this process; false when another process already did, or the owner
   * moved the decision time meanwhile (the new time is then checked when it comes).
   */
  async claimMinimumCheck(db: Executor, rideId: string, decisionAt: string | null, nowIso: string): Promise<boolean> {
    if (decisionAt === null) return false;
    const result = await db
      .updateTable('rides')
      .set({ min_riders_checked_at: nowIso })
      .where('id', '=', rideId)
      .where('min_riders_checked_at', 'is', null)
      .where('min_riders_decision_at', '=', decisionAt)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },

  /** Marks a reminder sent; false when another process already did (it then sends nothing). */
  async claimReminder(db: Executor, rideId: string, previous: number, bit: number): Promise<boolean> {
    const result = await db.updateTable('rides').set({ reminders_sent: previous + bit }).where('id', '=', rideId).where('reminders_sent', '=', previous).executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },
  /**
   * Every seat on a ride not cancelled that starts after `fromIso` and by `untilIso`, with the
   * rider's zone and reminder times (issue 30 point 6; the waitlist holds no seat, and is not reminded).
   */
  seatsToRemind(db: Executor, fromIso: string, untilIso: string) {
    return db
      .selectFrom('rides')
      .innerJoin('ride_participants', 'ride_participants.ride_id', 'rides.id')
      .innerJoin('users', 'users.id', 'ride_participants.user_id')
      .select(['rides.id as ride_id', 'rides.name', 'rides.start_date', 'rides.timezone', 'rides.timezone_offset', 'users.id as user_id', 'users.timezone as user_timezone', 'users.reminder_times'])
      .where('rides.start_date', '>', fromIso)
      .where('rides.start_date', '<=', untilIso)
      .where('rides.status', '!=', 'cancelled')
      .orderBy('rides.start_date')
      .limit(5000)
      .execute();
  },
};

import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CalendarFeedsTable, Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export type CalendarFeedRow = Selectable<CalendarFeedsTable>;

/** What a ride's VEVENT is written from. */
const EVENT_COLUMNS = [
  'rides.id',
  'rides.name',
  'rides.description',
  'rides.status',
  'rides.start_date',
  'rides.end_date',
  'rides.duration',
  'rides.start_location',
  'rides.start_latitude',
  'rides.start_longitude',
  'rides.midpoint_location',
  'rides.midpoint_latitude',
  'rides.midpoint_longitude',
  'rides.end_location',
  'rides.end_latitude',
  'rides.end_longitude',
  'rides.waypoints',
  'rides.timezone_name',
  'rides.sequence',
  'rides.created_at',
] as const;

export const calendarRepository = {
  /** The feed of a rider (`user_id`) or at an address (`token_hash`): each names one feed at most. */
  findBy(db: Executor, column: 'user_id' | 'token_hash', value: string): Promise<CalendarFeedRow | undefined> {
    return db.selectFrom('calendar_feeds').selectAll().where(column, '=', value).executeTakeFirst();
  },

  /** The rider's feed, made unless they have one; a concurrent first call's row wins (same rider, one row). */
  async insertUnlessExists(db: Executor, row: CalendarFeedRow): Promise<void> {
    await db.insertInto('calendar_feeds').values(row).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  },

  async update(db: Executor, userId: string, fields: Partial<Pick<CalendarFeedRow, 'token' | 'token_hash' | 'scope'>>): Promise<void> {
    await db.updateTable('calendar_feeds').set(fields).where('user_id', '=', userId).execute();
  },

  /**
   * The rides of a feed: those the rider holds a seat on and, for the 'groups' scope, every ride of
   * the groups they belong to; from `sinceIso` (rides that ended before are left out), by start.
   */
  feedRides(db: Executor, userId: string, scope: string, sinceIso: string, limit: number) {
    return db
      .selectFrom('rides')
      .select(EVENT_COLUMNS)
      .where('rides.end_date', '>', sinceIso)
      .where((eb) =>
        eb.or([
          eb('rides.id', 'in', eb.selectFrom('ride_participants').select('ride_id').where('user_id', '=', userId)),
          ...(scope === 'groups' ? [eb('rides.group_id', 'in', eb.selectFrom('group_members').select('group_id').where('user_id', '=', userId))] : []),
        ]),
      )
      .orderBy('rides.start_date')
      .orderBy('rides.id')
      .limit(limit)
      .execute();
  },

  oneRide(db: Executor, rideId: string) {
    return db.selectFrom('rides').select(EVENT_COLUMNS).where('rides.id', '=', rideId).executeTakeFirst();
  },
};

export type CalendarRideRow = NonNullable<Awaited<ReturnType<typeof calendarRepository.oneRide>>>;

import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, RideSeriesTable, RidesTable } from '../../db/schema';
import type { NewRow } from '../../db/every-column-written';
import { columnValues } from '../../db/column-values';

type Executor = Kysely<Database> | Transaction<Database>;

export type SeriesRow = Selectable<RideSeriesTable>;

/** A ride of a series, as ending, skipping and "this and following" read it. */
export interface SeriesRideRow {
  id: string;
  series_day: string;
  start_date: string;
  status: string;
  slug: string;
  /** Riders holding a seat other than the owner, and riders waiting: a ride with none is removed, not cancelled. */
  others: number;
}

/** Series whose rides are not made up to `day` yet (none made at all, or made up to an earlier day). */
function madeUntilBefore(day: string) {
  return (eb: ExpressionBuilder<Database, 'ride_series'>) => eb.or([eb('made_until', 'is', null), eb('made_until', '<', day)]);
}

export const seriesRepository = {
  async insert(db: Executor, row: NewRow<RideSeriesTable>): Promise<void> {
    await db.insertInto('ride_series').values(row).execute();
  },

  findById(db: Executor, id: string): Promise<SeriesRow | undefined> {
    return db.selectFrom('ride_series').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Series that may still need rides: not ended before `today` (the earliest day any zone is on), made up to less than `horizon`. */
  dueForMaking(db: Executor, earliestToday: string, latestHorizon: string): Promise<SeriesRow[]> {
    return db
      .selectFrom('ride_series')
      .selectAll()
      .where((eb) => eb.or([eb('last_day', 'is', null), eb('last_day', '>=', earliestToday)]))
      .where(madeUntilBefore(latestHorizon))
      .execute();
  },

  /** Only forward: two processes that made the same days leave the later mark. */
  async setMadeUntil(db: Executor, id: string, day: string): Promise<void> {
    await db
      .updateTable('ride_series')
      .set({ made_until: day })
      .where('id', '=', id)
      .where(madeUntilBefore(day))
      .execute();
  },

  /** The series' group as its page names and links it. */
  group(db: Executor, groupId: string): Promise<{ id: string; name: string; slug: string } | undefined> {
    return db.selectFrom('groups').select(['id', 'name', 'slug']).where('id', '=', groupId).executeTakeFirst();
  },

  /**
   * The series a rider made in a group that may still make rides pass to `toId` (the group's owner,
   * when the rider leaves or is removed): their ids, names and rules. `earliestDay` is the earliest
   * day any zone is on (a series ended before it makes nothing more and stays as it was).
   */
  async passOwnership(db: Executor, groupId: string, fromId: string, toId: string, earliestDay: string): Promise<Array<Pick<SeriesRow, 'id' | 'name' | 'rule'>>> {
    const rows = await db
      .selectFrom('ride_series')
      .select(['id', 'name', 'rule'])
      .where('group_id', '=', groupId)
      .where('owner_id', '=', fromId)
      .where((eb) => eb.or([eb('last_day', 'is', null), eb('last_day', '>=', earliestDay)]))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    if (rows.length > 0) await db.updateTable('ride_series').set({ owner_id: toId }).where('id', 'in', rows.map((r) => r.id)).execute();
    return rows;
  },

  async setLastDay(db: Executor, id: string, day: string): Promise<void> {
    await db.updateTable('ride_series').set({ last_day: day }).where('id', '=', id).execute();
  },

  /**
   * The ride of one day of a series, unless a ride of that day exists (made by another worker or
   * server at the same moment, or kept cancelled when the day was skipped): the unique key
   * (series_id, series_day) decides, on both engines. True when this insert made it.
   */
  async insertRide(db: Executor, row: NewRow<RidesTable>): Promise<boolean> {
    const result = await db
      .insertInto('rides')
      .values(row)
      .onConflict((oc) => oc.columns(['series_id', 'series_day']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  },

  async rideOfDay(db: Executor, seriesId: string, day: string): Promise<string | undefined> {
    const row = await db.selectFrom('rides').select('id').where('series_id', '=', seriesId).where('series_day', '=', day).executeTakeFirst();
    return row?.id;
  },

  /** The series' rides from `fromDay` on (its rule's days), in order, with how many riders besides the owner each has. */
  ridesFrom(db: Executor, seriesId: string, fromDay: string): Promise<SeriesRideRow[]> {
    return db
      .selectFrom('rides')
      .select([
        'rides.id',
        'rides.slug',
        'rides.start_date',
        'rides.status',
        sql<string>`rides.series_day`.as('series_day'),
        sql<number>`(select count(*) from ride_participants p where p.ride_id = rides.id and p.user_id <> rides.owner_id)
          + (select count(*) from ride_waitlist w where w.ride_id = rides.id)`.as('others'),
      ])
      .where('rides.series_id', '=', seriesId)
      .where('rides.series_day', '>=', fromDay)
      .orderBy('rides.series_day')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, others: Number(r.others) })));
  },

  async moveRide(db: Executor, rideId: string, seriesId: string): Promise<void> {
    await db.updateTable('rides').set({ series_id: seriesId }).where('id', '=', rideId).execute();
  },

  /**
   * The series' riders who are members of its group now, in the order they joined the series: a
   * rider removed from the group (or banned) gets no seat on the rides made after.
   */
  ridersInGroup(db: Executor, seriesId: string, groupId: string): Promise<string[]> {
    return columnValues(
      db
        .selectFrom('ride_series_riders as r')
        .innerJoin('group_members as m', (join) => join.onRef('m.user_id', '=', 'r.user_id').on('m.group_id', '=', groupId))
        .select('r.user_id')
        .where('r.series_id', '=', seriesId)
        .orderBy('r.joined_at')
        .orderBy('r.user_id'),
    );
  },

  async isRider(db: Executor, seriesId: string, userId: string): Promise<boolean> {
    return (await db.selectFrom('ride_series_riders').select('user_id').where('series_id', '=', seriesId).where('user_id', '=', userId).executeTakeFirst()) !== undefined;
  },

  /** False when the rider already rides every one. */
  async addRider(db: Executor, seriesId: string, userId: string, nowIso: string): Promise<boolean> {
    const result = await db
      .insertInto('ride_series_riders')
      .values({ series_id: seriesId, user_id: userId, joined_at: nowIso })
      .onConflict((oc) => oc.columns(['series_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  },

  async removeRider(db: Executor, seriesId: string, userId: string): Promise<boolean> {
    const result = await db.deleteFrom('ride_series_riders').where('series_id', '=', seriesId).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** "This and following": the riders of every ride of the old series ride every one of the new, from when they joined. */
  async copyRiders(db: Executor, fromSeriesId: string, toSeriesId: string): Promise<void> {
    await db
      .insertInto('ride_series_riders')
      .columns(['series_id', 'user_id', 'joined_at'])
      .expression((eb) => eb.selectFrom('ride_series_riders').select([eb.val(toSeriesId).as('series_id'), 'user_id', 'joined_at']).where('series_id', '=', fromSeriesId))
      .execute();
  },
};

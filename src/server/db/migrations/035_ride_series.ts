import type { Kysely } from 'kysely';

/**
 * Rides that repeat (issue 29, points 5 and 6). A series keeps its own IANA zone, local start time,
 * first day, rule (JSON, shared/series/series-rule.ts) and the template of its rides' fields; each
 * day the rule gives is a real ride, made ahead by housekeeping. The unique key on a ride's
 * (series_id, series_day) is what lets several workers and servers make the same day at once: one
 * insert wins, the others do nothing. A skipped day stays as its cancelled ride, so it is never made
 * again. Numbered 035: 033 and 034 are left to the named-zones work landing beside this.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ride_series')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('first_day', 'text', (c) => c.notNull()) // YYYY-MM-DD in `timezone`
    .addColumn('start_time', 'text', (c) => c.notNull()) // HH:MM in `timezone`
    .addColumn('rule', 'text', (c) => c.notNull()) // JSON SeriesRule
    .addColumn('template', 'text', (c) => c.notNull()) // JSON of the rides' fields
    .addColumn('last_day', 'text') // ended (or split by "this and following"): no ride after this day
    .addColumn('made_until', 'text') // rides are made for every day of the rule up to this one
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ride_series_group_idx').on('ride_series').column('group_id').execute();
  await db.schema.createIndex('ride_series_owner_idx').on('ride_series').column('owner_id').execute();

  // "I ride every Sunday": a seat (or a place on the waitlist) on each ride the series makes from now on.
  await db.schema
    .createTable('ride_series_riders')
    .addColumn('series_id', 'text', (c) => c.notNull().references('ride_series.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ride_series_riders_pkey', ['series_id', 'user_id'])
    .execute();
  await db.schema.createIndex('ride_series_riders_user_idx').on('ride_series_riders').column('user_id').execute();

  await db.schema.alterTable('rides').addColumn('series_id', 'text', (c) => c.references('ride_series.id').onDelete('set null')).execute();
  await db.schema.alterTable('rides').addColumn('series_day', 'text').execute();
  await db.schema.createIndex('rides_series_day_key').unique().on('rides').columns(['series_id', 'series_day']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rides_series_day_key').execute();
  await db.schema.alterTable('rides').dropColumn('series_day').execute();
  await db.schema.alterTable('rides').dropColumn('series_id').execute();
  await db.schema.dropTable('ride_series_riders').execute();
  await db.schema.dropTable('ride_series').execute();
}

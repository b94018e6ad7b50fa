import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Ride cards (rides/ride-cards.ts): each ride keeps the part of its API form that is the same for
 * every viewer as JSON text, so a list of rides is read without joining participants and groups
 * and without presenting and serializing every ride again. The database itself forgets a card
 * whenever something the card shows changes, so no write path can leave a stale one behind:
 *
 * - the ride's own columns (all but the card and `reminders_sent`, which no card shows);
 * - a seat taken, given up or changed (participants in seat order, their count, Full);
 * - a rider's handle or avatar (owner, navigator and participants show them);
 * - the group's name, slug or time zone.
 *
 * Forgetting bumps `card_version`; a reader that built a card stores it only if the version it read
 * with the ride's data is still current (ridesRepository.storeCard), so a card built from data a
 * writer has changed meanwhile is never kept. `card_format` is the presenter's format the card was
 * built with (RIDE_CARD_FORMAT): a card of another format is read as forgotten, so a release that
 * changes what a ride shows never serves cards built by the one before. A column added to rides
 * later, or a new thing a card shows, must be added to these triggers.
 */
const RIDE_CARD_COLUMNS = [
  'group_id', 'name', 'slug', 'description', 'status', 'start_date', 'end_date', 'duration',
  'start_location', 'start_latitude', 'start_longitude', 'midpoint_location', 'midpoint_latitude', 'midpoint_longitude',
  'end_location', 'end_latitude', 'end_longitude', 'waypoints', 'total_distance_km', 'min_riders', 'max_riders',
  'timezone_offset', 'timezone_name', 'owner_id', 'navigator_id', 'created_at',
];

const forget = 'card_json = null, card_version = card_version + 1';
/** The owner always holds a seat and a navigator must hold one; owner and navigator are named for older rows. */
const ridesOfRider = (rider: string) =>
  `id in (select ride_id from ride_participants where user_id = ${rider}) or owner_id = ${rider} or navigator_id = ${rider}`;

/** What each trigger does: the table and event it watches, and which rides it makes forget their card. */
const triggers: Array<{ name: string; event: string; when?: { sqlite: string; postgres: string }; rides: string }> = [
  { name: 'rides_card_stale', event: `update of ${RIDE_CARD_COLUMNS.join(', ')} on rides`, rides: 'id = new.id' },
  { name: 'ride_seat_taken_card_stale', event: 'insert on ride_participants', rides: 'id = new.ride_id' },
  { name: 'ride_seat_freed_card_stale', event: 'delete on ride_participants', rides: 'id = old.ride_id' },
  { name: 'ride_seat_moved_card_stale', event: 'update on ride_participants', rides: 'id in (old.ride_id, new.ride_id)' },
  {
    name: 'rider_card_stale',
    event: 'update of user_id, profile_image_url on users',
    // A profile form saves every field; only a changed handle or avatar makes the rider's rides forget.
    when: {
      sqlite: 'new.user_id is not old.user_id or new.profile_image_url is not old.profile_image_url',
      postgres: 'new.user_id is distinct from old.user_id or new.profile_image_url is distinct from old.profile_image_url',
    },
    rides: ridesOfRider('new.id'),
  },
  { name: 'group_card_stale', event: 'update of name, slug, timezone_offset, timezone_name on groups', rides: 'group_id = new.id' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rides').addColumn('card_json', 'text').execute();
  await db.schema.alterTable('rides').addColumn('card_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('rides').addColumn('card_format', 'integer').execute();
  // For the rider trigger's navigator test, and for ON DELETE SET NULL when a rider is deleted.
  await db.schema.createIndex('rides_navigator_idx').on('rides').column('navigator_id').execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const t of triggers) {
    if (postgres) {
      await sql
        .raw(`create function ${t.name}() returns trigger language plpgsql as $$ begin update rides set ${forget} where ${t.rides}; return null; end $$`)
        .execute(db);
      const when = t.when ? ` when (${t.when.postgres})` : '';
      await sql.raw(`create trigger ${t.name} after ${t.event} for each row${when} execute function ${t.name}()`).execute(db);
    } else {
      const when = t.when ? ` when ${t.when.sqlite}` : '';
      await sql.raw(`create trigger ${t.name} after ${t.event}${when} begin update rides set ${forget} where ${t.rides}; end`).execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const t of triggers) {
    const table = t.event.split(' on ')[1]!;
    if (postgres) {
      await sql.raw(`drop trigger ${t.name} on ${table}`).execute(db);
      await sql.raw(`drop function ${t.name}()`).execute(db);
    } else {
      await sql.raw(`drop trigger ${t.name}`).execute(db);
    }
  }
  await db.schema.dropIndex('rides_navigator_idx').execute();
  await db.schema.alterTable('rides').dropColumn('card_format').execute();
  await db.schema.alterTable('rides').dropColumn('card_version').execute();
  await db.schema.alterTable('rides').dropColumn('card_json').execute();
}

import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Ride cards safe by default. Migration 009 made a ride forget its card on an update of the
 * columns it listed, so a column added later, shown on the card and not added to that list, would
 * have served stale cards. Now a ride forgets its card on every update except one that writes the
 * card itself: a kept card (ridesRepository.storeCard) or a forgotten one (this trigger). Such a
 * write is recognised by a changed card column; an update that leaves all four as they were is a
 * change to the ride, whatever columns it names, today's or tomorrow's. A change no card shows (a
 * reminder sent) costs the next list one rebuilt card.
 *
 * Also, "no coordinates" is null: stops stored at 0,0 (what older forms sent for a place typed
 * without choosing a suggestion) become "not on the map", as they were already shown.
 */
const CARD_UNTOUCHED = {
  sqlite: 'new.card_json is old.card_json and new.card_version = old.card_version and new.card_format is old.card_format and new.card_seats is old.card_seats',
  postgres:
    'new.card_json is not distinct from old.card_json and new.card_version = old.card_version and new.card_format is not distinct from old.card_format and new.card_seats is not distinct from old.card_seats',
};

/** Migration 009's list, for `down`. */
const MIGRATION_009_COLUMNS =
  'group_id, name, slug, description, status, start_date, end_date, duration, start_location, start_latitude, start_longitude, midpoint_location, midpoint_latitude, midpoint_longitude, end_location, end_latitude, end_longitude, waypoints, total_distance_km, min_riders, max_riders, timezone_offset, timezone_name, owner_id, navigator_id, created_at';

const FORGET = 'update rides set card_json = null, card_version = card_version + 1 where id = new.id';

async function replaceTrigger(db: Kysely<unknown>, event: string, when: { sqlite: string; postgres: string } | null): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // The function (migration 009's) stays: it forgets the card of `new.id`.
    await sql.raw('drop trigger rides_card_stale on rides').execute(db);
    await sql.raw(`create trigger rides_card_stale after ${event} on rides for each row${when ? ` when (${when.postgres})` : ''} execute function rides_card_stale()`).execute(db);
  } else {
    await sql.raw('drop trigger rides_card_stale').execute(db);
    await sql.raw(`create trigger rides_card_stale after ${event} on rides${when ? ` when ${when.sqlite}` : ''} begin ${FORGET}; end`).execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceTrigger(db, 'update', CARD_UNTOUCHED);
  for (const stop of ['start', 'midpoint', 'end']) {
    await sql
      .raw(`update rides set ${stop}_latitude = null, ${stop}_longitude = null where ${stop}_latitude = 0 and ${stop}_longitude = 0`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceTrigger(db, `update of ${MIGRATION_009_COLUMNS}`, null);
}

import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { legacyZone, zoneCity } from '../../../shared/timezones/timezones';
import { zoneAt } from '../../platform/time-zones';
import { endOfLocalDay, instantToLocal, labelMinutes, localToInstant, wallClockOnOffset } from '../../../shared/timezones/zoned-time';

/**
 * Named time zones (issue 29). Groups, rides and riders kept a fixed UTC offset and a label, so a
 * Berlin ride in July was an hour off. Each now keeps an IANA zone in `timezone`; the offset and
 * label columns stay (the label is still answered; a release still serving during a rolling
 * deploy still reads the offset).
 *
 * Existing rows, computed in TypeScript so that both engines agree:
 * - a group's and a ride's zone from its coordinates (tz-lookup, offline), else from its old
 *   offset and label (`legacyZone`: "Berlin" -> Europe/Berlin, UTC+00:00 -> UTC); a rider's from
 *   the offset and label;
 * - each ride's instants moved so that its page shows the same wall-clock time: the old instant on
 *   the old fixed offset is what the page showed, placed now in the ride's zone (the start, the
 *   minimum riders decision, and the end as the end of the same last day). A wall-clock time that
 *   does not exist in the zone that night keeps its instant.
 * Changing the rows makes each ride forget its card (migration 027's trigger); the group trigger of
 * migration 009 now also watches `timezone`, since a card carries its group's zone.
 */

const GROUP_TRIGGER_COLUMNS = ['name', 'slug', 'timezone_offset', 'timezone_name'];

/** The instant showing the same wall-clock time in `zone` as `instant` showed on the fixed `offset`. */
export function sameWallClock(instant: string, offset: string, zone: string): string {
  if (Number.isNaN(labelMinutes(offset))) return instant;
  const shown = wallClockOnOffset(instant, offset);
  const placed = localToInstant(shown.day, shown.time, zone);
  return placed.ok ? new Date(Date.parse(placed.iso) + shown.rest).toISOString() : instant;
}

interface OldRide {
  id: string;
  start_date: string;
  end_date: string;
  min_riders_decision_at: string | null;
  start_latitude: number | string | null;
  start_longitude: number | string | null;
  timezone_offset: string;
  timezone_name: string;
  group_latitude: number | string | null;
  group_longitude: number | string | null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['groups', 'rides', 'users']) {
    await db.schema.alterTable(table).addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC')).execute();
  }

  const groups = await sql<{ id: string; latitude: number | null; longitude: number | null; timezone_offset: string; timezone_name: string }>`select id, latitude, longitude, timezone_offset, timezone_name from groups`.execute(db);
  for (const group of groups.rows) {
    const named = legacyZone(group.timezone_offset, group.timezone_name);
    const zone = zoneAt(group.latitude, group.longitude) ?? named;
    // A label naming another place than the group's own ("Berlin" for a group in Bologna) becomes the zone's city.
    const label = zone === named ? group.timezone_name : zoneCity(zone);
    await sql`update groups set timezone = ${zone}, timezone_name = ${label} where id = ${group.id}`.execute(db);
  }

  const rides = await sql<OldRide>`
    select r.id, r.start_date, r.end_date, r.min_riders_decision_at, r.start_latitude, r.start_longitude, r.timezone_offset, r.timezone_name,
           g.latitude as group_latitude, g.longitude as group_longitude
    from rides r left join groups g on g.id = r.group_id`.execute(db);
  for (const ride of rides.rows) {
    const named = legacyZone(ride.timezone_offset, ride.timezone_name);
    const zone = zoneAt(ride.start_latitude, ride.start_longitude) ?? zoneAt(ride.group_latitude, ride.group_longitude) ?? named;
    const label = zone === named ? ride.timezone_name : zoneCity(zone);
    const start = sameWallClock(ride.start_date, ride.timezone_offset, zone);
    // The end is a day: the last day the page showed, ended in the zone.
    const lastDay = wallClockOnOffset(ride.end_date, ride.timezone_offset).day;
    const end = Number.isNaN(labelMinutes(ride.timezone_offset)) ? ride.end_date : endOfLocalDay(lastDay > instantToLocal(start, zone).day ? lastDay : instantToLocal(start, zone).day, zone);
    const decision = ride.min_riders_decision_at === null ? null : sameWallClock(ride.min_riders_decision_at, ride.timezone_offset, zone);
    await sql`update rides set timezone = ${zone}, timezone_name = ${label}, start_date = ${start}, end_date = ${end}, min_riders_decision_at = ${decision} where id = ${ride.id}`.execute(db);
  }

  const users = await sql<{ id: string; timezone_offset: string; timezone_name: string }>`select id, timezone_offset, timezone_name from users where timezone_offset <> 'UTC+00:00' or timezone_name <> 'UTC'`.execute(db);
  for (const user of users.rows) {
    await sql`update users set timezone = ${legacyZone(user.timezone_offset, user.timezone_name)} where id = ${user.id}`.execute(db);
  }

  await replaceGroupTrigger(db, [...GROUP_TRIGGER_COLUMNS, 'timezone']);
}

/** Migration 009's group trigger, watching `columns`: a ride's card carries its group's name, slug and zone. */
async function replaceGroupTrigger(db: Kysely<unknown>, columns: string[]): Promise<void> {
  const forget = 'update rides set card_json = null, card_version = card_version + 1 where group_id = new.id';
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw('drop trigger group_card_stale on groups').execute(db);
    await sql.raw(`create trigger group_card_stale after update of ${columns.join(', ')} on groups for each row execute function group_card_stale()`).execute(db);
  } else {
    await sql.raw('drop trigger group_card_stale').execute(db);
    await sql.raw(`create trigger group_card_stale after update of ${columns.join(', ')} on groups begin ${forget}; end`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceGroupTrigger(db, GROUP_TRIGGER_COLUMNS);
  // The instants stay as moved: they are the times the pages showed, in the zones the rows had.
  for (const table of ['groups', 'rides', 'users']) await db.schema.alterTable(table).dropColumn('timezone').execute();
}

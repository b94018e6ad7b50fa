import { sql, type Kysely } from 'kysely';
import { labelMinutes } from '../../../shared/timezones/zoned-time';

/**
 * A ride's end is the end of its last day on the ride's own clock, never before its start
 * (`rideEndInstant`): "upcoming" now means "not yet ended", so a multi-day ride stays on its
 * riders' calendars until its last day is over. Rides stored before kept the end date as picked,
 * the start of the end day (or an end before the start); they are rewritten here, in TypeScript so
 * that both engines compute the same instant. Changing `end_date` makes each ride forget its card
 * (the triggers of migration 009), so lists rebuild them.
 *
 * The group counts ("upcoming rides", "active") now ask for rides of a group that have not ended
 * and are not cancelled: an index in that order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await repairRideEnds(db);
  await db.schema.createIndex('rides_group_end_status_idx').on('rides').columns(['group_id', 'end_date', 'status']).execute();
}

/**
 * The end of a ride's last day on the fixed offset rides kept until migration 033 (named zones
 * came after this migration, which must compute what it computed then).
 */
function fixedOffsetRideEnd(startIso: string, endIso: string, offset: string): string {
  const shift = (Number.isNaN(labelMinutes(offset)) ? 0 : labelMinutes(offset)) * 60_000;
  const dayOf = (iso: string) => new Date(Date.parse(iso) + shift).toISOString().slice(0, 10);
  const lastDay = dayOf(endIso) > dayOf(startIso) ? dayOf(endIso) : dayOf(startIso);
  return new Date(Date.parse(`${lastDay}T23:59:59.999Z`) - shift).toISOString();
}

/** Rewrites every ride's end that is not the end of its last day. Returns how many changed. */
export async function repairRideEnds(db: Kysely<unknown>): Promise<number> {
  let repaired = 0;
  const rides = await sql<{ id: string; start_date: string; end_date: string; timezone_offset: string }>`select id, start_date, end_date, timezone_offset from rides`.execute(db);
  for (const ride of rides.rows) {
    const end = fixedOffsetRideEnd(ride.start_date, ride.end_date, ride.timezone_offset);
    if (end === ride.end_date) continue;
    await sql`update rides set end_date = ${end} where id = ${ride.id}`.execute(db);
    repaired++;
  }
  return repaired;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The ends stay as repaired: they name the same last day, which is all the end date ever meant.
  await db.schema.dropIndex('rides_group_end_status_idx').execute();
}

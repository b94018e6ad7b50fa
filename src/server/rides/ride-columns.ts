import type { RidesTable } from '../db/schema';
import type { NewRow } from '../db/every-column-written';
import { localDay, rideEndInstant, zonedDateTimeToIso, type CreateRideInput, type UpdateRideInput } from '../../shared/rides/ride';
import { zoneOffsetLabel } from '../../shared/timezones/zoned-time';
import type { RideRow } from './rides.repository';
import type { RouteColumns, RouteKey } from './ride-route';

/*
 * One definition of what a ride's fields write: the create's insert and the edit's update both
 * write `rideColumns` of the ride's values, so a field added to the ride's schema
 * (shared/rides/ride.ts) and its column (db/schema.ts) fail to compile until they meet here:
 * `RideValues` comes from the schema (so `storedRideValues` and `newRideValues` must fill the new
 * field) and `FieldColumns` from the table (so `rideColumns` must write the new column).
 */

/**
 * Every field of a ride as the forms name them, route aside (ride-route.ts places it): none left
 * out. Its instants are exact (the service placed what was sent in `timezone`, ride-times.ts).
 */
export type RideValues = { [K in Exclude<keyof UpdateRideInput, RouteKey>]-?: Exclude<UpdateRideInput[K], undefined> };

/**
 * Columns the server keeps, never written from a ride's fields: what the ride belongs to, its
 * address, its cached card and the minimum riders decision's progress.
 */
type KeptByServer =
  | 'id'
  | 'group_id'
  | 'slug'
  | 'owner_id'
  | 'poll_id'
  | 'created_at'
  | 'card_json'
  | 'card_format'
  | 'card_seats'
  | 'card_version'
  | 'reminders_sent'
  | 'sequence'
  | 'min_riders_checked_at'
  | 'min_riders_kept_at';

/** The columns a ride's fields write, every one: a column added to RidesTable and to neither list is a compile error here. */
export type FieldColumns = Omit<NewRow<RidesTable>, KeptByServer | keyof RouteColumns>;

/**
 * What a new ride starts with of the columns the server keeps: no card yet and no minimum riders
 * decision taken (createRide and a series' rides both insert these).
 */
export function newRideKeptColumns(kept: { id: string; group_id: string; slug: string; owner_id: string; poll_id: string | null; created_at: string }) {
  return { ...kept, card_json: null, card_format: null, card_seats: null, min_riders_checked_at: null, min_riders_kept_at: null };
}

/** A ride's fields as stored. */
export function rideColumns(v: RideValues): FieldColumns {
  return {
    name: v.name,
    description: v.description || null,
    status: v.status,
    start_date: new Date(v.startDate).toISOString(),
    end_date: rideEndInstant(v.startDate, v.endDate, v.timezone),
    duration: v.duration,
    min_riders: v.minRiders,
    max_riders: v.maxRiders,
    // The start's offset, for a release still serving during a rolling deploy; answers derive it from the zone.
    timezone_offset: zoneOffsetLabel(v.timezone, v.startDate),
    timezone_name: v.timezoneName,
    timezone: v.timezone,
    navigator_id: v.navigatorId,
    min_riders_decision_at: v.minRidersDecisionAt ? new Date(v.minRidersDecisionAt).toISOString() : null,
  };
}

/** A new ride's values: the create's input in its zone, with what only an edit sets at its start (no navigator, confirmed). */
export function newRideValues(input: CreateRideInput, timezone: string): RideValues {
  return { ...input, timezone, description: input.description ?? null, minRidersDecisionAt: input.minRidersDecisionAt ?? null, navigatorId: null, status: 'confirmed' };
}

/** A stored ride's values (the end as its day, on the ride's clock: the end of a ride is a day, rideEndInstant). */
export function storedRideValues(ride: RideRow): RideValues {
  return {
    name: ride.name,
    description: ride.description,
    startDate: ride.start_date,
    endDate: zonedDateTimeToIso(localDay(ride.end_date, ride.timezone), '00:00', ride.timezone),
    duration: ride.duration,
    minRiders: ride.min_riders,
    maxRiders: ride.max_riders,
    timezoneOffset: ride.timezone_offset,
    timezoneName: ride.timezone_name,
    timezone: ride.timezone,
    minRidersDecisionAt: ride.min_riders_decision_at,
    navigatorId: ride.navigator_id,
    status: ride.status,
  };
}

/**
 * An edit's values: the fields it sends over the stored ones. Without a new end, the stored end's
 * day stays the end's day on the ride's (possibly new) clock.
 */
export function editedRideValues(ride: RideRow, input: UpdateRideInput): RideValues {
  const sent = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<RideValues>;
  const values = { ...storedRideValues(ride), ...sent };
  if (input.endDate === undefined) values.endDate = zonedDateTimeToIso(localDay(ride.end_date, ride.timezone), '00:00', values.timezone);
  return values;
}

import type { UpdateRidePayload } from '../../../../shared/rides/ride';
import { instantOnOffset, localToSent } from '../../../../shared/timezones/zoned-time';
import { type CreateRidePayload, type SeriesEditPayload } from '../../../api/rides';
import { cleanWaypoints, type Coordinates, type RideFormValues, type WaypointRow } from './ride-form-model';

/** The ride form's values as the server's create and update payloads (spec 2 section 3). */

/**
 * Every field of a payload named, undefined for "not sent": a field added to the ride's schema
 * (shared/rides/ride.ts) is a compile error here until the form decides what it sends for it.
 */
type EveryField<Payload> = { [K in keyof Required<Payload>]: Payload[K] };

/** The payload without the fields it does not send (JSON would leave them out anyway; tests and logs see what goes). */
function sentOnly<Payload extends object>(payload: Payload): Payload {
  return Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined)) as Payload;
}

/**
 * Waypoints as sent: a row kept as text only goes with null coordinates, which tells the server to
 * keep it off the map rather than place the name itself (left-out coordinates ask it to place them).
 */
function waypointsPayload(rows: readonly WaypointRow[]) {
  return cleanWaypoints(rows).map((row) => (row.latitude !== null && row.longitude !== null ? { name: row.name, latitude: row.latitude, longitude: row.longitude } : { name: row.name, latitude: null, longitude: null }));
}

/**
 * A stop's coordinates as sent: the chosen place's; null ones for a stop kept as text only (so the
 * server does not place it after all); none for an empty stop.
 */
function coordinatesOf(name: string, coords: Coordinates | null): { latitude: number | null | undefined; longitude: number | null | undefined } {
  if (coords) return coords;
  return name.trim() ? { latitude: null, longitude: null } : { latitude: undefined, longitude: undefined };
}

/**
 * What the create and the edit payload send alike: name, description, the stops (the midpoint empty
 * in advanced mode, coordinates as coordinatesOf says), duration, rider limits and the zone.
 */
function sharedFields(values: RideFormValues) {
  const advanced = values.routeOption === 'waypoints';
  const start = coordinatesOf(values.startLocation, values.startCoords);
  const midpoint = advanced ? { latitude: undefined, longitude: undefined } : coordinatesOf(values.midpointLocation, values.midpointCoords);
  const end = coordinatesOf(values.endLocation, values.endCoords);
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    startLocation: values.startLocation.trim(),
    startLatitude: start.latitude,
    startLongitude: start.longitude,
    midpointLocation: advanced ? '' : values.midpointLocation.trim(),
    midpointLatitude: midpoint.latitude,
    midpointLongitude: midpoint.longitude,
    endLocation: values.endLocation.trim(),
    endLatitude: end.latitude,
    endLongitude: end.longitude,
    duration: values.duration,
    minRiders: values.minRiders,
    maxRiders: values.maxRiders,
    // The days and times are sent as written on the start's offset in the zone: the server reads
    // them back as the wall-clock times typed and places them in the zone (nonexistent ones refused).
    timezoneOffset: sentOffset(values),
    timezoneName: values.timezoneName,
    timezone: values.timezone,
  };
}

/** The offset the form's times are sent on: the zone's at the start (its offset before the gap for a time the zone skips). */
function sentOffset(values: RideFormValues): string {
  return localToSent(values.startDay, values.startTime, values.timezone).offset;
}

/** A day and time on the ride's clock, written on the offset the payload names. */
function sentInstant(values: RideFormValues, day: string, time: string): string {
  return instantOnOffset(day, time, sentOffset(values));
}

/**
 * The create-ride payload (spec 2 section 3): startDate is the start day and time in the ride's
 * zone as an ISO instant (startTime itself is not sent); waypoints only in advanced mode, and the
 * midpoint empty in advanced mode. The poll a ride is planned from is added by the dialog.
 */
export function toCreatePayload(values: RideFormValues, ownerId?: string): CreateRidePayload {
  const advanced = values.routeOption === 'waypoints';
  const payload: EveryField<CreateRidePayload> = {
    groupId: values.groupId,
    ...sharedFields(values),
    waypoints: advanced ? waypointsPayload(values.waypoints) : undefined,
    startDate: sentInstant(values, values.startDay, values.startTime),
    endDate: sentInstant(values, values.endDay, '00:00'),
    minRidersDecisionAt: values.decisionAt ? decisionInstant(values) : undefined,
    ownerId: ownerId || undefined,
    pollId: undefined,
    // "Repeats" is added by the create dialog when the rider chose it (series-fields.tsx).
    repeats: undefined,
  };
  return sentOnly(payload);
}

/**
 * The edit payload (PATCH /api/rides/{id}). Waypoints are always sent (an empty list clears them in
 * midpoint mode). The dates are sent only when the day, time or zone changed, so a ride that has
 * already started can still have its name or description corrected. 'none' navigator becomes null.
 */
export function toUpdatePayload(values: RideFormValues, initial: RideFormValues): UpdateRidePayload {
  const advanced = values.routeOption === 'waypoints';
  const startChanged = values.startDay !== initial.startDay || values.startTime !== initial.startTime || values.timezone !== initial.timezone;
  const endChanged = values.endDay !== initial.endDay || values.timezone !== initial.timezone;
  const payload: EveryField<UpdateRidePayload> = {
    ...sharedFields(values),
    waypoints: advanced ? waypointsPayload(values.waypoints) : [],
    startDate: startChanged ? sentInstant(values, values.startDay, values.startTime) : undefined,
    endDate: endChanged ? sentInstant(values, values.endDay, '00:00') : undefined,
    // Sent only when changed: a new decision time is a new decision (checked again when it comes).
    minRidersDecisionAt: values.decisionAt !== initial.decisionAt || values.timezone !== initial.timezone ? decisionInstant(values) : undefined,
    navigatorId: values.navigatorId === 'none' ? null : values.navigatorId,
    status: values.status !== initial.status ? values.status : undefined,
  };
  return sentOnly(payload);
}

/** The decision time as an ISO instant (it is entered on the ride's clock), null for none. */
function decisionInstant(values: RideFormValues): string | null {
  return values.decisionAt ? sentInstant(values, values.decisionAt.slice(0, 10), values.decisionAt.slice(11, 16)) : null;
}

const ROUTE_FIELDS = ['startLocation', 'startLatitude', 'startLongitude', 'midpointLocation', 'midpointLatitude', 'midpointLongitude', 'endLocation', 'endLatitude', 'endLongitude', 'waypoints'] as const;
const OTHER_FIELDS = ['description', 'duration', 'minRiders', 'maxRiders'] as const;

/**
 * "This and following" (PATCH /api/rides/{id}/following): only what the rider changed, so each
 * later ride keeps what it has of its own (a ride edited alone keeps that edit); the stops go
 * together when one changed. The name without the day each ride's name carries, the start as a
 * time of day (each ride keeps its day). Days, status and navigator belong to one ride.
 */
export function toFollowingPayload(values: RideFormValues, initial: RideFormValues): SeriesEditPayload {
  const now = toUpdatePayload(values, initial) as Record<string, unknown>;
  const before = toUpdatePayload(initial, initial) as Record<string, unknown>;
  const changed = (key: string) => JSON.stringify(now[key]) !== JSON.stringify(before[key]);
  const payload: Record<string, unknown> = {};
  if (changed('name')) payload.name = String(now.name).replace(/ · [^·]*$/, '').trim();
  for (const key of OTHER_FIELDS) if (changed(key)) payload[key] = now[key];
  if (ROUTE_FIELDS.some(changed)) for (const key of ROUTE_FIELDS) if (now[key] !== undefined) payload[key] = now[key];
  if (values.startTime !== initial.startTime) payload.startTime = values.startTime;
  return payload as SeriesEditPayload;
}

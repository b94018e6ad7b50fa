import { zonedDateTimeToIso, type UpdateRideInput } from '../../../../shared/rides/ride';
import { type CreateRidePayload } from '../../../api/rides';
import { cleanWaypoints, type Coordinates, type RideFormValues, type StopKey, type WaypointRow } from './ride-form-model';

/** The ride form's values as the server's create and update payloads (spec 2 section 3). */

/**
 * Waypoints as sent: a row kept as text only goes with null coordinates, which tells the server to
 * keep it off the map rather than place the name itself (left-out coordinates ask it to place them).
 */
function waypointsPayload(rows: readonly WaypointRow[]) {
  return cleanWaypoints(rows).map((row) => (row.latitude !== null && row.longitude !== null ? { name: row.name, latitude: row.latitude, longitude: row.longitude } : { name: row.name, latitude: null, longitude: null }));
}

function coordinateFields(prefix: StopKey, name: string, coords: Coordinates | null) {
  if (coords) return { [`${prefix}Latitude`]: coords.latitude, [`${prefix}Longitude`]: coords.longitude };
  // A stop kept as text only goes with null coordinates, so the server does not place it after all.
  return name.trim() ? { [`${prefix}Latitude`]: null, [`${prefix}Longitude`]: null } : {};
}

/**
 * What the create and the edit payload send alike: name, description, the stops (the midpoint empty
 * in advanced mode, coordinates as coordinateFields says), duration, rider limits and the zone.
 */
function sharedFields(values: RideFormValues) {
  const advanced = values.routeOption === 'waypoints';
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    startLocation: values.startLocation.trim(),
    ...coordinateFields('start', values.startLocation, values.startCoords),
    midpointLocation: advanced ? '' : values.midpointLocation.trim(),
    ...(advanced ? {} : coordinateFields('midpoint', values.midpointLocation, values.midpointCoords)),
    endLocation: values.endLocation.trim(),
    ...coordinateFields('end', values.endLocation, values.endCoords),
    duration: values.duration,
    minRiders: values.minRiders,
    maxRiders: values.maxRiders,
    timezoneOffset: values.timezoneOffset,
    timezoneName: values.timezoneName,
  };
}

/**
 * The create-ride payload (spec 2 section 3): startDate is the start day and time in the ride's
 * zone as an ISO instant (startTime itself is not sent); waypoints only in advanced mode, and the
 * midpoint empty in advanced mode.
 */
export function toCreatePayload(values: RideFormValues, ownerId?: string): CreateRidePayload {
  const advanced = values.routeOption === 'waypoints';
  return {
    groupId: values.groupId,
    ...sharedFields(values),
    ...(advanced ? { waypoints: waypointsPayload(values.waypoints) } : {}),
    startDate: zonedDateTimeToIso(values.startDay, values.startTime, values.timezoneOffset),
    endDate: zonedDateTimeToIso(values.endDay, '00:00', values.timezoneOffset),
    ...(values.decisionAt ? { minRidersDecisionAt: decisionInstant(values) } : {}),
    ...(ownerId ? { ownerId } : {}),
  };
}

/**
 * The edit payload (PATCH /api/rides/{id}). Waypoints are always sent (an empty list clears them in
 * midpoint mode). The dates are sent only when the day, time or zone changed, so a ride that has
 * already started can still have its name or description corrected. 'none' navigator becomes null.
 */
export function toUpdatePayload(values: RideFormValues, initial: RideFormValues): UpdateRideInput {
  const advanced = values.routeOption === 'waypoints';
  const startChanged = values.startDay !== initial.startDay || values.startTime !== initial.startTime || values.timezoneOffset !== initial.timezoneOffset;
  const endChanged = values.endDay !== initial.endDay || values.timezoneOffset !== initial.timezoneOffset;
  return {
    ...sharedFields(values),
    waypoints: advanced ? waypointsPayload(values.waypoints) : [],
    ...(startChanged ? { startDate: zonedDateTimeToIso(values.startDay, values.startTime, values.timezoneOffset) } : {}),
    ...(endChanged ? { endDate: zonedDateTimeToIso(values.endDay, '00:00', values.timezoneOffset) } : {}),
    // Sent only when changed: a new decision time is a new decision (checked again when it comes).
    ...(values.decisionAt !== initial.decisionAt || values.timezoneOffset !== initial.timezoneOffset ? { minRidersDecisionAt: decisionInstant(values) } : {}),
    navigatorId: values.navigatorId === 'none' ? null : values.navigatorId,
    ...(values.status !== initial.status ? { status: values.status } : {}),
  } as UpdateRideInput;
}

/** The decision time as an ISO instant (it is entered on the ride's clock), null for none. */
function decisionInstant(values: RideFormValues): string | null {
  return values.decisionAt ? zonedDateTimeToIso(values.decisionAt.slice(0, 10), values.decisionAt.slice(11, 16), values.timezoneOffset) : null;
}


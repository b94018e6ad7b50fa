import { z } from 'zod';
import { timezoneFields } from '../../../../shared/groups/group';
import { nameText } from '../../../../shared/text/name-text';
import {
  DECISION_BEFORE_START,
  DEFAULT_START_TIME,
  localDay,
  MAX_WAYPOINTS,
  RIDE_DURATIONS,
  RIDE_STATUSES,
  RIDERS_MAX,
  RIDERS_MIN,
  type Ride,
  type RideDuration,
} from '../../../../shared/rides/ride';
import { detectTimezone, type TimezoneOption } from '../../../../shared/timezones/timezones';
import { UNPLACED_MESSAGE } from '../../../api/geocoding';
import { localTime } from '../../../lib/rides/ride-format';

/** Spec 2 section 5: the messages of the ride forms. */
export const RIDE_MESSAGES = {
  group: 'Group selection is required',
  name: 'Ride name is required',
  nameTooLong: 'Name too long',
  start: 'Start location is required',
  end: 'End location is required',
  startDate: 'Start date is required',
  endDate: 'End date is required',
  time: 'Please enter a valid time (HH:MM)',
  minRiders: 'Minimum 1 rider',
  decisionAt: 'Please enter a date and time',
  maxBelowMin: 'Maximum riders must be at least the minimum',
  endBeforeStart: 'End date must be after start date',
  unplaced: UNPLACED_MESSAGE,
} as const;

/** 24-hour HH:MM ("09:00", "23:59"). */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isValidTime(text: string): boolean {
  return TIME_PATTERN.test(text);
}

export type RouteOption = 'midpoint' | 'waypoints';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** A row of the waypoints dialog; coordinates are null until a place is chosen (null once saved: text only, not on the map). */
export interface WaypointRow {
  name: string;
  latitude: number | null;
  longitude: number | null;
}

/** The stops of the form besides the waypoints. */
/** What a datetime-local field holds: "YYYY-MM-DDTHH:MM" (seconds when the browser adds them are cut by the regex's start). */
const DECISION_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export type StopKey = 'start' | 'midpoint' | 'end';

const coordinates = z.object({ latitude: z.number(), longitude: z.number() }).nullable();
const riders = z
  .number({ error: RIDE_MESSAGES.minRiders })
  .int(RIDE_MESSAGES.minRiders)
  .min(RIDERS_MIN, RIDE_MESSAGES.minRiders)
  .max(RIDERS_MAX, `Maximum ${RIDERS_MAX} riders`);

/** The values behind the create dialog and the edit page. */
export const rideFormSchema = z
  .object({
    groupId: z.string(),
    name: nameText({ required: RIDE_MESSAGES.name, max: 255, tooLong: RIDE_MESSAGES.nameTooLong }),
    description: z.string().max(5000, 'Description too long'),
    startLocation: z.string().trim().min(1, RIDE_MESSAGES.start).max(255, 'Location too long'),
    startCoords: coordinates,
    routeOption: z.enum(['midpoint', 'waypoints']),
    midpointLocation: z.string().trim().max(255, 'Location too long'),
    midpointCoords: coordinates,
    waypoints: z.array(z.object({ name: z.string(), latitude: z.number().nullable(), longitude: z.number().nullable() })).max(MAX_WAYPOINTS),
    endLocation: z.string().trim().min(1, RIDE_MESSAGES.end).max(255, 'Location too long'),
    endCoords: coordinates,
    startDay: z.string().min(1, RIDE_MESSAGES.startDate),
    startTime: z.string().regex(TIME_PATTERN, RIDE_MESSAGES.time),
    endDay: z.string().min(1, RIDE_MESSAGES.endDate),
    duration: z.enum(RIDE_DURATIONS),
    minRiders: riders,
    maxRiders: riders,
    /** The minimum riders decision time on the ride's clock, "YYYY-MM-DDTHH:MM"; '' for none. */
    decisionAt: z.union([z.literal(''), z.string().regex(DECISION_PATTERN, RIDE_MESSAGES.decisionAt)]),
    timezoneOffset: timezoneFields.timezoneOffset,
    timezoneName: timezoneFields.timezoneName,
    navigatorId: z.string(),
    /** Edit only: the owner may mark the ride cancelled (GUIDE section 10). */
    status: z.enum(RIDE_STATUSES),
    /** The stops the rider chose to keep as text only (not on the map). */
    textOnly: z.object({ start: z.boolean(), midpoint: z.boolean(), end: z.boolean() }),
  })
  .superRefine((values, ctx) => {
    const stops = [
      ['startLocation', values.startLocation, values.startCoords, values.textOnly.start],
      ['midpointLocation', values.routeOption === 'midpoint' ? values.midpointLocation : '', values.midpointCoords, values.textOnly.midpoint],
      ['endLocation', values.endLocation, values.endCoords, values.textOnly.end],
    ] as const;
    for (const [path, text, coords, textOnly] of stops) {
      if (text.trim() && !coords && !textOnly) ctx.addIssue({ code: 'custom', path: [path], message: RIDE_MESSAGES.unplaced });
    }
    if (values.maxRiders < values.minRiders) ctx.addIssue({ code: 'custom', path: ['maxRiders'], message: RIDE_MESSAGES.maxBelowMin });
    // Both on the ride's clock, so the texts compare as the instants do.
    if (values.decisionAt && values.startDay && values.decisionAt >= `${values.startDay}T${values.startTime}`) {
      ctx.addIssue({ code: 'custom', path: ['decisionAt'], message: DECISION_BEFORE_START });
    }
    if (values.startDay && values.endDay && values.endDay < values.startDay) {
      ctx.addIssue({ code: 'custom', path: ['endDay'], message: RIDE_MESSAGES.endBeforeStart });
    }
  });

export type RideFormValues = z.output<typeof rideFormSchema>;

/** The create dialog also needs a group (unless one is fixed). */
export const createRideFormSchema = rideFormSchema.superRefine((values, ctx) => {
  if (!values.groupId) ctx.addIssue({ code: 'custom', path: ['groupId'], message: RIDE_MESSAGES.group });
});

/**
 * Spec 2 section 4: the duration switches to multi-day when the start and end days differ and it is
 * not multi-day already; it is never switched back.
 */
export function autoDuration(startDay: string, endDay: string, duration: RideDuration): RideDuration {
  if (startDay && endDay && startDay !== endDay && duration !== 'multi-day') return 'multi-day';
  return duration;
}

/** The browser's zone from the built-in list (UTC+00:00 when it is not in the list). */
export function browserTimezone(): TimezoneOption {
  return detectTimezone(new Date().getTimezoneOffset());
}

export interface TimezoneChoice {
  timezoneOffset: string;
  timezoneName: string;
}

export function emptyRideForm(timezone: TimezoneChoice, groupId = ''): RideFormValues {
  return {
    groupId,
    name: '',
    description: '',
    startLocation: '',
    startCoords: null,
    routeOption: 'midpoint',
    midpointLocation: '',
    midpointCoords: null,
    waypoints: [],
    endLocation: '',
    endCoords: null,
    startDay: '',
    startTime: DEFAULT_START_TIME,
    endDay: '',
    duration: 'full-day',
    minRiders: 1,
    maxRiders: 10,
    decisionAt: '',
    timezoneOffset: timezone.timezoneOffset,
    timezoneName: timezone.timezoneName,
    navigatorId: 'none',
    status: 'confirmed',
    textOnly: { start: false, midpoint: false, end: false },
  };
}

/** Waypoint rows as saved: empty names dropped, names trimmed (spec 2 section 5, "Waypoints"). */
export function cleanWaypoints(rows: readonly WaypointRow[]): WaypointRow[] {
  return rows.map((row) => ({ name: row.name.trim(), latitude: row.latitude, longitude: row.longitude })).filter((row) => row.name.length > 0);
}

/** What "Plan this ride" carries from a closed date poll into the Create Ride form. */
export interface RideFromPoll {
  id: string;
  title: string;
  /** The poll's description, the plan the riders voted on: the ride's description starts from it. */
  description: string | null;
  destination: string;
  /** The chosen proposed day (YYYY-MM-DD), the poll's best date by default. */
  day: string;
  durationDays: number;
}

/** The day `count` days after a YYYY-MM-DD day. */
function dayAfter(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + count * 86_400_000).toISOString().slice(0, 10);
}

/** The Create Ride form filled from a poll: its title and description, its destination as the end, the chosen day and the poll's number of days. */
export function rideFormFromPoll(empty: RideFormValues, poll: RideFromPoll): RideFormValues {
  const days = Math.max(1, poll.durationDays);
  return {
    ...empty,
    name: poll.title,
    description: poll.description ?? '',
    endLocation: poll.destination,
    startDay: poll.day,
    endDay: dayAfter(poll.day, days - 1),
    duration: days > 1 ? 'multi-day' : 'full-day',
  };
}

/** The edit form, filled from the ride: days and time on the ride's own clock. */
export function formFromRide(ride: Ride): RideFormValues {
  const advanced = ride.waypoints.length > 0;
  const coords = (latitude: number | null, longitude: number | null) => (latitude !== null && longitude !== null ? { latitude, longitude } : null);
  const startCoords = coords(ride.startLatitude, ride.startLongitude);
  const midpointCoords = advanced ? null : coords(ride.midpointLatitude, ride.midpointLongitude);
  const endCoords = coords(ride.endLatitude, ride.endLongitude);
  // A saved stop without coordinates was kept as text only; the form keeps it so until the rider changes it.
  const savedAsText = (text: string | null, placed: Coordinates | null) => Boolean(text?.trim()) && !placed;
  return {
    groupId: ride.groupId ?? '',
    name: ride.name,
    description: ride.description ?? '',
    startLocation: ride.startLocation,
    startCoords,
    routeOption: advanced ? 'waypoints' : 'midpoint',
    midpointLocation: advanced ? '' : (ride.midpointLocation ?? ''),
    midpointCoords,
    waypoints: ride.waypoints.map((w) => ({ name: w.name, ...placedOrNull(w) })),
    endLocation: ride.endLocation,
    endCoords,
    startDay: localDay(ride.startDate, ride.timezoneOffset),
    startTime: localTime(ride.startDate, ride.timezoneOffset),
    endDay: localDay(ride.endDate, ride.timezoneOffset),
    duration: ride.duration,
    minRiders: ride.minRiders,
    maxRiders: ride.maxRiders,
    decisionAt: ride.minRidersDecision?.at ? `${localDay(ride.minRidersDecision.at, ride.timezoneOffset)}T${localTime(ride.minRidersDecision.at, ride.timezoneOffset)}` : '',
    timezoneOffset: ride.timezoneOffset,
    timezoneName: ride.timezoneName,
    navigatorId: ride.navigator?.id ?? 'none',
    status: ride.status,
    textOnly: {
      start: savedAsText(ride.startLocation, startCoords),
      midpoint: !advanced && savedAsText(ride.midpointLocation, midpointCoords),
      end: savedAsText(ride.endLocation, endCoords),
    },
  };
}

/** A saved waypoint's coordinates, null when it has none (older rides stored 0,0 for "none"). */
export function placedOrNull(w: { latitude: number | null; longitude: number | null }): { latitude: number | null; longitude: number | null } {
  if (w.latitude === null || w.longitude === null || (w.latitude === 0 && w.longitude === 0)) return { latitude: null, longitude: null };
  return { latitude: w.latitude, longitude: w.longitude };
}

/** The day an instant falls on in a zone, as "YYYY-MM-DD" (today, for the pickers' earliest day). */
export function dayIn(timezoneOffset: string, at: Date = new Date()): string {
  return localDay(at.toISOString(), timezoneOffset);
}

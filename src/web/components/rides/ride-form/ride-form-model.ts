import { z } from 'zod';
import { msg } from '@lingui/core/macro';
import {
  DEFAULT_START_TIME,
  localDay,
  MAX_WAYPOINTS,
  RIDE_DEFAULTS,
  RIDE_MESSAGES as SHARED_RIDE_MESSAGES,
  rideFieldRules,
  rideOrderIssues,
  zonedDateTimeToIso,
  type Ride,
  type RideDuration,
  type RideOrderIssue,
} from '../../../../shared/rides/ride';
import { isKnownZone, localToInstant } from '../../../../shared/timezones/zoned-time';
import { browserZone, zoneChoice, type TimezoneChoice } from '../../../lib/time-zones';
import { clockTimeIn } from '../../../../shared/rides/ride-time';
import { formatLocale, i18n } from '../../../lib/i18n/i18n';
import { formatDay } from '../../../lib/format-date';
import { UNPLACED } from '../../../api/geocoding';
import { localTime } from '../../../lib/rides/ride-format';

/** The form's own messages, about what only the form holds (shown in the active language). */
export const RIDE_FORM_MESSAGES = {
  time: msg`Please enter a valid time (HH:MM)`,
  decisionAt: msg`Please enter a date and time`,
  timezone: msg`Please select a valid timezone`,
  unplaced: UNPLACED,
};

/** A form message as zod writes it: in the language active when the form checks its values. */
const inActiveLanguage = (descriptor: (typeof RIDE_FORM_MESSAGES)[keyof typeof RIDE_FORM_MESSAGES]) => ({ error: () => i18n._(descriptor) });

/**
 * Spec 2 section 5: the messages of the ride forms: the ones the server answers with too
 * (shared/rides/ride-rules.ts, English until they are translated there), and the form's own,
 * read in the active language.
 */
export const RIDE_MESSAGES = {
  ...SHARED_RIDE_MESSAGES,
  get time() {
    return i18n._(RIDE_FORM_MESSAGES.time);
  },
  get decisionAt() {
    return i18n._(RIDE_FORM_MESSAGES.decisionAt);
  },
  get unplaced() {
    return i18n._(RIDE_FORM_MESSAGES.unplaced);
  },
};

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

/** The form's fields a rule between fields (rideOrderIssues) names, by the server's field. */
const FORM_FIELD_OF: Record<RideOrderIssue['field'], string> = { maxRiders: 'maxRiders', endDate: 'endDay', minRidersDecisionAt: 'decisionAt' };

/** The values behind the create dialog and the edit page. */
export const rideFormSchema = z
  .object({
    groupId: z.string(),
    name: rideFieldRules.name,
    description: rideFieldRules.description,
    startLocation: rideFieldRules.startLocation,
    startCoords: coordinates,
    routeOption: z.enum(['midpoint', 'waypoints']),
    midpointLocation: rideFieldRules.place,
    midpointCoords: coordinates,
    waypoints: z.array(z.object({ name: z.string(), latitude: z.number().nullable(), longitude: z.number().nullable() })).max(MAX_WAYPOINTS, RIDE_MESSAGES.tooManyWaypoints),
    endLocation: rideFieldRules.endLocation,
    endCoords: coordinates,
    startDay: z.string().min(1, RIDE_MESSAGES.startDate),
    startTime: z.string().regex(TIME_PATTERN, inActiveLanguage(RIDE_FORM_MESSAGES.time)),
    endDay: z.string().min(1, RIDE_MESSAGES.endDate),
    duration: rideFieldRules.duration,
    minRiders: rideFieldRules.riders,
    maxRiders: rideFieldRules.riders,
    /** The minimum riders decision time on the ride's clock, "YYYY-MM-DDTHH:MM"; '' for none. */
    decisionAt: z.union([z.literal(''), z.string().regex(DECISION_PATTERN, inActiveLanguage(RIDE_FORM_MESSAGES.decisionAt))]),
    /** The ride's IANA zone (the picker's value): its days and times are on this clock. */
    timezone: z.string().min(1, inActiveLanguage(RIDE_FORM_MESSAGES.timezone)),
    /** What the picker shows beside the zone: the offset on the ride's date and the city (sent as the spec's fields). */
    timezoneOffset: z.string(),
    timezoneName: rideFieldRules.timezoneName,
    navigatorId: z.string(),
    /** Edit only: the owner may mark the ride cancelled (GUIDE section 10). */
    status: rideFieldRules.status,
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
    for (const issue of rideOrderIssues(orderValuesOf(values))) ctx.addIssue({ code: 'custom', path: [FORM_FIELD_OF[issue.field]], message: issue.message });
    // A time the zone skips that night (02:30 when the clocks go forward), as the server says it: the
    // time on the rider's clock ("2:30 AM" in the United States), the day in their words.
    if (isValidTime(values.startTime) && /^\d{4}-\d{2}-\d{2}$/.test(values.startDay) && isKnownZone(values.timezone)) {
      const placed = localToInstant(values.startDay, values.startTime, values.timezone);
      if (!placed.ok && placed.reason === 'nonexistent') {
        const { timezone } = values;
        const startTime = clockTimeIn(values.startTime, formatLocale());
        const day = formatDay(values.startDay);
        const message = i18n._(msg`${startTime} does not exist in ${timezone} on ${day}: the clocks go forward that night. Choose another time.`);
        ctx.addIssue({ code: 'custom', path: ['startTime'], message });
      }
    }
  });

/** A day and time on the ride's clock as an instant; undefined while the day is not a day yet. */
function instantOf(day: string, time: string, zone: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T${time}:00.000Z`)) && isKnownZone(zone) ? zonedDateTimeToIso(day, time, zone) : undefined;
}

/** The form's days and times as the instants the server's rule between fields compares (left out while not filled in). */
function orderValuesOf(values: { startDay: string; startTime: string; endDay: string; decisionAt: string; timezone: string; minRiders: number; maxRiders: number }) {
  const timezone = isKnownZone(values.timezone) ? values.timezone : 'UTC';
  const startTime = isValidTime(values.startTime) ? values.startTime : null;
  const decision = DECISION_PATTERN.test(values.decisionAt) ? values.decisionAt : null;
  return {
    minRiders: values.minRiders,
    maxRiders: values.maxRiders,
    timezone,
    startDate: instantOf(values.startDay, startTime ?? '00:00', timezone),
    endDate: instantOf(values.endDay, '00:00', timezone),
    // Against the start's time of day only once it is a time.
    minRidersDecisionAt: decision && startTime ? instantOf(decision.slice(0, 10), decision.slice(11, 16), timezone) : undefined,
  };
}

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

export { browserZone, zoneChoice, type TimezoneChoice };

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
    duration: RIDE_DEFAULTS.duration,
    minRiders: RIDE_DEFAULTS.minRiders,
    maxRiders: RIDE_DEFAULTS.maxRiders,
    decisionAt: '',
    timezone: timezone.timezone,
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
    startDay: localDay(ride.startDate, ride.timezone),
    startTime: localTime(ride.startDate, ride.timezone),
    endDay: localDay(ride.endDate, ride.timezone),
    duration: ride.duration,
    minRiders: ride.minRiders,
    maxRiders: ride.maxRiders,
    decisionAt: ride.minRidersDecision?.at ? `${localDay(ride.minRidersDecision.at, ride.timezone)}T${localTime(ride.minRidersDecision.at, ride.timezone)}` : '',
    timezone: ride.timezone,
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

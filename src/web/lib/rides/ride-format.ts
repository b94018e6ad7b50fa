import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Ride, RideDuration, RideStatus } from '../../../shared/rides/ride';
import { ridePath } from '../../../shared/rides/ride-path';
import { localDay, localTime, rideStops, type RideRoute } from '../../../shared/rides/ride-time';
import { formatDay as formatCalendarDay } from '../format-date';

// The server names ride pages too (a push's link), so the path is made in src/shared.
export { ridePath };

export function rideEditPath(ride: Pick<Ride, 'id' | 'slug' | 'groupSlug'>): string {
  return `${ridePath(ride)}/edit`;
}

/** A series' page ("Every Sunday": its upcoming rides, riding every one). */
export function seriesPath(seriesId: string): string {
  return `/series/${encodeURIComponent(seriesId)}`;
}

/** A ride's duration in the rider's language: render with `i18n._(DURATION_MESSAGES[duration])`. */
export const DURATION_MESSAGES: Record<RideDuration, MessageDescriptor> = {
  'half-day': msg`Half Day`,
  'full-day': msg`Full Day`,
  overnight: msg`Overnight`,
  'multi-day': msg`Multi-Day`,
};

/** A ride's status in the rider's language: render with `i18n._(STATUS_MESSAGES[status])`. */
export const STATUS_MESSAGES: Record<RideStatus, MessageDescriptor> = {
  confirmed: msg`Confirmed`,
  pending: msg`Pending`,
  cancelled: msg`Cancelled`,
};



/** "HH:MM" on the wall clock of a ride's IANA zone (shared/rides/ride-time.ts). */
export { localTime };

/** A calendar day "2026-12-05" shown as "Dec 5, 2026" (spec 2 section 9), in the rider's language. */
export function formatDay(day: string): string {
  return formatCalendarDay(day);
}

/** The ride's start and end as its riders meet them: days and time in the ride's own time zone. */
export function rideSchedule(ride: Pick<Ride, 'startDate' | 'endDate' | 'timezone'>) {
  const startDay = localDay(ride.startDate, ride.timezone);
  const endDay = localDay(ride.endDate, ride.timezone);
  return {
    startDay,
    endDay,
    startDate: formatDay(startDay),
    endDate: formatDay(endDay),
    startTime: localTime(ride.startDate, ride.timezone),
    sameDay: startDay === endDay,
  };
}

/** The stops' names in order: start, midpoint or waypoints, end. */
export function routeNames(ride: RideRoute): string[] {
  return rideStops(ride)
    .map((stop) => stop.name)
    .filter((name) => name.trim().length > 0);
}

/** The first part of a place name ("Bologna, Emilia-Romagna, Italy" -> "Bologna"), for compact route chains. */
export function shortPlace(name: string): string {
  return name.split(',')[0]?.trim() || name;
}

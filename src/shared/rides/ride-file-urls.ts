/*
 * The addresses of a ride's files, apart from the zod schemas of ride-export.ts and calendar-feed.ts:
 * a ride card of the first load links them, and must not bring a schema (and zod) with it.
 */
import type { RideExportFormat } from './ride-export';

/** A ride sent to a navigator: GPX, ITN or compact ITN. */
export const rideExportUrl = (rideId: string, format: RideExportFormat) => `/api/rides/${encodeURIComponent(rideId)}/export?format=${format}`;

/** A single ride's calendar file, for the ride page's "Add to calendar". */
export const rideCalendarUrl = (rideId: string) => `/api/rides/${encodeURIComponent(rideId)}/calendar.ics`;

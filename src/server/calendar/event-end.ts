import type { RideDuration } from '../../shared/rides/ride';

/**
 * How long a ride of each length is put down in a calendar. The route's riding time plus its stops
 * would be better, but no riding time is kept today (the route cache holds only the geometry and
 * the distance); overnight and multi-day rides are absent: they end when their last day ends.
 */
const HOURS_BY_DURATION: Partial<Record<RideDuration, number>> = { 'half-day': 4, 'full-day': 8 };

/**
 * DTEND of a ride's calendar event: its start instant plus the time it is expected to take, so a
 * half-day ride does not fill the rider's whole day in their calendar; a ride over more than one
 * day keeps its own end (`endIso`, the end of its last day). Only the calendar's end: when the app
 * counts a ride as over stays `rides.end_date`.
 */
export function eventEnd(startIso: string, duration: RideDuration, endIso: string): Date {
  const hours = HOURS_BY_DURATION[duration];
  return hours === undefined ? new Date(endIso) : new Date(Date.parse(startIso) + hours * 3_600_000);
}

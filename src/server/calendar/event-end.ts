import type { RideDuration } from '../../shared/rides/ride';

/** How long a ride of each length is put down in a calendar when its road's riding time is unknown. */
const HOURS_BY_DURATION: Partial<Record<RideDuration, number>> = { 'half-day': 4, 'full-day': 8 };
/** Time put down for each stop between the start and the destination (fuel, coffee, regrouping). */
export const MINUTES_PER_STOP = 20;

export interface EventEndInput {
  /** The ride's start instant (ISO), however it was computed from its local time and zone. */
  start: string;
  duration: RideDuration;
  /** The ride's own end (the end of its last day): kept for rides over more than one day. */
  end: string;
  /** The router's riding time for the ride's road in seconds, when known. */
  routeSeconds: number | null;
  /** Stops between the start and the destination. */
  stopOvers: number;
}

/**
 * DTEND of a ride's calendar event: its start instant plus the time it is expected to take (the
 * road's riding time and MINUTES_PER_STOP a stop-over when the router gave it; otherwise 4 hours
 * for a half-day ride, 8 for a full-day one), so a half-day ride does not fill the rider's whole
 * day in their calendar. Overnight and multi-day rides keep their own end, the end of their last
 * day. Only the calendar's end: when the app counts a ride as over stays `rides.end_date`.
 */
export function eventEnd(input: EventEndInput): Date {
  const hours = HOURS_BY_DURATION[input.duration];
  if (hours === undefined) return new Date(input.end);
  const seconds = input.routeSeconds !== null ? input.routeSeconds + input.stopOvers * MINUTES_PER_STOP * 60 : hours * 3600;
  return new Date(Date.parse(input.start) + seconds * 1000);
}

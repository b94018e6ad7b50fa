import type { Ride } from './ride';

/*
 * Pure helpers for ride times and stops, apart from ride.ts so that importing them brings no zod:
 * ride cards are on the first page, and zod's schema chains survive tree-shaking (about 24 KB
 * gzipped on the first load of /). ride.ts re-exports them for the server and the forms.
 */

/** "UTC+05:30" -> 330 minutes east of UTC. */
export function offsetMinutes(offset: string): number {
  const match = /^UTC([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a ride's time zone. */
export function localDay(iso: string, timezoneOffset: string): string {
  return new Date(Date.parse(iso) + offsetMinutes(timezoneOffset) * 60_000).toISOString().slice(0, 10);
}

/** "2026-12-05" + "09:00" in "UTC+01:00" -> the ISO instant (what the create dialog sends as startDate). */
export function zonedDateTimeToIso(day: string, time: string, timezoneOffset: string): string {
  return new Date(Date.parse(`${day}T${time}:00.000Z`) - offsetMinutes(timezoneOffset) * 60_000).toISOString();
}

/** The last millisecond of a calendar day in a time zone: "2026-12-07" in "UTC+01:00" -> "2026-12-07T22:59:59.999Z". */
export function endOfLocalDay(day: string, timezoneOffset: string): string {
  return new Date(Date.parse(`${day}T23:59:59.999Z`) - offsetMinutes(timezoneOffset) * 60_000).toISOString();
}

/**
 * The instant a ride ends: the end of its last day on the ride's own clock, and never before the
 * day it starts. A ride is upcoming until then, so a three-day tour stays on the riders' calendar
 * for all three days (the end date is picked as a day; its time of day means nothing).
 */
export function rideEndInstant(startIso: string, endIso: string, timezoneOffset: string): string {
  const startDay = localDay(startIso, timezoneOffset);
  const endDay = localDay(endIso, timezoneOffset);
  return endOfLocalDay(endDay > startDay ? endDay : startDay, timezoneOffset);
}

/** Every calendar day from `firstDay` to `lastDay` ("YYYY-MM-DD", both included). */
export function daysBetween(firstDay: string, lastDay: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${firstDay}T00:00:00.000Z`), end = Date.parse(`${lastDay}T00:00:00.000Z`); t <= end && days.length < 366; t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day "2026-12-05" as "Dec 5, 2026", the spec's default date display ('MMM d, yyyy'); '' for anything else. */
export function dayLabel(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${Number(match[3])}, ${match[1]}` : '';
}

export type RideRoute = Pick<
  Ride,
  'startLocation' | 'startLatitude' | 'startLongitude' | 'midpointLocation' | 'midpointLatitude' | 'midpointLongitude' | 'waypoints' | 'endLocation' | 'endLatitude' | 'endLongitude'
>;

export interface RideStop {
  name: string;
  latitude: number | null;
  longitude: number | null;
}

/** The stops of a ride in order: start, midpoint or waypoints, end. */
export function rideStops(ride: RideRoute): RideStop[] {
  const stops: RideStop[] = [{ name: ride.startLocation, latitude: ride.startLatitude, longitude: ride.startLongitude }];
  if (ride.waypoints.length > 0) stops.push(...ride.waypoints);
  else if (ride.midpointLocation) stops.push({ name: ride.midpointLocation, latitude: ride.midpointLatitude, longitude: ride.midpointLongitude });
  stops.push({ name: ride.endLocation, latitude: ride.endLatitude, longitude: ride.endLongitude });
  return stops;
}

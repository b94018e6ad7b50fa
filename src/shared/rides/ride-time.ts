import type { Ride } from './ride';
import { endOfLocalDay, instantToLocal, localToSent } from '../timezones/zoned-time';
import { dateTimeFormat } from '../text/intl-formats';

/*
 * Pure helpers for ride times and stops, apart from ride.ts so that importing them brings no zod:
 * ride cards are on the first page, and zod's schema chains survive tree-shaking (about 24 KB
 * gzipped on the first load of /). ride.ts re-exports them for the server and the forms. Every
 * zone here is an IANA name (Europe/Rome): the times follow shared/timezones/zoned-time.ts.
 */

/** The calendar day (YYYY-MM-DD) an instant falls on in a ride's IANA zone. */
export function localDay(iso: string, zone: string): string {
  return instantToLocal(iso, zone).day;
}

/** The time of day (HH:MM) an instant shows in a ride's IANA zone. */
export function localTime(iso: string, zone: string): string {
  return instantToLocal(iso, zone).time;
}

/** "2026-07-04" + "09:00" in "Europe/Berlin" -> the ISO instant (07:00Z; a nonexistent time as localToSent sends it). */
export function zonedDateTimeToIso(day: string, time: string, zone: string): string {
  return localToSent(day, time, zone).iso;
}

export { endOfLocalDay };

/**
 * The instant a ride ends: the end of its last day on the ride's own clock, and never before the
 * day it starts. A ride is upcoming until then, so a three-day tour stays on the riders' calendar
 * for all three days (the end date is picked as a day; its time of day means nothing).
 */
export function rideEndInstant(startIso: string, endIso: string, zone: string): string {
  const startDay = localDay(startIso, zone);
  const endDay = localDay(endIso, zone);
  return endOfLocalDay(endDay > startDay ? endDay : startDay, zone);
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

/**
 * A calendar day in a language: "Dec 5, 2026" in English (the spec's display, as dayLabel), "5 dic
 * 2026" in Italian, through Intl; '' for anything but "YYYY-MM-DD".
 */
export function dayLabelIn(day: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return '';
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(at);
}

/** A time of day "09:00" in a language, on the 24-hour clock the spec shows ("09:00" in English too); as given when not "HH:MM". */
export function timeLabelIn(time: string, locale: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const at = Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]));
  return dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(at);
}

/**
 * A time of day "02:30" on the reader's own clock, the region's short time ("2:30 AM" in en-US, "02:30"
 * in it and en-GB): a time the rider typed and is told about (a start the zone skips or has twice); as
 * given when not "HH:MM". Not one function with timeLabelIn: the first load carries this one, and it
 * costs fewer bytes written out (measured: 158 bytes gzip against 178 as an option of timeLabelIn).
 */
export function clockTimeIn(time: string, locale: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const at = Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]));
  return dateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(at);
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

import type { Ride } from '../../../shared/rides/ride';

/*
 * Copies of three helpers of src/shared/rides/ride.ts (offsetMinutes, localDay, rideStops), kept in
 * step by ride-time.test.ts. Ride cards are on the first page, and importing that module by value
 * brings zod with it: its schemas are chains (`z.string().trim()`) the bundler cannot prove pure,
 * so they survive tree-shaking and add about 24 KB gzipped to the first load of /. The forms, which
 * load lazily, use the shared module directly.
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

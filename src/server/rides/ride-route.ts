import type { AppContext } from '../context';
import { distanceKm, type LatLon } from '../../shared/geo/coordinates';
import { rideStops, type UpdateRideInput, type Waypoint } from '../../shared/rides/ride';
import { placeTypedName } from '../geocoding/geocoding.service';
import { routeThrough } from '../routing/routing.service';
import { parseWaypoints } from './rides.presenter';
import type { RideRow } from './rides.repository';

/** The fields of a ride's form that make its route. */
export const ROUTE_INPUTS = ['startLocation', 'startLatitude', 'startLongitude', 'midpointLocation', 'midpointLatitude', 'midpointLongitude', 'endLocation', 'endLatitude', 'endLongitude', 'waypoints'] as const;
export type RouteKey = (typeof ROUTE_INPUTS)[number];

/** A route as the ride forms send it (coordinates left out: place the typed name; null: keep it as text). */
export type RouteInput = Omit<Pick<UpdateRideInput, RouteKey>, 'startLocation' | 'endLocation' | 'waypoints'> & {
  startLocation: string;
  endLocation: string;
  waypoints: Array<Waypoint & { keepAsText?: true }>;
};

/** The route's columns of a ride: its stops, placed, and its length. */
export type RouteColumns = Pick<
  RideRow,
  'start_location' | 'start_latitude' | 'start_longitude' | 'midpoint_location' | 'midpoint_latitude' | 'midpoint_longitude' | 'end_location' | 'end_latitude' | 'end_longitude' | 'waypoints' | 'total_distance_km'
>;

type Placed = { lat: number; lon: number } | { lat: null; lon: null };
const NOT_ON_THE_MAP: Placed = { lat: null, lon: null };

/**
 * Coordinates of a stop: as sent, or (typed without choosing a suggestion) where the place field
 * would have suggested, biased toward the group's location; null when nothing matches, so the stop
 * shows as "not on the map" rather than somewhere the rider did not see. 0,0 is what older forms
 * hold until a suggestion is chosen, so it is placed by name like coordinates left out: no stop is
 * ever stored at 0,0.
 */
async function placeStop(ctx: AppContext, name: string | null | undefined, lat: number | null | undefined, lon: number | null | undefined, near: LatLon | null): Promise<Placed> {
  if (typeof lat === 'number' && typeof lon === 'number' && !(lat === 0 && lon === 0)) return { lat, lon };
  // Null coordinates are the rider's choice (or the stored state) of a stop kept as text only.
  if (lat === null || lon === null) return NOT_ON_THE_MAP;
  const point = name ? await placeTypedName(ctx, name, near) : null;
  return point ?? NOT_ON_THE_MAP;
}

/** The group's location, the bias for placing its rides' typed stops. */
export function groupPoint(group: { latitude: number | null; longitude: number | null }): LatLon | null {
  return group.latitude === null || group.longitude === null ? null : { lat: Number(group.latitude), lon: Number(group.longitude) };
}

/**
 * The stored total: the road distance when a router answers (ROUTER_URL), else the great-circle sum
 * through the stops that are on the map; null with fewer than two of them.
 */
async function routeLengthKm(ctx: AppContext, points: LatLon[]): Promise<number | null> {
  if (points.length < 2) return null;
  if (ctx.config.routerUrl) {
    const routed = await routeThrough(ctx, points);
    if (routed.distanceKm !== null) return routed.distanceKm;
  }
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distanceKm(points[i - 1]!, points[i]!);
  return Math.round(total * 100) / 100;
}

/** The route's columns for a ride: every stop placed, and its length. */
export async function placeRoute(ctx: AppContext, near: LatLon | null, input: RouteInput): Promise<RouteColumns> {
  const start = await placeStop(ctx, input.startLocation, input.startLatitude, input.startLongitude, near);
  const end = await placeStop(ctx, input.endLocation, input.endLatitude, input.endLongitude, near);
  // Waypoints replace the midpoint (the route option clears the other).
  const midpointName = input.waypoints.length > 0 ? null : input.midpointLocation || null;
  const mid = midpointName ? await placeStop(ctx, midpointName, input.midpointLatitude, input.midpointLongitude, near) : NOT_ON_THE_MAP;
  const waypoints: Waypoint[] = [];
  for (const w of input.waypoints) {
    const at = w.keepAsText ? NOT_ON_THE_MAP : await placeStop(ctx, w.name, w.latitude ?? undefined, w.longitude ?? undefined, near);
    waypoints.push({ name: w.name, latitude: at.lat, longitude: at.lon });
  }
  const stops = rideStops({
    startLocation: input.startLocation,
    startLatitude: start.lat,
    startLongitude: start.lon,
    midpointLocation: midpointName,
    midpointLatitude: mid.lat,
    midpointLongitude: mid.lon,
    waypoints,
    endLocation: input.endLocation,
    endLatitude: end.lat,
    endLongitude: end.lon,
  });
  const points = stops.flatMap((s) => (s.latitude === null || s.longitude === null ? [] : [{ lat: s.latitude, lon: s.longitude }]));
  return {
    start_location: input.startLocation,
    start_latitude: start.lat,
    start_longitude: start.lon,
    midpoint_location: midpointName,
    midpoint_latitude: mid.lat,
    midpoint_longitude: mid.lon,
    end_location: input.endLocation,
    end_latitude: end.lat,
    end_longitude: end.lon,
    waypoints: JSON.stringify(waypoints),
    total_distance_km: await routeLengthKm(ctx, points),
  };
}

/** Whether an edit sends any of the route's fields. */
export function touchesRoute(input: UpdateRideInput): boolean {
  return ROUTE_INPUTS.some((k) => k in input);
}

/**
 * An edit's route: the stops it sends over the stored ones. A stop renamed without coordinates is
 * placed again by its new name; stored stops without coordinates stay text only.
 */
export function editedRoute(ride: RideRow, input: UpdateRideInput): RouteInput {
  const coordinate = (sent: number | null | undefined, renamed: unknown, stored: number | null) => (sent !== undefined ? sent : renamed !== undefined ? undefined : stored);
  return {
    startLocation: input.startLocation ?? ride.start_location,
    startLatitude: coordinate(input.startLatitude, input.startLocation, ride.start_latitude),
    startLongitude: coordinate(input.startLongitude, input.startLocation, ride.start_longitude),
    midpointLocation: input.midpointLocation !== undefined ? input.midpointLocation : ride.midpoint_location,
    midpointLatitude: coordinate(input.midpointLatitude, input.midpointLocation, ride.midpoint_latitude),
    midpointLongitude: coordinate(input.midpointLongitude, input.midpointLocation, ride.midpoint_longitude),
    endLocation: input.endLocation ?? ride.end_location,
    endLatitude: coordinate(input.endLatitude, input.endLocation, ride.end_latitude),
    endLongitude: coordinate(input.endLongitude, input.endLocation, ride.end_longitude),
    waypoints: input.waypoints ?? parseWaypoints(ride.waypoints).map((w) => (w.latitude === null || w.longitude === null ? { ...w, keepAsText: true as const } : w)),
  };
}

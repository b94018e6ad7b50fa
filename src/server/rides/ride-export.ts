import type { AppContext } from '../context';
import { conflict } from '../platform/errors';
import { routeThrough } from '../routing/routing.service';
import { rideStops, type Ride } from '../../shared/rides/ride';
import { type RideExportFormat } from '../../shared/rides/ride-export';
import { getRide } from './rides.service';
import { ITN_COMPACT_MAX_LINES, rideGpx, rideItn, type NavigatorRoute } from './navigator-files';

export interface RideFile {
  fileName: string;
  contentType: string;
  body: string | Buffer;
}

/** A stop is on the map when it has coordinates (a ride never answers with 0,0 for "none": migration 027). */
const isPlaced = (s: { latitude: number | null; longitude: number | null }) => s.latitude !== null && s.longitude !== null;

/** The ride's stops and its road (ROUTER_URL, cached), as the navigator files are written from. */
export async function navigatorRoute(ctx: AppContext, ride: Ride): Promise<NavigatorRoute> {
  const all = rideStops(ride);
  const stops = all.filter(isPlaced).map((s) => ({ name: s.name, lat: s.latitude!, lon: s.longitude! }));
  if (stops.length < 2) throw conflict('ride_too_few_stops');
  const routed = await routeThrough(ctx, stops);
  return {
    name: ride.name,
    description: ride.description,
    url: `${ctx.config.publicUrl}/rides/${ride.id}`,
    stops,
    unplacedStops: all.filter((s) => !isPlaced(s)).map((s) => s.name),
    road: routed.geometry,
  };
}

/**
 * GET /api/rides/{id}/export: whoever may see the ride may take it to a navigator, so the ride is
 * read exactly as its page reads it (getRide: 404 for what is absent or hidden).
 */
export async function exportRide(ctx: AppContext, viewerId: string | null, rideId: string, format: RideExportFormat): Promise<RideFile> {
  const ride = await getRide(ctx, viewerId, rideId);
  const route = await navigatorRoute(ctx, ride);
  if (format === 'gpx') return { fileName: `${ride.slug}.gpx`, contentType: 'application/gpx+xml; charset=utf-8', body: rideGpx(route) };
  const itn = 'text/plain; charset=windows-1252';
  // The compact file is named for its devices, so it is not mistaken for the full one on a card.
  return format === 'itn-compact' ? { fileName: `${ride.slug}-older-tomtom.itn`, contentType: itn, body: rideItn(route, ITN_COMPACT_MAX_LINES) } : { fileName: `${ride.slug}.itn`, contentType: itn, body: rideItn(route) };
}

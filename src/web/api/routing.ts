import { queryOptions } from '@tanstack/react-query';
import type { RouteAnswer } from '../../shared/routing/route';
import { apiGet } from '../lib/api-client';
import { routingKeys } from './query-keys';

export { routingKeys };

export interface RoutePoint {
  latitude: number;
  longitude: number;
}

/** "lat,lon;lat,lon" with 6 decimals (about 10 cm): the server's cache key is stable for the same stops. */
export function pointsParam(points: readonly RoutePoint[]): string {
  return points.map((p) => `${p.latitude.toFixed(6)},${p.longitude.toFixed(6)}`).join(';');
}

/** The address of the road between these stops (also saved for offline: app/offline-rides.ts). */
export const routeUrl = (points: readonly RoutePoint[]) => `/api/route?points=${encodeURIComponent(pointsParam(points))}`;

/** GET /api/route?points=...: the road between the stops, when the server has a router. */
export function getRoute(points: readonly RoutePoint[], signal?: AbortSignal): Promise<RouteAnswer> {
  return apiGet<RouteAnswer>(routeUrl(points), { signal });
}

export function routeQueryOptions(points: readonly RoutePoint[]) {
  return queryOptions({
    queryKey: routingKeys.route(pointsParam(points)),
    queryFn: ({ signal }) => getRoute(points, signal),
    enabled: points.length >= 2,
  });
}

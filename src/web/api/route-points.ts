/*
 * The stops' parameter of GET /api/route, apart from routing.ts (which brings react-query) so the
 * service worker can ask for a saved ride's road too (service-worker/tile-cache.ts).
 */

export interface RoutePoint {
  latitude: number;
  longitude: number;
}

/** "lat,lon;lat,lon" with 6 decimals (about 10 cm): the server's cache key is stable for the same stops. */
export function pointsParam(points: readonly RoutePoint[]): string {
  return points.map((p) => `${p.latitude.toFixed(6)},${p.longitude.toFixed(6)}`).join(';');
}

/** GET /api/route's address for these stops. */
export const routePath = (points: readonly RoutePoint[]) => `/api/route?points=${encodeURIComponent(pointsParam(points))}`;

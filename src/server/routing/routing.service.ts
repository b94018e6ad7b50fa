import crypto from 'node:crypto';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { RouteAnswer } from '../../shared/routing/route';
import { routingRepository } from './routing.repository';

const ROUTER_TIMEOUT_MS = 5000;
const NO_ROUTE: RouteAnswer = { geometry: null, distanceKm: null, source: 'none' };

interface OsrmAnswer {
  code?: string;
  routes?: Array<{ distance: number; duration?: number; geometry: { coordinates: Array<[number, number]> } }>;
}

const coordinatesOf = (points: Array<{ lat: number; lon: number }>) => points.map((p) => `${p.lon.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
const routeKey = (routerUrl: string, coordinates: string) => crypto.createHash('sha256').update(`${routerUrl}|${coordinates}`).digest('hex');

/**
 * How long the router said the road through each list of stops takes (seconds), for the roads it
 * was already asked for (the cache only: the router is never asked here); null where unknown.
 */
export async function knownRouteSeconds(ctx: AppContext, routes: Array<Array<{ lat: number; lon: number }>>): Promise<Array<number | null>> {
  const routerUrl = ctx.config.routerUrl;
  if (!routerUrl) return routes.map(() => null);
  const keys = routes.map((points) => (points.length < 2 ? null : routeKey(routerUrl, coordinatesOf(points))));
  const found = await routingRepository.durations(ctx.db, [...new Set(keys.filter((k): k is string => k !== null))]);
  return keys.map((k) => (k === null ? null : (found.get(k) ?? null)));
}

/**
 * The road through the stops when the router was already asked for it (the cache only: the router
 * is never asked here); null when unknown or without a router. Link previews draw it.
 */
export async function knownRoad(ctx: AppContext, points: Array<{ lat: number; lon: number }>): Promise<Array<[number, number]> | null> {
  const routerUrl = ctx.config.routerUrl;
  if (!routerUrl || points.length < 2) return null;
  const cached = await routingRepository.findCached(ctx.db, routeKey(routerUrl, coordinatesOf(points)));
  return cached ? (JSON.parse(cached.geometry) as Array<[number, number]>) : null;
}

/**
 * GET /api/route: the road between the stops from an OSRM-compatible service (ROUTER_URL), cached
 * in the database. Without a router, or when it fails, the answer has no geometry and the map
 * draws straight dashed lines (spec 2 section 4).
 */
export async function routeThrough(
  ctx: AppContext,
  points: Array<{ lat: number; lon: number }>,
  /** Runs before the router is asked (a cache miss); may refuse, e.g. with a rate limit. */
  beforeLookup?: () => Promise<void>,
): Promise<RouteAnswer> {
  const routerUrl = ctx.config.routerUrl;
  if (!routerUrl || points.length < 2) return NO_ROUTE;
  const coordinates = coordinatesOf(points);
  const key = routeKey(routerUrl, coordinates);

  const cached = await routingRepository.findCached(ctx.db, key);
  if (cached) return { geometry: JSON.parse(cached.geometry) as Array<[number, number]>, distanceKm: Number(cached.distance_km), source: 'router' };
  await beforeLookup?.();

  try {
    const url = `${routerUrl.replace(/\/+$/, '')}/route/v1/driving/${coordinates}?overview=full&geometries=geojson`;
    const response = await fetch(url, { signal: AbortSignal.timeout(ROUTER_TIMEOUT_MS), headers: { 'User-Agent': `RoadCaptain (+${ctx.config.publicUrl})` } });
    if (!response.ok) throw new Error(`router answered ${response.status}`);
    const body = (await response.json()) as OsrmAnswer;
    const route = body.code === 'Ok' ? body.routes?.[0] : undefined;
    if (!route) throw new Error(`router found no route (${body.code ?? 'no code'})`);
    const geometry = route.geometry.coordinates.map(([lon, lat]) => [lat, lon] as [number, number]);
    const distanceKm = Math.round(route.distance / 10) / 100;
    const durationS = typeof route.duration === 'number' && Number.isFinite(route.duration) && route.duration >= 0 ? route.duration : null;
    await routingRepository.cache(ctx.db, { key, geometry: JSON.stringify(geometry), distance_km: distanceKm, duration_s: durationS, created_at: nowIso() });
    return { geometry, distanceKm, source: 'router' };
  } catch (error) {
    ctx.log.warn({ err: error }, 'routing failed; the map falls back to straight lines');
    return NO_ROUTE;
  }
}

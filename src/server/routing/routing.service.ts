import crypto from 'node:crypto';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { RouteAnswer } from '../../shared/routing/route';
import { routingRepository } from './routing.repository';

const ROUTER_TIMEOUT_MS = 5000;
const NO_ROUTE: RouteAnswer = { geometry: null, distanceKm: null, source: 'none' };

interface OsrmAnswer {
  code?: string;
  routes?: Array<{ distance: number; geometry: { coordinates: Array<[number, number]> } }>;
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
  const coordinates = points.map((p) => `${p.lon.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
  const key = crypto.createHash('sha256').update(`${routerUrl}|${coordinates}`).digest('hex');

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
    await routingRepository.cache(ctx.db, { key, geometry: JSON.stringify(geometry), distance_km: distanceKm, created_at: nowIso() });
    return { geometry, distanceKm, source: 'router' };
  } catch (error) {
    ctx.log.warn({ err: error }, 'routing failed; the map falls back to straight lines');
    return NO_ROUTE;
  }
}

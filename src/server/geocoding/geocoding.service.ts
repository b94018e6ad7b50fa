import crypto from 'node:crypto';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { badRequest } from '../platform/errors';
import { parseLatLon, type LatLon } from '../../shared/geo/coordinates';
import { LOCATION_QUERY_MAX_LENGTH, LOCATION_RESULT_LIMIT, locationSearchResponseSchema, type LocationSearchResult } from '../../shared/geo/location-search';
import { otherNamesOfTown, reverseGazetteer, searchGazetteer } from './gazetteer';
import { acceptedLanguages, isLocale, pickLocale, PSEUDO_LOCALE, SOURCE_LOCALE, type ShippedLocale } from '../../shared/i18n/locales';
import { queryRemoteGeocoder, GeocoderError, type RemoteQuery } from './remote-geocoder';
import { geocodeCacheRepository } from './geocode-cache.repository';

type GeocodingContext = Pick<AppContext, 'db' | 'config' | 'log'>;

/** Nominatim's usage policy: at most 1 request per second, from all our processes together. */
export const REMOTE_REQUEST_SPACING_MS = 1000;
/** A search that would wait longer than this for its turn uses the gazetteer alone. */
const REMOTE_MAX_QUEUE_MS = 3000;
const REMOTE_TIMEOUT_MS = 4000;
/** How long an answer of the outside geocoder is reused. */
export const GEOCODE_CACHE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /api/search-location: place names, or the places nearest to "lat,lon". Results of the service
 * in GEOCODER_URL (when set) come first, then the built-in gazetteer fills up to 5; when that service
 * fails, the gazetteer answers alone. `near` ("lat,lon", optional) biases both toward that point: the
 * group's location in group and ride forms, the rider's elsewhere.
 */
export async function searchLocations(ctx: GeocodingContext, q: string, near?: string | null, language: ShippedLocale = SOURCE_LOCALE): Promise<LocationSearchResult[]> {
  const text = q.trim().replace(/\s+/g, ' ');
  if (!text) throw badRequest('search_text_required');
  if (text.length > LOCATION_QUERY_MAX_LENGTH) throw badRequest('search_text_too_long', { max: LOCATION_QUERY_MAX_LENGTH });
  const parsed = parseLatLon(text);
  if (parsed && !parsed.ok) throw badRequest('coordinates_out_of_range');
  const point = parsed?.ok ? { lat: parsed.lat, lon: parsed.lon } : null;
  return point ? nearestPlaces(ctx, point, language) : placesNamed(ctx, text, parseNear(near), language);
}

/**
 * The language the gazetteer's results are written in: the signed-in rider's (users.language), else
 * the first shipped one of the request's Accept-Language, else English. The pseudo-language reads
 * places in English, as riders' data is never pseudo-translated.
 */
export async function searchLanguage(ctx: Pick<AppContext, 'db'>, userId: string, acceptLanguage: string | undefined): Promise<ShippedLocale> {
  const row = await ctx.db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  const chosen = row?.language && isLocale(row.language) ? row.language : pickLocale(acceptedLanguages(acceptLanguage));
  return chosen === PSEUDO_LOCALE ? SOURCE_LOCALE : chosen;
}

/** The `near` parameter: absent, or "lat,lon" in range; anything else is refused. */
function parseNear(near: string | null | undefined): LatLon | null {
  if (near === undefined || near === null || near.trim() === '') return null;
  const parsed = parseLatLon(near);
  if (!parsed) throw badRequest('near_invalid');
  if (!parsed.ok) throw badRequest('coordinates_out_of_range');
  return { lat: parsed.lat, lon: parsed.lon };
}

async function nearestPlaces(ctx: GeocodingContext, point: LatLon, language: ShippedLocale): Promise<LocationSearchResult[]> {
  const limit = LOCATION_RESULT_LIMIT;
  const remote = ctx.config.geocoderUrl ? await remoteResults(ctx, ctx.config.geocoderUrl, { kind: 'reverse', point: rounded(point) }) : [];
  if (remote.length >= limit) return mergeResults(remote, [], limit);
  return mergeResults(remote, reverseGazetteer(point, limit, language), limit);
}

async function placesNamed(ctx: GeocodingContext, text: string, near: LatLon | null, language: ShippedLocale = SOURCE_LOCALE): Promise<LocationSearchResult[]> {
  const limit = LOCATION_RESULT_LIMIT;
  const remote = ctx.config.geocoderUrl ? await remoteResults(ctx, ctx.config.geocoderUrl, { kind: 'search', text, limit, near: near && roundedNear(near) }) : [];
  if (remote.length >= limit) return mergeResults(remote, [], limit);
  return mergeResults(remote, searchGazetteer(text, limit, near, language), limit);
}

/**
 * Where a stop or a group location typed without choosing a suggestion lies: the first result the
 * place field would have suggested for the same text and bias (docs/behaviour/place-search.md "Place search"), the
 * point itself for "lat,lon" text, or null when nothing matches (the place is saved without
 * coordinates and shown as "not on the map", never at 0,0 or somewhere else).
 */
export async function placeTypedName(ctx: GeocodingContext, name: string, near: LatLon | null): Promise<LatLon | null> {
  const text = name.trim().replace(/\s+/g, ' ').slice(0, LOCATION_QUERY_MAX_LENGTH);
  if (!text) return null;
  const parsed = parseLatLon(text);
  if (parsed) return parsed.ok ? { lat: parsed.lat, lon: parsed.lon } : null;
  const [best] = await placesNamed(ctx, text, near);
  return best ? { lat: Number(best.lat), lon: Number(best.lon) } : null;
}

/** Outside results first; a gazetteer town that names the same place is left out. */
function mergeResults(first: LocationSearchResult[], then: LocationSearchResult[], limit: number): LocationSearchResult[] {
  const names = new Set<string>();
  const out: LocationSearchResult[] = [];
  for (const result of [...first, ...then]) {
    const name = result.display_name.toLowerCase();
    if (names.has(name)) continue;
    names.add(name);
    out.push(result);
    if (out.length === limit) break;
  }
  return out;
}

/** About 11 km: a bias needs no more, searches from one area share a cached answer, and the service learns little. */
function roundedNear(point: LatLon): LatLon {
  return { lat: Math.round(point.lat * 10) / 10, lon: Math.round(point.lon * 10) / 10 };
}

/** About 11 m: closer points share one cached answer, and the service learns no more than it needs. */
function rounded(point: LatLon): LatLon {
  return { lat: Math.round(point.lat * 1e4) / 1e4, lon: Math.round(point.lon * 1e4) / 1e4 };
}

function cacheKey(baseUrl: string, query: RemoteQuery): string {
  const what =
    query.kind === 'search'
      ? `search\n${query.limit}\n${query.text.toLowerCase()}${query.near ? `\nnear ${query.near.lat},${query.near.lon}` : ''}`
      : `reverse\n${query.point.lat},${query.point.lon}`;
  return crypto.createHash('sha256').update(`${baseUrl}\n${what}`).digest('hex');
}

class QueueFull extends Error {}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const warnedUrls = new Set<string>();
/** The public Nominatim service forbids autocomplete (GUIDE section 6): say so once in the log. */
function warnAboutPublicNominatim(ctx: GeocodingContext, baseUrl: string): void {
  if (warnedUrls.has(baseUrl) || !/\/\/nominatim\.openstreetmap\.org/i.test(baseUrl)) return;
  warnedUrls.add(baseUrl);
  ctx.log.warn('GEOCODER_URL points at the public Nominatim service, whose usage policy forbids search-as-you-type; use Photon or your own Nominatim');
}

async function remoteResults(ctx: GeocodingContext, baseUrl: string, query: RemoteQuery): Promise<LocationSearchResult[]> {
  const key = cacheKey(baseUrl, query);
  const cached = await geocodeCacheRepository.get(ctx.db, key, new Date(Date.now() - GEOCODE_CACHE_DAYS * DAY_MS).toISOString());
  if (cached !== null) {
    const parsed = locationSearchResponseSchema.safeParse(parseJson(cached));
    if (parsed.success) return parsed.data;
  }
  warnAboutPublicNominatim(ctx, baseUrl);
  try {
    const results = await queryRemoteGeocoder(
      {
        baseUrl,
        userAgent: `RoadCaptain/0.1 (+${ctx.config.publicUrl})`,
        timeoutMs: REMOTE_TIMEOUT_MS,
        beforeRequest: () => waitForTurn(ctx),
      },
      query,
    );
    await geocodeCacheRepository.put(ctx.db, key, JSON.stringify(results), nowIso());
    return results;
  } catch (error) {
    if (error instanceof QueueFull) ctx.log.info('geocoder queue is full; answering from the built-in gazetteer');
    else ctx.log.warn({ err: error, reason: error instanceof GeocoderError ? error.message : undefined }, 'geocoder failed; answering from the built-in gazetteer');
    return [];
  }
}

/** Waits for this process's next request slot (shared through the database with every other process). */
async function waitForTurn(ctx: GeocodingContext): Promise<void> {
  const now = Date.now();
  const start = await geocodeCacheRepository.reserveSlot(ctx.db, now, REMOTE_REQUEST_SPACING_MS, REMOTE_MAX_QUEUE_MS);
  if (start === null) throw new QueueFull();
  const wait = start - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Housekeeping: forget cached answers older than GEOCODE_CACHE_DAYS. */
/**
 * The town's names in other languages when `text` names a town ("Florence": "Firenze"), from the
 * offline gazetteer; none without one (not built yet), so a caller's search goes on without them.
 */
export function otherNamesOfPlace(text: string): string[] {
  try {
    return otherNamesOfTown(text.trim());
  } catch {
    return [];
  }
}

export async function purgeGeocodeCache(ctx: Pick<AppContext, 'db'>): Promise<number> {
  return geocodeCacheRepository.deleteOlderThan(ctx.db, new Date(Date.now() - GEOCODE_CACHE_DAYS * DAY_MS).toISOString());
}

import { registerRoute } from 'workbox-routing';
import { rideStops } from '../../shared/rides/ride-time';
import type { Ride } from '../../shared/rides/ride';
import { routePath } from '../api/route-points';
import { TILE_CACHE } from '../lib/service-worker';
import { corridorTiles, tileMatcher, tileSettings, tilesToDrop, tileUrl, type KeptTile, type LatLon, type TileOfflineSettings } from './tiles';

/*
 * Map tiles kept for offline use (issue 32 point 4), in the service worker (sw.ts calls
 * registerTileCaching). The tiles the rider views are fetched from the network first and kept; with
 * no network the kept copy answers. With TILE_PREFETCH, the tiles along each ride saved for offline
 * (SAVE_RIDES, app/offline-rides.ts) are fetched too, one at a time, within their caps. Everything kept
 * fits in TILE_CACHE_MB: past it, the tiles kept longest ago go first. Workbox's expiration plugin
 * counts entries, not bytes, so each tile's size is measured here and written beside it.
 * docs/behaviour/offline-tiles.md.
 */

export { TILE_CACHE };
/** A kept tile's size and when it was kept, on its cache key (read back without opening each answer) and on its answer. */
const BYTES = 'X-Tile-Bytes';
const SAVED = 'X-Tile-Saved';

interface WaitUntil {
  waitUntil(promise: Promise<unknown>): void;
}
interface TileWorkerScope {
  readonly location: Location;
  addEventListener(type: 'message', listener: (event: WaitUntil & { readonly data: unknown }) => void): void;
}

// ---------------------------------------------------------------- the server's settings

let settings: Promise<TileOfflineSettings | null> | null = null;

/** The app's configuration answer: from the network, else as saved for offline (sw.ts keeps it). */
async function appConfig(): Promise<unknown> {
  const fresh = await fetch('/api/app-config', { credentials: 'same-origin' }).catch(() => null);
  const answer = fresh?.ok ? fresh : await caches.match('/api/app-config');
  return answer ? answer.json().catch(() => null) : null;
}

/** The tile settings, read once per worker (asked again while they cannot be read). */
function currentSettings(): Promise<TileOfflineSettings | null> {
  settings ??= appConfig().then((config) => {
    const read = tileSettings(config);
    if (!read) settings = null;
    return read;
  });
  return settings;
}

const matchers = new Map<string, (url: string) => boolean>();
function isTile(template: string, url: string): boolean {
  let matches = matchers.get(template);
  if (!matches) matchers.set(template, (matches = tileMatcher(template)));
  return matches(url);
}

// ---------------------------------------------------------------- what is kept

let index: Promise<Map<string, KeptTile>> | null = null;
/** Counts the wipes: a fetch begun before one keeps nothing after it, a prefetch begun before one stops. */
let wipes = 0;

/**
 * The kept tiles' sizes and times, read from the cache once per worker, then kept up to date here;
 * read again when the cache is gone (deleted by the page at Logout before its FORGET_TILES arrives,
 * or by the browser), so the sizes added up are always the cache's.
 */
async function keptTiles(): Promise<Map<string, KeptTile>> {
  if (index && !(await caches.has(TILE_CACHE))) index = null;
  index ??= (async () => {
    const cache = await caches.open(TILE_CACHE);
    const kept = new Map<string, KeptTile>();
    for (const request of await cache.keys()) {
      let headers: Headers | undefined = request.headers;
      if (!headers.get(BYTES)) headers = (await cache.match(request))?.headers;
      kept.set(request.url, { url: request.url, bytes: Number(headers?.get(BYTES) ?? 0), savedAt: Number(headers?.get(SAVED) ?? 0) });
    }
    return kept;
  })().catch((error: unknown) => {
    index = null;
    throw error;
  });
  return index;
}

let queue: Promise<unknown> = Promise.resolve();
/** The cache's changes one after another, so the sizes added up are always the cache's. */
function serially<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Keeps a tile's answer, then drops the tiles kept longest ago until all fit the cap. The bytes kept
 * (0: none; none either when the tiles were wiped since `since`, the wipes counted when it was asked).
 */
async function keep(url: string, response: Response, limits: TileOfflineSettings, since: number): Promise<number> {
  const body = await response.blob();
  if (body.size === 0 || body.size > limits.capBytes) return 0;
  return serially(async () => {
    if (wipes !== since) return 0;
    // The index first: opening the cache creates it again, and keptTiles would then trust an index of
    // a cache the page has deleted (Logout) and drop tiles that are gone instead of those kept.
    const kept = await keptTiles();
    const cache = await caches.open(TILE_CACHE);
    const savedAt = Date.now();
    const about = { [BYTES]: String(body.size), [SAVED]: String(savedAt) };
    try {
      await cache.put(new Request(url, { headers: about }), new Response(body, { headers: { 'Content-Type': response.headers.get('Content-Type') ?? 'image/png', ...about } }));
    } catch {
      // The browser's storage is full: nothing kept.
      return 0;
    }
    kept.set(url, { url, bytes: body.size, savedAt });
    for (const old of tilesToDrop([...kept.values()], limits.capBytes)) {
      await cache.delete(old);
      kept.delete(old);
    }
    return body.size;
  });
}

/** A tile from the tile server, asked with CORS (an opaque answer's size cannot be read); null without an answer. */
function fetchTile(url: string): Promise<Response | null> {
  return fetch(url, { mode: 'cors', credentials: 'omit' }).catch(() => null);
}

/**
 * Deletes every kept tile (Logout, a session ended: with TILE_PREFETCH they trace the rider's routes)
 * and counts from nothing again; a prefetch running stops, and nothing fetched before is kept after.
 */
export function forgetKeptTiles(): Promise<void> {
  wipes++;
  return serially(async () => {
    await caches.delete(TILE_CACHE);
    index = null;
  });
}

/** The bytes of the tiles kept, as the worker counts them for the cap. */
export async function keptBytes(): Promise<number> {
  return serially(async () => [...(await keptTiles()).values()].reduce((sum, tile) => sum + tile.bytes, 0));
}

// ---------------------------------------------------------------- viewed tiles

/**
 * A tile the map asks for: the network's (kept for later), else the kept copy. A tile server that
 * answers no CORS request still shows its tiles (asked as the page asked), kept none.
 */
async function viewedTile(request: Request, event: WaitUntil): Promise<Response> {
  const limits = await currentSettings().catch(() => null);
  if (!limits || !isTile(limits.template, request.url)) return fetch(request);
  const since = wipes;
  const response = await fetchTile(request.url);
  if (response?.ok) {
    event.waitUntil(keep(request.url, response.clone(), limits, since).catch(() => 0));
    return response;
  }
  const kept = await caches.match(request.url, { cacheName: TILE_CACHE });
  return kept ?? response ?? fetch(request);
}

// ---------------------------------------------------------------- tiles along saved rides

const RIDE_ANSWERS = [/^\/api\/groups\/[^/]+\/rides\/[^/]+$/, /^\/api\/rides\/[0-9a-f-]{36}$/];

/** An answer of ours from the network, else as saved for offline; null when neither. */
async function ourAnswer(url: string): Promise<unknown> {
  const fresh = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
  const answer = fresh?.ok ? fresh : await caches.match(url);
  return answer ? answer.json().catch(() => null) : null;
}

/** A saved ride's way: the router's road through its stops when there is one, else its stops (straight lines). */
async function rideWay(url: string): Promise<LatLon[]> {
  const ride = (await ourAnswer(url)) as Ride | null;
  if (!ride || typeof ride !== 'object' || !Array.isArray(ride.waypoints)) return [];
  const stops = rideStops(ride).flatMap(({ latitude, longitude }) =>
    typeof latitude === 'number' && typeof longitude === 'number' && Number.isFinite(latitude) && Number.isFinite(longitude) && !(latitude === 0 && longitude === 0) ? [{ latitude, longitude }] : [],
  );
  const straight = stops.map((stop): LatLon => [stop.latitude, stop.longitude]);
  if (stops.length < 2) return straight;
  const road = (await ourAnswer(routePath(stops))) as { geometry?: unknown } | null;
  return Array.isArray(road?.geometry) && road.geometry.length >= 2 ? (road.geometry as LatLon[]) : straight;
}

/**
 * Saves the tiles along the saved rides' ways (TILE_PREFETCH): every ride's corridor at zoom 8 first,
 * then 9, up to 14, at most prefetchMaxTiles tiles and prefetchMaxBytes new bytes; tiles already kept
 * are not asked again. One tile at a time, so the tile server sees one rider, not a crawler; the first
 * tile that cannot be fetched ends the run (offline: the next save tries again).
 */
async function prefetchAlong(urls: unknown): Promise<void> {
  const since = wipes;
  const limits = await currentSettings();
  if (!limits?.prefetch || !Array.isArray(urls)) return;
  const ways: LatLon[][] = [];
  for (const url of urls) if (typeof url === 'string' && RIDE_ANSWERS.some((path) => path.test(url))) ways.push(await rideWay(url));
  const ordered = ways
    .flatMap((way) => corridorTiles(way))
    .sort((a, b) => a.z - b.z)
    .map((tile) => tileUrl(limits.template, tile));
  const tiles = [...new Set(ordered)].slice(0, limits.prefetchMaxTiles);
  const kept = await keptTiles();
  let bytes = 0;
  for (const url of tiles) {
    if (bytes >= limits.prefetchMaxBytes || wipes !== since) return;
    if (kept.has(url)) continue;
    const response = await fetchTile(url);
    if (!response) return;
    if (response.ok) bytes += await keep(url, response, limits, since);
  }
}

let prefetching: Promise<void> = Promise.resolve();

/**
 * Registers the tiles' route, the prefetch on SAVE_RIDES, the rides the app saves (one run at a time),
 * and the wipe on FORGET_TILES, which the page sends at Logout (lib/service-worker.ts).
 */
export function registerTileCaching(worker: TileWorkerScope): void {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && request.destination === 'image' && url.origin !== worker.location.origin,
    ({ request, event }) => viewedTile(request, event as unknown as WaitUntil),
  );
  worker.addEventListener('message', (event) => {
    const message = event.data as { type?: unknown; rides?: unknown } | null;
    if (message?.type === 'FORGET_TILES') return event.waitUntil(forgetKeptTiles());
    if (message?.type !== 'SAVE_RIDES' || !Array.isArray(message.rides)) return;
    const urls = message.rides.flatMap((ride: { urls?: unknown } | null) => (Array.isArray(ride?.urls) ? ride.urls : []));
    prefetching = prefetching.then(() => prefetchAlong(urls)).catch(() => undefined);
    event.waitUntil(prefetching);
  });
}

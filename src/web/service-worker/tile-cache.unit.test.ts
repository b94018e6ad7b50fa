import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeCacheStorage } from '../test/fake-cache-storage';
import type * as TileCache from './tile-cache';

/*
 * The service worker's side of the kept map tiles (tile-cache.ts) with an in-memory Cache Storage and
 * a fake network: after a wipe (Logout, a 401) the worker's count of what it keeps starts again from
 * nothing, so the tiles are kept again up to the cap and a prefetch saves the ride's corridor again;
 * a prefetch running at the wipe keeps nothing after it.
 */

const ORIGIN = 'https://roadcaptain.example';
const TEMPLATE = 'https://tiles.example/{z}/{x}/{y}.png';
const RIDE = '/api/rides/0b6c2c2e-8c4f-4b7e-9a51-3c1f2d4e5a6b';
const KB = 1024;

type Route = (options: { request: Request; event: { waitUntil(promise: Promise<unknown>): void } }) => Promise<Response>;
const routes: Route[] = [];
vi.mock('workbox-routing', () => ({ registerRoute: (_match: unknown, handler: Route) => routes.push(handler) }));

let storage: FakeCacheStorage;
let tileBytes: number;
let tilesServed: string[];
/** While set, each tile's answer waits for it (a slow tile server). */
let gate: Promise<void> | null;
let pending: Promise<unknown>[];
let onMessage: (event: { data: unknown; waitUntil(promise: Promise<unknown>): void }) => void;
let tileCache: typeof TileCache;

const waitUntil = (promise: Promise<unknown>) => void pending.push(promise);
/** Everything the worker was asked to finish, finished. */
async function settled(): Promise<void> {
  while (pending.length > 0) await Promise.all(pending.splice(0));
}

function send(data: unknown): Promise<void> {
  onMessage({ data, waitUntil });
  return settled();
}
const saveRide = () => send({ type: 'SAVE_RIDES', rides: [{ key: 'r1', urls: [RIDE] }], replace: true });

/** The map asks for a tile, as Leaflet's image would. */
async function view(z: number, x: number, y: number): Promise<void> {
  await routes[0]!({ request: new Request(`https://tiles.example/${z}/${x}/${y}.png`), event: { waitUntil } });
  await settled();
}

const keptTiles = () => storage.urls('map-tiles');

beforeEach(async () => {
  storage = new FakeCacheStorage(ORIGIN);
  tileBytes = 10 * KB;
  tilesServed = [];
  gate = null;
  pending = [];
  routes.length = 0;
  vi.stubGlobal('caches', storage);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === '/api/app-config') return Response.json({ tileUrl: TEMPLATE, tileOffline: { cacheMb: 1, prefetch: true, prefetchMaxTiles: 20 } });
    // Bologna, a stop on the Via Emilia, Imola: straight lines (no router).
    if (url === RIDE) return Response.json({ startLatitude: 44.4949, startLongitude: 11.3426, waypoints: [], midpointLocation: null, endLatitude: 44.3532, endLongitude: 11.7146 });
    if (url.startsWith('https://tiles.example/')) {
      tilesServed.push(url);
      if (gate) await gate;
      return new Response(new Uint8Array(tileBytes), { headers: { 'Content-Type': 'image/png' } });
    }
    return new Response(null, { status: 404 });
  });
  vi.resetModules();
  tileCache = await import('./tile-cache');
  tileCache.registerTileCaching({
    location: new URL(ORIGIN) as unknown as Location,
    addEventListener: (_type, listener) => (onMessage = listener),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('kept tiles after a wipe', () => {
  it('a prefetch saves the ride\'s tiles again once the page has deleted them and told the worker (Logout)', async () => {
    await saveRide();
    expect(keptTiles()).toHaveLength(20);
    expect(tilesServed).toHaveLength(20);

    // The page at Logout (lib/service-worker.ts, forgetSavedAnswers): the cache deleted, the worker told.
    await storage.delete('map-tiles');
    await send({ type: 'FORGET_TILES' });
    await saveRide();
    expect(keptTiles()).toHaveLength(20);
    expect(tilesServed).toHaveLength(40);
  });

  it('notices a cache deleted without a word (its count starts again from nothing)', async () => {
    await saveRide();
    await storage.delete('map-tiles');
    await saveRide();
    expect(keptTiles()).toHaveLength(20);
    expect(tilesServed).toHaveLength(40);
  });

  it('counts from nothing after the worker wipes them itself (a 401), and keeps tiles again up to the cap', async () => {
    tileBytes = 300 * KB;
    for (const x of [1, 2, 3, 4]) await view(12, x, 1);
    // Three of 300 KB fit in 1 MB.
    expect(keptTiles()).toHaveLength(3);
    expect(await tileCache.keptBytes()).toBe(900 * KB);

    await tileCache.forgetKeptTiles();
    expect(await storage.has('map-tiles')).toBe(false);
    expect(await tileCache.keptBytes()).toBe(0);

    for (const x of [5, 6]) await view(12, x, 1);
    expect(await tileCache.keptBytes()).toBe(600 * KB);
    for (const x of [7, 8]) await view(12, x, 1);
    expect(keptTiles().map((url) => new URL(url).pathname)).toEqual(['/12/6/1.png', '/12/7/1.png', '/12/8/1.png']);
    expect(await tileCache.keptBytes()).toBe(900 * KB);
  });

  it('a prefetch running at the wipe stops, and nothing it fetched is kept after it', async () => {
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    onMessage({ data: { type: 'SAVE_RIDES', rides: [{ key: 'r1', urls: [RIDE] }], replace: true }, waitUntil });
    await vi.waitFor(() => expect(tilesServed).toHaveLength(1));

    const wiped = tileCache.forgetKeptTiles();
    open();
    await wiped;
    await settled();
    expect(keptTiles()).toEqual([]);
    expect(tilesServed).toHaveLength(1);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness';
import { guestRider, joinGroup, signedInRider, signIn, unique, type Rider } from './support/riders';
import { pageApi } from './support/page-api';
import { createGroup, createRide } from './support/ride-steps';
import { screenshotsDir } from './support/screenshots';

/*
 * Map tiles offline (issue 32 point 4, docs/behaviour/offline-tiles.md), in Chromium against a fake
 * tile server on loopback (TILE_URL): the tiles a rider viewed are shown with the app's server and the
 * tile server both stopped; what is kept stays under TILE_CACHE_MB; with TILE_PREFETCH the tiles along
 * a saved ride's route are saved without the ride being opened, and without it none are; every kept
 * tile goes at Logout and at a 401, and the worker keeps tiles again afterwards, up to its caps.
 */
vi.setConfig({ testTimeout: 120_000 });

const PHONE = { width: 375, height: 812 };
const SHOTS = screenshotsDir('offline-tiles');
const MB = 1024 * 1024;

/** A tile server on loopback: small plain tiles, or with `big` noise tiles of about 260 KB; it records what it served. */
interface FakeTiles {
  template: string;
  served: string[];
  big: boolean;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

async function startFakeTiles(): Promise<FakeTiles> {
  // A pale map-like tile (paper with a road grid), so a screenshot shows a map.
  const paper = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#f2efe9"/><path d="M0 64H256M0 192H256M64 0V256M192 0V256" stroke="#ffffff" stroke-width="6"/><path d="M0 128H256M128 0V256" stroke="#f7d7a8" stroke-width="8"/></svg>`;
  const small = await sharp(Buffer.from(paper)).png().toBuffer();
  const noise = Buffer.alloc(256 * 256 * 4);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const big = await sharp(noise, { raw: { width: 256, height: 256, channels: 4 } }).png({ compressionLevel: 0 }).toBuffer();
  const tiles: FakeTiles = {
    template: '',
    served: [],
    big: false,
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
    start: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve())),
    close: () => tiles.stop(),
  };
  const server = http.createServer((request, response) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) return response.writeHead(404).end();
    tiles.served.push(request.url!);
    // No HTTP caching: a tile shown with this server stopped comes from the service worker's cache.
    response.writeHead(200, { 'Content-Type': 'image/png', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' }).end(tiles.big ? big : small);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  tiles.template = `http://127.0.0.1:${port}/{z}/{x}/{y}.png`;
  return tiles;
}

/** Stops the app's server for real (its port closed, every connection cut) until `start` is called. */
async function stopServer(h: Harness): Promise<{ start(): Promise<void> }> {
  const server = h.app.server;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
  return { start: () => new Promise<void>((resolve) => server.listen(Number(new URL(h.baseUrl).port), '127.0.0.1', () => resolve())) };
}

async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The kept tiles' addresses and their sizes (a tile the worker drops meanwhile is left out). */
const keptTiles = (page: Page) =>
  page.evaluate(async () => {
    if (!(await caches.has('map-tiles'))) return [];
    const cache = await caches.open('map-tiles');
    const tiles = await Promise.all((await cache.keys()).map(async (request) => ({ url: request.url, bytes: (await (await cache.match(request))?.blob())?.size })));
    return tiles.flatMap(({ url, bytes }) => (bytes === undefined ? [] : [{ url, bytes }]));
  });

/** Scrolls the ride page's route map into view (it loads when seen). */
async function showRouteMap(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByRole('button', { name: 'View Route' }).scrollIntoViewIfNeeded();
}

/** The map tiles the page shows, loaded. */
const shownTiles = (page: Page) => page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].filter((img) => img.complete && img.naturalWidth > 0).map((img) => img.src));

/** An owner's ride from Bologna to Imola a week ahead, joined by a second rider (a guest unless given; on a phone, controlled by the service worker). */
async function joinedRide(h: Harness, name: string, joiner?: Rider): Promise<{ rider: Rider; path: string; apiPath: string }> {
  const owner = await guestRider(h, PHONE);
  const group = await createGroup(owner.page, `${name} Riders ${Date.now()}`);
  const ride = await createRide(owner.page, group.id, { name });
  const rider = joiner ?? (await guestRider(h, PHONE));
  await joinGroup(rider, owner, group.id);
  expect((await pageApi(rider.page, 'POST', `/api/rides/${ride.id}/join`)).status).toBe(200);
  await controlled(rider.page);
  // The owner's pages would ask for tiles of their own meanwhile.
  await owner.context.close();
  return { rider, path: `/groups/${group.slug}/rides/${ride.slug}`, apiPath: `/api/groups/${group.slug}/rides/${ride.slug}` };
}

/** Once every tile the page shows is kept. */
async function shownTilesKept(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const kept = new Set((await keptTiles(page)).map((tile) => tile.url));
      const shown = await shownTiles(page);
      return shown.length > 0 && shown.every((url) => kept.has(url));
    })
    .toBe(true);
}

/** The tile addresses the page itself asks for (its maps' views; a prefetch's tiles are asked by the worker alone), from now on. */
function tilesAsked(page: Page, tiles: FakeTiles): Set<string> {
  const asked = new Set<string>();
  page.on('request', (request) => {
    if (request.url().startsWith(tiles.template.split('{z}')[0]!)) asked.add(request.url());
  });
  return asked;
}

/** Once the prefetch has kept its TILE_PREFETCH_MAX_TILES tiles (fewer by the corridor's tiles the page's maps kept first). */
async function prefetched(page: Page, asked: Set<string>, maxTiles: number): Promise<void> {
  await expect.poll(async () => (await keptTiles(page)).filter((tile) => !asked.has(tile.url)).length >= maxTiles - asked.size, { timeout: 60_000 }).toBe(true);
}

/**
 * Logout from the sidebar's account menu (on a desktop width), with the dashboard's card map maybe still
 * loading: a tile it asks for after Logout's wipe goes with the signed-out page's.
 */
async function logout(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: /Account menu/ }).first().click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/signed-out');
}

const savedAnswers = (page: Page) =>
  page.evaluate(async () => ((await caches.has('saved-answers')) ? (await (await caches.open('saved-answers')).keys()).map((request) => new URL(request.url).pathname) : []));

describe('tiles the rider viewed (TILE_PREFETCH off, TILE_CACHE_MB=1)', () => {
  let h: Harness;
  let tiles: FakeTiles;
  beforeAll(async () => {
    tiles = await startFakeTiles();
    h = await startHarness({ env: { TILE_URL: tiles.template, TILE_CACHE_MB: '1' }, serviceWorkers: 'allow' });
  });
  afterAll(async () => {
    await h?.close();
    await tiles?.close();
  });

  it('shows the map tiles of a ride page viewed before with the app server and the tile server stopped', async () => {
    tiles.big = false;
    const { rider, path, apiPath } = await joinedRide(h, 'Tiles Kept Ride');
    const { page } = rider;
    await page.goto('/');
    await expect.poll(() => savedAnswers(page)).toContain(apiPath);
    await page.goto(path);
    await showRouteMap(page, 'Tiles Kept Ride');
    await expect.poll(async () => (await shownTiles(page)).length).toBeGreaterThan(0);
    // Every tile shown is kept.
    await shownTilesKept(page);
    const shown = await shownTiles(page);

    const server = await stopServer(h);
    await tiles.stop();
    try {
      await page.reload();
      // Offline, the page, Leaflet and every tile come from the worker's caches; with both cores busy
      // (CI runs two lanes) that has taken over 10 s. The map loads once it is near the viewport, so
      // each look scrolls to it again, as a rider would, should the page have moved under the first.
      await expect
        .poll(
          async () => {
            await showRouteMap(page, 'Tiles Kept Ride');
            return (await shownTiles(page)).sort();
          },
          { timeout: 30_000 },
        )
        .toEqual([...shown].sort());
      await page.screenshot({ path: `${SHOTS}/offline-ride-map-375.png` });
      // A tile never viewed is not there.
      const unseen = tiles.template.replace('{z}', '3').replace('{x}', '0').replace('{y}', '0');
      expect(await page.evaluate((url) => fetch(url).then(() => 'answered', () => 'failed'), unseen)).toBe('failed');
    } finally {
      await tiles.start();
      await server.start();
    }
  });

  it('keeps no more than TILE_CACHE_MB, dropping the tiles kept longest ago first, and as many again after Logout', async () => {
    const email = `tiles-capped-${unique()}@example.com`;
    const { rider, path } = await joinedRide(h, 'Tiles Capped Ride', await signedInRider(h, email, PHONE));
    const { page } = rider;
    // The dashboard's card map keeps small tiles first.
    await page.goto('/');
    await shownTilesKept(page);
    expect((await keptTiles(page)).length).toBeGreaterThan(0);
    tiles.big = true;
    try {
      const before = tiles.served.length;
      await page.goto(path);
      await showRouteMap(page, 'Tiles Capped Ride');
      // More big tiles viewed than fit in a megabyte (four of 263 KB).
      await expect.poll(async () => (await shownTiles(page)).length).toBeGreaterThanOrEqual(4);
      expect(tiles.served.length - before).toBeGreaterThanOrEqual(4);
      const size = (await keptTiles(page)).find((tile) => tile.bytes > 200 * 1024)?.bytes ?? 263 * 1024;
      // Once every tile is through: as many as fit, no more.
      await expect.poll(async () => (await keptTiles(page)).filter((tile) => tile.bytes === size).length).toBe(Math.floor(MB / size));
      const kept = await keptTiles(page);
      expect(kept.reduce((sum, tile) => sum + tile.bytes, 0)).toBeLessThanOrEqual(MB);
      // The small tiles the dashboard's card map kept before were the oldest: they went first.
      expect(kept.filter((tile) => tile.bytes !== size)).toEqual([]);

      // Logout wipes them; signed in again, the worker counts from nothing: as many fit again.
      tiles.big = false;
      await logout(page);
      await expect.poll(() => keptTiles(page)).toEqual([]);
      await signIn(h, page, email);
      tiles.big = true;
      await page.setViewportSize(PHONE);
      await page.goto(path);
      await showRouteMap(page, 'Tiles Capped Ride');
      await expect.poll(async () => (await keptTiles(page)).filter((tile) => tile.bytes === size).length).toBe(Math.floor(MB / size));
      expect((await keptTiles(page)).reduce((sum, tile) => sum + tile.bytes, 0)).toBeLessThanOrEqual(MB);
    } finally {
      tiles.big = false;
    }
  });

  it('saves no tile along a saved ride: only the tiles the page asked for are fetched and kept', async () => {
    const { rider, apiPath } = await joinedRide(h, 'No Prefetch Ride');
    const { page } = rider;
    // What the page's maps ask for (a prefetch's tiles are asked by the worker alone).
    const asked = new Set<string>();
    page.on('request', (request) => {
      if (request.url().startsWith(tiles.template.split('{z}')[0]!)) asked.add(new URL(request.url()).pathname);
    });
    const before = tiles.served.length;
    await page.goto('/');
    await expect.poll(() => savedAnswers(page)).toContain(apiPath);
    expect(await page.evaluate(() => fetch('/api/app-config').then((response) => response.json()))).toMatchObject({ tileOffline: { prefetch: false } });
    // The dashboard's card map shows tiles of its own, and they are kept; nothing else is asked or kept.
    await shownTilesKept(page);
    expect((await keptTiles(page)).map((tile) => new URL(tile.url).pathname).filter((path) => !asked.has(path))).toEqual([]);
    expect(tiles.served.slice(before).filter((path) => !asked.has(path))).toEqual([]);
  });
});

describe('tiles along saved rides (TILE_PREFETCH=true)', () => {
  let h: Harness;
  let tiles: FakeTiles;
  beforeAll(async () => {
    tiles = await startFakeTiles();
    h = await startHarness({ env: { TILE_URL: tiles.template, TILE_PREFETCH: 'true', TILE_PREFETCH_MAX_TILES: '120' }, serviceWorkers: 'allow' });
  });
  afterAll(async () => {
    await h?.close();
    await tiles?.close();
  });

  it('saves the tiles along a joined ride never opened, zoom 8 up, at most TILE_PREFETCH_MAX_TILES, shown with both servers stopped', async () => {
    const { rider, path, apiPath } = await joinedRide(h, 'Prefetched Ride');
    const { page } = rider;
    const asked = new Set<string>();
    page.on('request', (request) => {
      if (request.url().startsWith(tiles.template.split('{z}')[0]!)) asked.add(request.url());
    });
    await page.goto('/');
    await expect.poll(() => savedAnswers(page), { timeout: 30_000 }).toContain(apiPath);
    // Bologna to Imola: its corridor has 200 tiles from zoom 8 to 14; the prefetch stops at 120
    // (fewer when the dashboard's card map already kept some of them).
    await expect.poll(async () => (await keptTiles(page)).filter((tile) => !asked.has(tile.url)).length >= 120 - asked.size, { timeout: 60_000 }).toBe(true);
    const shownOnDashboard = asked;
    const zooms = (await keptTiles(page)).map((tile) => Number(new URL(tile.url).pathname.split('/')[1]));
    expect(Math.min(...zooms)).toBe(8);
    expect(Math.max(...zooms)).toBeLessThanOrEqual(14);
    const served = new Set(tiles.served);
    expect(served.size).toBeLessThanOrEqual(120 + shownOnDashboard.size);

    // The ride, never opened, shows its map from what was saved with both servers stopped.
    const server = await stopServer(h);
    await tiles.stop();
    try {
      await page.goto(path);
      await showRouteMap(page, 'Prefetched Ride');
      await expect.poll(async () => (await shownTiles(page)).length).toBeGreaterThan(0);
    } finally {
      await tiles.start();
      await server.start();
    }
  }, 180_000);

  /** The dashboard saves the rider's ride: the tiles its card map shows (viewed) and those along the ride (prefetched, up to the cap) are kept. */
  async function viewedAndPrefetched(page: Page, apiPath: string, asked: Set<string>): Promise<void> {
    await page.goto('/');
    await expect.poll(() => savedAnswers(page), { timeout: 30_000 }).toContain(apiPath);
    await prefetched(page, asked, 120);
    await shownTilesKept(page);
    const kept = (await keptTiles(page)).map((tile) => tile.url);
    expect(kept.some((url) => asked.has(url))).toBe(true);
    expect(kept.filter((url) => !asked.has(url)).length).toBeGreaterThan(0);
  }

  it('wipes the viewed and the prefetched tiles at Logout, and keeps them again after the next sign-in', async () => {
    const email = `tiles-logout-${unique()}@example.com`;
    const { rider, apiPath } = await joinedRide(h, 'Tiles Logout Ride', await signedInRider(h, email, PHONE));
    const { page } = rider;
    await viewedAndPrefetched(page, apiPath, tilesAsked(page, tiles));

    await logout(page);
    await expect.poll(() => keptTiles(page)).toEqual([]);

    // Signed in again: the worker knows the tiles are gone (its count starts from nothing), and keeps them again.
    const asked = tilesAsked(page, tiles);
    await signIn(h, page, email);
    await viewedAndPrefetched(page, apiPath, asked);
  }, 240_000);

  it('wipes the viewed and the prefetched tiles when the session is put out by "Sign out other devices": at its next read (401), or its next page (a new guest)', async () => {
    const email = `tiles-devices-${unique()}@example.com`;
    const { rider, apiPath } = await joinedRide(h, 'Tiles Devices Ride', await signedInRider(h, email, PHONE));
    const { page } = rider;
    await viewedAndPrefetched(page, apiPath, tilesAsked(page, tiles));
    const signOutOthers = async () => {
      const laptop = await signedInRider(h, email, { width: 1280, height: 800 });
      expect((await pageApi(laptop.page, 'POST', '/api/auth/sessions/sign-out-others')).status).toBe(200);
      await laptop.context.close();
    };

    await signOutOthers();
    // The open page's next read is refused (401): the worker deletes every kept tile.
    expect((await pageApi(page, 'GET', '/api/rides/upcoming')).status).toBe(401);
    await expect.poll(() => keptTiles(page)).toEqual([]);

    // Signed in again: kept again.
    const asked = tilesAsked(page, tiles);
    await signIn(h, page, email);
    await viewedAndPrefetched(page, apiPath, asked);

    // Put out again; its next page asks for the current rider first, which makes it a new guest (no
    // 401): that answer names another rider than the saved copy, and the tiles go all the same.
    await signOutOthers();
    await page.goto('/upcoming');
    await expect.poll(() => keptTiles(page)).toEqual([]);
  }, 240_000);
});

import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { firstLoadJavaScript, FIRST_LOAD_JS_BUDGET_BYTES, pageJavaScript } from '../build/first-load';
import { startHarness, type Harness } from './support/harness';
import { SHIPPED_LOCALES } from '../src/shared/i18n/locales';
import { createGroup, createRide, newGuestRider } from './support/ride-steps';

const WEB_DIR = fileURLToPath(new URL('../dist/web', import.meta.url));

/**
 * What a ride page's HTML makes a browser fetch before the ride paints, compressed, the language
 * catalog aside (i18n's own budget): the first load of / shares most of it (the entry, the
 * libraries, the home chunk), the ride page adds its own chunk. Measured 2026-11-27: 219.8 KB gzip
 * with the ride's chunk at 20 KB; the chunk was 44 KB with zod in it
 * (docs/decisions/2026-11-27-ride-page-paints-first.md).
 */
const RIDE_PAGE_JS_BUDGET_BYTES = 230 * 1024;

// The first paint (docs/web.md "First paint"): index.html paints the app frame before any script
// runs, the app replaces it with its own, and the current rider is asked for once, with the page.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

describe('first paint', () => {
  // Every shipped language: each catalog's first-load part differs in size (Polish's is the largest).
  it.each(SHIPPED_LOCALES)('sends at most 200 KB of compressed JavaScript before the first screen of /, with the %s catalog', (locale) => {
    // Checked on the build the browser tests run against: a shared schema that the bundler cannot
    // drop (a property read or helper call in it) brings zod back into this load, about 25 KB. The
    // language's catalog counts too: only the first screens' messages (build/catalog-split.ts).
    const js = firstLoadJavaScript(fileURLToPath(new URL('../dist/web', import.meta.url)), locale);
    expect(js.files.filter((file) => file.startsWith('messages-'))).toHaveLength(1);
    expect(Math.max(js.brotli, js.gzip), js.files.join(', ')).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_BYTES);
  });

  it("preloads the Italian first load's catalog with an Italian browser's page, and paints in Italian from it alone", async () => {
    const { context, page } = await h.newPage({ width: 375, height: 800 }, undefined, { locale: 'it-IT' });
    const catalogs: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/messages-')) catalogs.push(pathname);
    });
    const response = await page.goto('/');
    const preloaded = [...(await response!.text()).matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/messages-[^"]+)">/g)].map((m) => m[1]);
    expect(preloaded).toHaveLength(1);
    expect(preloaded[0]).toMatch(/^\/assets\/messages-it-/);
    await page.getByRole('dialog', { name: 'Benvenuto su RoadCaptain!' }).waitFor();
    await page.getByRole('button', { name: 'Vai alla bacheca' }).waitFor();
    // The preloaded catalog is the one the first screen waits for; what comes after it is for the
    // screens the app fetches ahead (each lazy chunk's own messages), all Italian.
    expect(catalogs[0]).toBe(preloaded[0]);
    expect(catalogs.filter((file) => !file.startsWith('/assets/messages-it-'))).toEqual([]);
    await context.close();
  });

  it('paints the header with the app name on a phone and the sidebar on a desktop before any script runs', async () => {
    for (const [width, frame] of [[375, 'header'], [1280, 'aside']] as const) {
      const context = await h.browser.newContext({ baseURL: h.baseUrl, viewport: { width, height: 800 }, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/');
      const name = page.locator(`#boot-shell ${frame}`).getByText('RoadCaptain', { exact: true });
      expect(await name.isVisible()).toBe(true);
      expect(await page.getByRole('status', { name: 'Loading' }).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    }
  });

  it('replaces the frame with the app and asks for the current rider once, with the page', async () => {
    const { context, page } = await h.newPage({ width: 375, height: 800 });
    const currentUserRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/users/current') currentUserRequests.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' }).waitFor();
    expect(await page.locator('#boot-shell').count()).toBe(0);
    expect(currentUserRequests).toHaveLength(1);
    await context.close();
  });

  it('does not ask for the current rider on the signed-out page, so no guest is made there', async () => {
    const { context, page } = await h.newPage({ width: 375, height: 800 });
    const currentUserRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/users/current') currentUserRequests.push(request.url());
    });
    await page.goto('/signed-out');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('#boot-shell').count()).toBe(0);
    expect(currentUserRequests).toEqual([]);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('rc_session');
    await context.close();
  });

  it("reads a ride's page's ride once, asked for with the page, and on a phone shows its details before the map", async () => {
    const { context, page } = await newGuestRider(h, { width: 375, height: 800 });
    const group = await createGroup(page, 'Motorradfreundeskreisoberbayern');
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const ride = await page.evaluate(async (body) => {
      const response = await fetch('/api/rides', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return (await response.json()) as { slug: string };
    }, {
      groupId: group.id, name: 'Passo della Futa Loop', startLocation: 'Bologna, Italy', startLatitude: 44.4938, startLongitude: 11.3387,
      endLocation: 'Firenzuola, Italy', endLatitude: 44.1187, endLongitude: 11.3794, startDate: day, endDate: day, duration: 'full-day',
      minRiders: 1, maxRiders: 10, timezoneOffset: 'UTC+01:00', timezoneName: 'Berlin',
    });
    const rideReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith(`/api/groups/${group.slug}/rides/`)) rideReads.push(request.url());
    });
    await page.goto(`/groups/${group.slug}/rides/${ride.slug}`);
    await page.getByRole('heading', { level: 1, name: 'Passo della Futa Loop' }).waitFor();
    expect(rideReads).toEqual([`${h.baseUrl}/api/groups/${group.slug}/rides/${ride.slug}`]);
    // The ride's name painted from the HTML before the app's scripts were asked for (public/after-paint.js).
    const order = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance.getEntriesByType('resource').filter((entry) => /\/assets\/(index|vendor|ride-detail)-[\w-]+\.js$/.test(entry.name)).map((entry) => entry.startTime),
    }));
    expect(order.scripts.length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...order.scripts)).toBeGreaterThan(order.paint!);
    // The ride's text is the first screen; the map (Leaflet and its tiles) comes below it.
    const details = await page.getByRole('heading', { name: 'Ride Details' }).boundingBox();
    const route = await page.getByRole('heading', { name: 'Route', exact: true }).boundingBox();
    expect(details!.y).toBeLessThan(route!.y);
    await context.close();
  });

  it("keeps a ride page's first load (a link opened from a chat) small, and free of zod and Leaflet", async () => {
    const { context, page } = await newGuestRider(h, { width: 375, height: 800 });
    const group = await createGroup(page, 'Passo Raticosa Riders');
    const ride = await createRide(page, group.id, { name: 'Raticosa and Futa Loop' });
    await context.close();
    // The HTML a first visitor gets (no session), with the route chunks the server names for the path.
    const html = await (await fetch(`${h.baseUrl}/groups/${group.slug}/rides/${ride.slug}`)).text();
    const js = pageJavaScript(WEB_DIR, html.replace(/<link[^>]*\/assets\/messages-[\w-]+\.js"[^>]*>/g, ''));
    expect(js.files.some((file) => file.startsWith('ride-detail-')), js.files.join(', ')).toBe(true);
    expect(Math.max(js.brotli, js.gzip), js.files.join(', ')).toBeLessThanOrEqual(RIDE_PAGE_JS_BUDGET_BYTES);
    for (const file of js.files) {
      const code = fs.readFileSync(path.join(WEB_DIR, 'assets', file), 'utf8');
      // zod's schemas carry `_zod`; Leaflet names itself in its version line and its `L` global.
      expect(code.includes('_zod'), `zod in ${file}`).toBe(false);
      expect(/leaflet/i.test(file) || code.includes('Leaflet'), `Leaflet in ${file}`).toBe(false);
    }
  });

  it('paints a ride opened from a link (a first visit) before it asks for Leaflet, the photos and the comments', async () => {
    const owner = await newGuestRider(h, { width: 1280, height: 800 });
    const group = await createGroup(owner.page, 'Passo Giogo Riders');
    const ride = await createRide(owner.page, group.id, { name: 'Giogo and Muraglione Loop' });
    await owner.context.close();

    // A desktop: the map is on the first screen, so it is mounted as soon as the ride has painted.
    const { context, page } = await h.newPage({ width: 1280, height: 800 });
    // What comes after the paint is held back until the ride's text is seen: the text waits for none of it.
    const LATER = /\/assets\/leaflet-route-map-[\w-]+\.js$|\/api\/rides\/[^/]+\/comments|\/api\/media\?/;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked = new Set<string>();
    await page.route(LATER, async (route) => {
      const url = route.request().url();
      asked.add(url.includes('leaflet') ? 'Leaflet' : url.includes('/comments') ? 'comments' : 'photos');
      await held;
      await route.continue();
    });
    await page.addInitScript(() => {
      const w = window as unknown as { rideTitlePaint?: number };
      new PerformanceObserver((list) => {
        // paintTime is when the main thread painted the frame (what the page's own idle work follows);
        // renderTime is when the compositor showed it, a few milliseconds later on a busy machine.
        for (const entry of list.getEntries() as Array<PerformanceEntry & { identifier?: string; renderTime?: number; paintTime?: number }>) {
          if (entry.identifier === 'ride-title') w.rideTitlePaint = entry.paintTime || entry.renderTime || entry.startTime;
        }
      }).observe({ type: 'element', buffered: true });
    });
    await page.goto(`/groups/${group.slug}/rides/${ride.slug}`);

    // The ride's text: name, facts (start date, distance) and stops, while the rest is held.
    const article = page.locator('article[aria-labelledby="ride-title"]');
    await article.locator('#ride-title', { hasText: 'Giogo and Muraglione Loop' }).waitFor();
    await article.locator('section[aria-labelledby="ride-facts-title"]').getByText('Total distance').waitFor();
    await article.getByText('Bologna, Emilia-Romagna, Italy').first().waitFor();
    await page.waitForFunction(() => (window as unknown as { rideTitlePaint?: number }).rideTitlePaint !== undefined);
    // All three are asked for once the page has painted.
    await expect.poll(() => [...asked].sort()).toEqual(['Leaflet', 'comments', 'photos']);

    release();
    await article.locator('.leaflet-container').first().waitFor();
    await article.locator('section[aria-labelledby="ride-comments-title"]').getByText(/No comments yet/).waitFor();
    const { painted, requested } = await page.evaluate((later) => {
      const pattern = new RegExp(later);
      return {
        painted: (window as unknown as { rideTitlePaint: number }).rideTitlePaint,
        requested: performance
          .getEntriesByType('resource')
          .filter((entry) => pattern.test(entry.name))
          .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
      };
    }, LATER.source);
    expect(requested.length).toBeGreaterThanOrEqual(3);
    for (const request of requested) expect(request.startTime, request.name).toBeGreaterThan(painted);
    await context.close();
  });

  it("paints a shared ride's name from the HTML where and as large as the ride page then paints it, with no layout shift", async () => {
    const owner = await newGuestRider(h, { width: 1280, height: 800 });
    const group = await createGroup(owner.page, 'Futa Pass Riders');
    const ride = await createRide(owner.page, group.id, { name: 'Futa and Raticosa <Loop>' });
    await owner.context.close();
    const url = `/groups/${group.slug}/rides/${ride.slug}`;
    const box = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return { x: Math.round(rect.x), y: Math.round(rect.y), height: Math.round(rect.height), fontSize: getComputedStyle(element).fontSize };
    };

    for (const width of [375, 1280]) {
      // Before any script: the boot shell has the ride's name, escaped, as the heading.
      const still = await h.browser.newContext({ baseURL: h.baseUrl, viewport: { width, height: 800 }, javaScriptEnabled: false });
      const before = await still.newPage();
      await before.goto(url);
      const bootTitle = before.locator('#boot-shell main h1');
      expect(await bootTitle.textContent()).toBe('Futa and Raticosa <Loop>');
      expect(await bootTitle.isVisible()).toBe(true);
      const painted = await bootTitle.evaluate(box);
      expect(await before.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await still.close();

      // The app takes its place with the same heading at the same place and size, and nothing shifts.
      const { context, page } = await h.newPage({ width, height: 800 });
      await page.addInitScript(() => {
        // The layout shifts up to two frames after the app took the boot shell's place.
        const w = window as unknown as { shifted: number; atSwap?: number };
        w.shifted = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) w.shifted += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        new MutationObserver((_, observer) => {
          if (!document.body || document.getElementById('boot-shell') || !document.getElementById('root')) return;
          observer.disconnect();
          requestAnimationFrame(() => requestAnimationFrame(() => (w.atSwap = w.shifted)));
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(url);
      const title = page.locator('#ride-title', { hasText: 'Futa and Raticosa <Loop>' });
      await title.waitFor();
      expect(await page.locator('#boot-shell').count()).toBe(0);
      // On a phone the very same lines; on a desktop the ride's actions stand beside the name (their
      // width depends on the rider and the language, unknown to the HTML), so it may wrap sooner.
      const shown = await title.evaluate(box);
      expect(width < 1024 ? shown : { ...shown, height: painted.height }).toEqual(painted);
      await page.waitForFunction(() => (window as unknown as { atSwap?: number }).atSwap !== undefined);
      expect(await page.evaluate(() => (window as unknown as { atSwap: number }).atSwap)).toBe(0);
      await context.close();
    }
  });
});

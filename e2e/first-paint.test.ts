import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLoadJavaScript, FIRST_LOAD_JS_BUDGET_BYTES } from '../build/first-load';
import { startHarness, type Harness } from './support/harness';
import { createGroup, newGuestRider } from './support/ride-steps';

// The first paint (docs/web.md "First paint"): index.html paints the app frame before any script
// runs, the app replaces it with its own, and the current rider is asked for once, with the page.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

describe('first paint', () => {
  it.each(['en', 'it'])('sends at most 200 KB of compressed JavaScript before the first screen of /, with the %s catalog', (locale) => {
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
    // The ride's text is the first screen; the map (Leaflet and its tiles) comes below it.
    const details = await page.getByRole('heading', { name: 'Ride Details' }).boundingBox();
    const route = await page.getByRole('heading', { name: 'Route', exact: true }).boundingBox();
    expect(details!.y).toBeLessThan(route!.y);
    await context.close();
  });
});

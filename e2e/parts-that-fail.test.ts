import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness';
import { createGroup, createRide, newGuestRider } from './support/ride-steps';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogPath, type CatalogIndex } from '../src/shared/i18n/catalog-index';
import { expectAccessible } from './support/page-checks';
import { screenshotsDir } from './support/screenshots';

// A part of a page whose code cannot be loaded (no signal before the service worker kept it, or a new
// version deployed since the page opened: its old chunk is gone) fails alone. The page around it, and
// what the rider typed there, stays; the part offers Try again (components/lazy-part.tsx).

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

describe('a part of a page that cannot be loaded', () => {
  it("says so in the Create Ride form, keeps what was typed, and loads on Try again", async () => {
    const { page } = await newGuestRider(h, { width: 375, height: 800 });
    const group = await createGroup(page, 'Appennino Tosco Emiliano Motoclub');
    expect(group.slug).toBeTruthy();
    await page.reload();
    await page.getByRole('region', { name: 'Quick actions' }).getByRole('button', { name: 'Create Ride' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Ride' });
    await dialog.getByLabel('Ride Name').fill('Passo della Futa at dawn');

    // The calendar's chunk is gone (a deploy) or unreachable: its request fails.
    const CALENDAR_CHUNK = /\/assets\/calendar-[\w-]+\.js$/;
    let blocked = 0;
    await page.route(CALENDAR_CHUNK, (route) => {
      blocked++;
      return route.abort('connectionfailed');
    });
    await dialog.getByLabel('Start Date', { exact: true }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'This part of the page could not be loaded.' });
    await failed.waitFor();
    expect(blocked).toBeGreaterThan(0);
    // The form is still there, with its text; the page is not the error screen.
    expect(await dialog.getByLabel('Ride Name').inputValue()).toBe('Passo della Futa at dawn');
    expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
    await expectAccessible(page);
    await page.screenshot({ path: path.join(screenshotsDir('parts-that-fail'), 'calendar-not-loaded-375.png') });

    // Back: Try again asks for the code anew, and the calendar opens.
    await page.unroute(CALENDAR_CHUNK);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.locator('.rdp-caption_label').first().waitFor();
    await expect.poll(() => failed.count()).toBe(0);
    expect(await dialog.getByLabel('Ride Name').inputValue()).toBe('Passo della Futa at dawn');
  });

  it('leaves a ride page whole when an extra of the app shell (offline banner, update prompt) cannot be loaded', async () => {
    const owner = await newGuestRider(h, { width: 1280, height: 800 });
    const group = await createGroup(owner.page, 'Passo Giogo Riders');
    const ride = await createRide(owner.page, group.id, { name: 'Giogo and Muraglione Loop' });
    await owner.context.close();

    const { page } = await h.newPage({ width: 375, height: 800 });
    let blocked = 0;
    await page.route(/\/assets\/(connection-status|welcome-dialog)-[\w-]+\.js$/, (route) => {
      blocked++;
      return route.abort('connectionfailed');
    });
    await page.goto(`/groups/${group.slug}/rides/${ride.slug}`);
    await page.locator('#ride-title', { hasText: 'Giogo and Muraglione Loop' }).waitFor();
    await expect.poll(() => blocked).toBeGreaterThanOrEqual(2);
    await page.getByRole('heading', { name: 'Ride Details' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
  });

  it("shows a page's texts, not their ids, when its chunk arrives before the page's catalog", async () => {
    const owner = await newGuestRider(h, { width: 1280, height: 800 });
    const group = await createGroup(owner.page, 'Mugello Early Birds');
    const ride = await createRide(owner.page, group.id, { name: 'Giogo and Muraglione Loop' });
    await owner.context.close();

    // The first load's catalog is held until the ride page's chunk has asked for its own messages:
    // the order a slow or busy phone can give (the router asks for the route's chunk at once).
    const html = fs.readFileSync(fileURLToPath(new URL('../dist/web/index.html', import.meta.url)), 'utf8');
    const index = JSON.parse(/<script type="application\/json" id="rc-catalogs">([^<]*)</.exec(html)![1]!) as CatalogIndex;
    const firstCatalog = `/${catalogPath(index, 'en', index.first)}`;
    const { page } = await h.newPage({ width: 1280, height: 800 });
    await page.addInitScript(() => {
      // Notes each group a chunk asks for (build/catalog-split.ts: `await globalThis.__rcMessages?.(key)`).
      const w = window as unknown as { asked: string[]; __rcMessages?: (key: string) => Promise<void> };
      w.asked = [];
      let load: ((key: string) => Promise<void>) | undefined;
      Object.defineProperty(window, '__rcMessages', {
        configurable: true,
        set: (value: (key: string) => Promise<void>) => (load = value),
        get: () => load && ((key: string) => (w.asked.push(key), load!(key))),
      });
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route((url) => url.pathname === firstCatalog, async (route) => {
      await held;
      await route.continue();
    });
    const loaded = page.goto(`/groups/${group.slug}/rides/${ride.slug}`);
    try {
      await page.waitForFunction(() => (window as unknown as { asked: string[] }).asked.length > 0);
      release();
      await loaded;
      await page.getByRole('heading', { name: 'Ride Details' }).waitFor();
    } catch (error) {
      // What the page asked for and showed says more than a timeout.
      const asked = await page.evaluate(() => (window as unknown as { asked: string[] }).asked).catch(() => null);
      const shown = await page.locator('body').innerText().catch(() => '');
      throw new Error(`groups asked: ${JSON.stringify(asked)}; page: ${shown.slice(0, 400)}`, { cause: error });
    }
    await page.getByRole('button', { name: 'Join Group' }).first().waitFor();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness';
import { createGroup, createRide, newGuestRider } from './support/ride-steps';
import path from 'node:path';
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
});

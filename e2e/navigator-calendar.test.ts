import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness';
import { createGroup, newGuestRider } from './support/ride-steps';
import { animationsSettled, expectAccessible, expectNoSidewaysScroll, expectToast, PHONE_WIDTHS } from './support/page-checks';
import { parseGpx } from '../src/shared/gpx/gpx';
import { screenshotsDir } from './support/screenshots';

/**
 * Send to navigator on a ride's page (both files download and parse back) and the private
 * calendar address in Preferences (Copy, Reset asked first, the old address then 404), with
 * screenshots at 375 and 1280 px in test-results/screens/navigator-calendar.
 */
vi.setConfig({ testTimeout: 120_000 });

let h: Harness;
const shotsDir = screenshotsDir('navigator-calendar');

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

interface Rider {
  context: BrowserContext;
  page: Page;
}

const newRider = (viewport?: { width: number; height: number }): Promise<Rider> => newGuestRider(h, viewport);

async function screenshot(page: Page, name: string) {
  await animationsSettled(page);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

const LONG_NAME = 'Grand Tour of the Apennine Passes: Futa, Raticosa, Abetone and the Cisa, with Tortellini in Sestola';

async function createRide(page: Page, groupId: string): Promise<{ id: string; slug: string }> {
  return page.evaluate(
    async ({ groupId, name }) => {
      const start = new Date(Date.now() + 5 * 86_400_000).toISOString();
      const response = await fetch('/api/rides', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          groupId,
          name,
          description: 'Meet at the bar, full tank.',
          startLocation: 'Bologna, Emilia-Romagna, Italy',
          startLatitude: 44.4949,
          startLongitude: 11.3426,
          waypoints: [{ name: 'Passo della Futa, Firenzuola, Toscana', latitude: 44.0961, longitude: 11.2894 }],
          endLocation: 'Sestola, Modena, Emilia-Romagna, Italy',
          endLatitude: 44.2264,
          endLongitude: 10.7716,
          startDate: start,
          endDate: start,
          duration: 'full-day',
          minRiders: 1,
          maxRiders: 8,
          timezoneOffset: 'UTC+01:00',
          timezoneName: 'Berlin',
        }),
      });
      return response.json();
    },
    { groupId, name: LONG_NAME },
  );
}

const CARD = 'section[aria-labelledby="calendar-feed-title"]';

let groupsMade = 0;

/** Each test's own rider, with a group (names are unique) and a ride of the long name: no test depends on another. */
async function riderWithRide(viewport?: { width: number; height: number }): Promise<Rider & { ride: { id: string; slug: string } }> {
  const rider = await newRider(viewport);
  const group = await createGroup(rider.page, `Apennine Pass Hunters of Emilia ${++groupsMade}`);
  return { ...rider, ride: await createRide(rider.page, group.id) };
}

describe('Send to navigator', () => {
  it('downloads the GPX and ITN files of the ride, which parse back to its stops', async () => {
    const { page, ride } = await riderWithRide();
    await page.goto(`/rides/${ride.id}`);
    await page.getByRole('heading', { name: LONG_NAME }).waitFor();
    await page.getByRole('button', { name: 'Send to navigator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to navigator' });
    await dialog.waitFor();
    await expectAccessible(page);
    await screenshot(page, 'send-to-navigator-1280');

    const [gpxDownload] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'GPX route and track' }).click()]);
    expect(gpxDownload.suggestedFilename()).toBe(`${ride.slug}.gpx`);
    const gpx = parseGpx(fs.readFileSync(await gpxDownload.path(), 'utf8'));
    expect(gpx.routes[0]!.points.map((p) => [p.lat, p.lon])).toEqual([[44.4949, 11.3426], [44.0961, 11.2894], [44.2264, 10.7716]]);
    expect(gpx.waypoints.map((w) => w.name)).toEqual(['Bologna, Emilia-Romagna, Italy', 'Passo della Futa, Firenzuola, Toscana', 'Sestola, Modena, Emilia-Romagna, Italy']);

    const [itnDownload] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'TomTom itinerary (ITN)' }).click()]);
    expect(itnDownload.suggestedFilename()).toBe(`${ride.slug}.itn`);
    const lines = fs.readFileSync(await itnDownload.path(), 'latin1').split('\r\n').filter(Boolean);
    expect(lines).toEqual(['1134260|4449490|Bologna, Emilia-Romagna, Italy|4|', '1128940|4409610|Passo della Futa, Firenzuola, Toscana|2|', '1077160|4422640|Sestola, Modena, Emilia-Romagna, Italy|2|']);
  });

  it('fits a phone', async () => {
    const phone = await riderWithRide({ width: 375, height: 800 });
    await phone.page.goto(`/rides/${phone.ride.id}`);
    await phone.page.getByRole('button', { name: 'Send to navigator' }).click();
    await phone.page.getByRole('dialog', { name: 'Send to navigator' }).waitFor();
    await expectNoSidewaysScroll(phone.page, PHONE_WIDTHS);
    await phone.page.setViewportSize({ width: 375, height: 800 });
    await screenshot(phone.page, 'send-to-navigator-375');
    await phone.context.close();
  });
});

describe('the calendar address in Preferences', () => {
  it('shows the address to copy; Reset asks first, and the old address then answers 404', async () => {
    const { page, context, ride } = await riderWithRide();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/preferences');
    const address = page.getByRole('textbox', { name: 'Your private calendar address' });
    await expect.poll(() => address.inputValue(), { timeout: 15_000 }).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const first = await address.inputValue();
    await page.getByRole('region', { name: 'Calendar' }).scrollIntoViewIfNeeded();
    // This card (the rest of Preferences has checks of its own).
    await expectAccessible(page, [CARD]);
    await screenshot(page, 'preferences-calendar-1280');

    // The feed needs no cookie: the address alone reads it, and it lists the ride.
    const feed = await fetch(first);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain(`UID:ride-${ride.id}@`);

    await page.getByRole('button', { name: 'Copy address' }).click();
    await expectToast(page, 'Calendar address copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    await page.getByRole('button', { name: 'Reset address' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reset your calendar address?' });
    await confirm.waitFor();
    await expectAccessible(page, ['[role=alertdialog]']);
    await confirm.getByRole('button', { name: 'Reset address' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => address.inputValue()).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(await address.inputValue())).status).toBe(200);

    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSidewaysScroll(page, PHONE_WIDTHS);
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'preferences-calendar-375');
    await page.locator(CARD).screenshot({ path: path.join(shotsDir, 'preferences-calendar-card-375.png') });
  });
});

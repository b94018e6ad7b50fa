import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness';
import { createGroup } from './support/ride-steps';
import { expectAccessible, expectNoSidewaysScroll, expectToast } from './support/page-checks';
import { pageApi } from './support/page-api';
import { newGuestRider } from './support/ride-steps';
import { screenshotsDir } from './support/screenshots';

/**
 * The waitlist of a full ride: a rider joins it from the ride page and sees their place; a rider
 * with a seat leaves; the rider waiting is seated and told, live, on the page they are looking at.
 */
vi.setConfig({ testTimeout: 120_000 });

let h: Harness;
const shotsDir = screenshotsDir('waitlist');

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

interface Rider {
  context: BrowserContext;
  page: Page;
}

const newRider = (viewport?: { width: number; height: number }): Promise<Rider> => newGuestRider(h, viewport);

const api = (page: Page, method: string, url: string, body?: unknown) => pageApi<Record<string, unknown>>(page, method, url, body);

/**
 * The parts of the ride page the waitlist is in: its header (the actions), the details and the
 * riders. The route map is left out: axe finds its zoom buttons inside role=img (nested-interactive),
 * which is the map's own matter, not the waitlist's.
 */
const WAITLIST_PARTS = ['article > header', '[aria-labelledby="ride-facts-title"]', '[aria-labelledby="ride-people-title"]'];

const RIDE_NAME = 'Passo del Muraglione and the Tuscan–Romagnol Apennines, sunrise edition';

describe('waitlist', () => {
  it('a second rider joins the waitlist of a full ride, sees place 1, and is seated and told when a seat frees', async () => {
    const owner = await newRider();
    const group = await createGroup(owner.page, 'Appennino Tosco Emiliano Riders');
    const start = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const created = await api(owner.page, 'POST', '/api/rides', {
      groupId: group.id,
      name: RIDE_NAME,
      startLocation: 'Bologna, Emilia-Romagna, Italy',
      startLatitude: 44.4938,
      startLongitude: 11.3387,
      endLocation: 'San Godenzo, Toscana, Italy',
      endLatitude: 43.925,
      endLongitude: 11.62,
      startDate: start,
      endDate: start,
      maxRiders: 2,
      timezoneOffset: 'UTC+01:00',
      timezoneName: 'Berlin',
    });
    expect(created.status).toBe(201);
    const rideId = created.json.id as string;

    const seated = await newRider();
    expect((await api(seated.page, 'POST', `/api/rides/${rideId}/join`)).status).toBe(200);

    const waiting = await newRider({ width: 375, height: 800 });
    const { page } = waiting;
    await page.goto(`/rides/${rideId}`);
    await page.getByRole('heading', { name: RIDE_NAME }).waitFor();
    await page.getByRole('button', { name: 'Join waitlist' }).click();
    await expectToast(page, "You're number 1 for a seat");
    await page.getByRole('status').filter({ hasText: "You're number 1 of 1 on the waitlist" }).waitFor();
    await page.getByRole('button', { name: 'Leave waitlist' }).waitFor();
    await expectAccessible(page, WAITLIST_PARTS);
    await expectNoSidewaysScroll(page, [320, 375, 414]);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${shotsDir}/ride-waitlist-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${shotsDir}/ride-waitlist-1280.png`, fullPage: true });

    // Everyone else sees how many wait.
    await owner.page.goto(`/rides/${rideId}`);
    await owner.page.getByText('1 rider waiting').first().waitFor();

    // The rider with a seat leaves: the seat is the waiting rider's at once, and they are told on this page.
    expect((await api(seated.page, 'POST', `/api/rides/${rideId}/leave`)).status).toBe(200);
    await expectToast(page, `You're in: a seat opened on ${RIDE_NAME}`);
    await page.getByRole('button', { name: 'Leave Ride' }).waitFor();
    await page.getByText('Joined', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Leave waitlist' }).count()).toBe(0);
    await expectAccessible(page, WAITLIST_PARTS);
    await page.screenshot({ path: `${shotsDir}/ride-seated-1280.png`, fullPage: true });
  });

  it('the owner of a ride below its minimum at its decision time keeps it; the edit form holds the decision time', async () => {
    const owner = await newRider({ width: 375, height: 800 });
    const { page } = owner;
    const group = await createGroup(page, 'Futa Pass Early Birds');
    const start = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const created = await api(page, 'POST', '/api/rides', {
      groupId: group.id,
      name: RIDE_NAME,
      startLocation: 'Bologna, Emilia-Romagna, Italy',
      endLocation: 'San Godenzo, Toscana, Italy',
      startDate: start,
      endDate: start,
      minRiders: 4,
      maxRiders: 8,
      minRidersDecisionAt: new Date(Date.now() + 86_400_000).toISOString(),
      timezoneOffset: 'UTC+01:00',
      timezoneName: 'Berlin',
    });
    expect(created.status).toBe(201);
    const rideId = created.json.id as string;
    // The decision time passes (as the clock would make it).
    await h.app.ctx.db.updateTable('rides').set({ min_riders_decision_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', rideId).execute();

    await page.goto(`/rides/${rideId}`);
    const banner = page.getByRole('note', { name: '1 of the 4 riders it needs' });
    await banner.waitFor();
    await page.getByText('Minimum decided').waitFor();
    await expectAccessible(page, ['[aria-labelledby="ride-minimum-title"]', ...WAITLIST_PARTS]);
    await expectNoSidewaysScroll(page, [320, 375, 414]);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${shotsDir}/ride-minimum-375.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${shotsDir}/ride-minimum-1280.png` });
    await banner.getByRole('button', { name: 'Keep ride' }).click();
    await expectToast(page, 'goes ahead');
    await banner.waitFor({ state: 'detached' });

    await page.goto(`/rides/${rideId}/edit`);
    const field = page.getByLabel('Decide by (optional)');
    await field.waitFor();
    expect(await field.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    await page.setViewportSize({ width: 375, height: 800 });
    await field.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shotsDir}/ride-edit-decision-375.png` });
  });
});

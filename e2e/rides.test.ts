import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { addDays, format } from 'date-fns';
import { startHarness, type Harness } from './support/harness';
import { localDay } from '../src/shared/rides/ride-time';
import { createGroup, createRide, pickDay, pickPlace } from './support/ride-steps';
import { guestRider, unique, type Rider } from './support/riders';
import { expectToast, recordToasts, expectAccessible } from './support/page-checks';
import { screenshotsDir } from './support/screenshots';

/**
 * Rides end to end: planning from the dashboard (midpoint) and from a group page (waypoints), the
 * dashboard, Upcoming Rides (list and calendar), the ride page with its map (road from a fake OSRM
 * router on loopback, dashed lines when it fails), joining until Full, comments, editing, deleting,
 * and the Ride Finder (the offline gazetteer). Each test makes its own owner, group and rides; the
 * tests that count what the finder finds search around a town where no other test rides.
 */
vi.setConfig({ testTimeout: 120_000 });

let h: Harness;
const shotsDir = screenshotsDir('rides');

// ---------------------------------------------------------------- a fake OSRM router on loopback

let routerMode: 'ok' | 'fail' = 'ok';
const routerCalls: string[] = [];
const router = http.createServer((req, res) => {
  routerCalls.push(req.url ?? '');
  const match = /\/route\/v1\/driving\/([^?]+)/.exec(req.url ?? '');
  if (routerMode === 'fail' || !match) {
    res.writeHead(503).end();
    return;
  }
  const points = match[1]!.split(';').map((pair) => pair.split(',').map(Number) as [number, number]);
  // A road with a bend between each pair of stops: [lon, lat] as OSRM sends them.
  const coordinates: Array<[number, number]> = [];
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1]!, points[i]!];
    coordinates.push(a, [(a[0] + b[0]) / 2 + 0.05, (a[1] + b[1]) / 2 + 0.05]);
  }
  coordinates.push(points[points.length - 1]!);
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ code: 'Ok', routes: [{ distance: 98_765, geometry: { type: 'LineString', coordinates } }] }));
});

beforeAll(async () => {
  h = await startHarness();
  await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
  // The harness starts without ROUTER_URL; the routing service reads the setting on every call.
  (h.app.ctx.config as { routerUrl: string | null }).routerUrl = `http://127.0.0.1:${(router.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await h?.close();
  await new Promise<void>((resolve) => router.close(() => resolve()));
});

// ---------------------------------------------------------------- helpers

/** A new visitor (a guest account), past the welcome dialog. */
const newRider = (viewport?: { width: number; height: number }): Promise<Rider> => guestRider(h, viewport);

/** Each test's own owner with a group of its own (unique names), around Bologna unless `place` says otherwise. */
async function ownerWithGroup(place: Record<string, unknown> = {}): Promise<{ owner: Rider; group: { id: string; slug: string; name: string } }> {
  const owner = await newRider();
  const n = unique();
  const name = n === 1 ? 'Apennine Riders' : `Apennine Riders ${n}`;
  const group = await createGroup(owner.page, name, place);
  return { owner, group: { ...group, name } };
}

/** Perugia and Florence: over 50 km from Bologna, where the other tests ride, from each other, and 100 km from Milan. */
const PERUGIA = { location: 'Perugia, Umbria, Italy', latitude: 43.1122, longitude: 12.38878 };
const FIRENZE = { location: 'Firenze, Tuscany, Italy', latitude: 43.76667, longitude: 11.25 };

/** "Via Emilia West", as the waypoints test plans it, from the group's own town. */
async function viaEmiliaWest(owner: Rider, groupId: string, from: { location: string; latitude: number; longitude: number }) {
  return createRide(owner.page, groupId, {
    name: 'Via Emilia West',
    startLocation: from.location,
    startLatitude: from.latitude,
    startLongitude: from.longitude,
    waypoints: [
      { name: 'Modena, Emilia-Romagna, Italy', latitude: 44.6478, longitude: 10.9254 },
      { name: "Reggio nell'Emilia, Emilia-Romagna, Italy", latitude: 44.6989, longitude: 10.6297 },
    ],
    endLocation: 'Parma, Emilia-Romagna, Italy',
    endLatitude: 44.8015,
    endLongitude: 10.3279,
    startDate: addDays(new Date(), 9).toISOString(),
    endDate: addDays(new Date(), 10).toISOString(),
    duration: 'multi-day',
  });
}

async function screenshot(page: Page, name: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

// ---------------------------------------------------------------- the story

const startDay = addDays(new Date(), 7);
const waypointStart = addDays(new Date(), 9);

describe('rides', () => {
  it('plans a ride with a midpoint from the dashboard and shows it on the dashboard, Upcoming Rides and its page', async () => {
    const { owner, group } = await ownerWithGroup();
    const { page } = owner;
    await page.reload();

    await page.getByRole('region', { name: 'Quick actions' }).getByRole('button', { name: 'Create Ride' }).click();
    await page.waitForURL(/action=create-ride/);
    const dialog = page.getByRole('dialog', { name: 'Create Ride' });
    const groupSelect = dialog.getByRole('combobox', { name: 'Group' });
    await expect.poll(() => groupSelect.locator('option').allInnerTexts(), { timeout: 20_000 }).toEqual(['Select a group', group.name]);
    await groupSelect.selectOption({ label: group.name });
    await dialog.getByLabel('Ride Name').fill('Futa Loop');
    await dialog.getByLabel('Description').fill('Over the Futa and Raticosa passes.');
    await pickPlace(dialog, 'Start Location', 'Bologna');
    await pickPlace(dialog, 'Midpoint Location', 'Firenzuola');
    await pickPlace(dialog, 'End Location', 'Imola');
    await pickDay(dialog, 'Start Date', startDay);
    expect(await dialog.getByLabel('End Date').innerText()).toContain(format(startDay, 'MMM d, yyyy'));
    await dialog.getByLabel('Start Time').fill('9.30');
    await dialog.getByRole('button', { name: 'Create Ride' }).click();
    await dialog.getByText('Please enter a valid time (HH:MM)').waitFor();
    await expectAccessible(page);
    await dialog.getByLabel('Start Time').fill('09:30');
    await page.setViewportSize({ width: 1280, height: 1400 });
    await screenshot(page, 'create-ride-dialog-1280');
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Create Ride' }).click();

    await expectToast(page, 'Your ride has been successfully created!');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');

    // The dashboard: the card among the next rides, and the numbers.
    const next = page.getByRole('list', { name: 'Next rides' });
    const card = next.getByRole('article', { name: 'Futa Loop' });
    await card.waitFor();
    await expectAccessible(page);
    expect(await card.innerText()).toContain(format(startDay, 'MMM d, yyyy'));
    expect(await card.innerText()).toContain('09:30');
    await expect.poll(async () => (await page.getByLabel('Your riding at a glance').innerText()).replace(/\s+/g, ' '), { timeout: 20_000 }).toMatch(/Upcoming Rides 1 .*Active Groups 1/);
    await card.locator('[data-route="road"]').waitFor();
    await screenshot(page, 'dashboard-1280');

    // Upcoming Rides: the list, then the calendar with the ride's day highlighted (its day on the ride's own clock).
    await page.goto('/upcoming');
    await page.getByRole('list', { name: 'Rides' }).getByRole('article', { name: 'Futa Loop' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Search rides').fill('raticosa');
    await page.getByRole('article', { name: 'Futa Loop' }).waitFor();
    await page.getByLabel('Search rides').fill('nowhere at all');
    await page.getByText('No rides match your search.').waitFor();
    await page.getByLabel('Search rides').fill('');
    await page.getByRole('tab', { name: 'Calendar View' }).click();
    const first = await page.evaluate(async () => ((await (await fetch('/api/rides/upcoming')).json()) as Array<{ startDate: string; timezoneOffset: string }>)[0]!);
    const rideDay = localDay(first.startDate, first.timezoneOffset);
    await page.locator(`[data-day="${rideDay}"].rc-has-rides`).waitFor();
    await page.getByRole('heading', { name: `Rides on ${format(new Date(`${rideDay}T12:00:00`), 'MMM d, yyyy')}` }).waitFor();
    await page.getByRole('tabpanel').getByRole('article', { name: 'Futa Loop' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'upcoming-calendar-1280');
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await page.getByRole('heading', { name: 'Pick a day' }).waitFor();
    await expectAccessible(page);

    // The ride page: numbered stops, the road from the router, the facts.
    await page.getByRole('tab', { name: 'List View' }).click();
    await page.getByRole('article', { name: 'Futa Loop' }).getByRole('link', { name: 'Futa Loop' }).click();
    await page.getByRole('heading', { level: 1, name: 'Futa Loop' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/groups/${group.slug}/rides/futa-loop`);
    const stops = page.getByRole('list', { name: 'Route stops' }).getByRole('listitem');
    expect(await stops.allInnerTexts()).toEqual([expect.stringContaining('Bologna'), expect.stringContaining('Firenzuola'), expect.stringContaining('Imola')]);
    const map = page.locator('main [data-route="road"]').first();
    await map.waitFor();
    await map.locator('path.rc-route-road').waitFor();
    await expectAccessible(page);
    expect(await map.locator('.leaflet-marker-icon').count()).toBe(3);
    expect(routerCalls.length).toBeGreaterThan(0);
    const facts = await page.getByRole('region', { name: 'Ride Details' }).innerText();
    expect(facts).toContain('98.77 km');
    expect(facts).toContain('09:30');
    expect(facts).toContain('1/10');
    await screenshot(page, 'ride-detail-1280');

    // Fullscreen opens and closes.
    await page.getByRole('button', { name: 'Open fullscreen map' }).first().click();
    const fullscreen = page.getByRole('dialog', { name: 'Futa Loop' });
    await fullscreen.locator('path.rc-route-road').waitFor();
    await expectAccessible(page);
    await fullscreen.getByRole('button', { name: 'Close fullscreen map' }).click();
    await fullscreen.waitFor({ state: 'detached' });
  });

  it('plans a ride with waypoints from the group page; with the router failing the map draws dashed lines', async () => {
    const { owner, group } = await ownerWithGroup();
    routerMode = 'fail';
    // Back to a working router whatever happens in this test, for the tests after it.
    onTestFinished(() => {
      routerMode = 'ok';
    });
    const { page } = owner;
    await page.goto(`/groups/${group.slug}`);
    await page.getByRole('button', { name: 'Create Ride' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Ride' });
    await dialog.getByText(group.name).first().waitFor();
    await expectAccessible(page);
    expect(await dialog.getByRole('combobox', { name: 'Group' }).count()).toBe(0);
    await dialog.getByLabel('Ride Name').fill('Via Emilia West');
    await pickPlace(dialog, 'Start Location', 'Bologna');
    await dialog.getByRole('radio', { name: 'Advanced Waypoints' }).click();
    expect(await dialog.getByLabel('Midpoint Location').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Configure Waypoints' }).click();

    const waypoints = page.getByRole('dialog', { name: 'Configure Route Waypoints' });
    await pickPlace(waypoints, 'Waypoint 1', 'Modena');
    await waypoints.getByRole('button', { name: 'Add Waypoint (1/10)' }).click();
    await pickPlace(waypoints, 'Waypoint 2', 'Reggio Emilia');
    await waypoints.getByRole('button', { name: 'Add Waypoint (2/10)' }).click();
    expect(await waypoints.getByRole('button', { name: 'Remove waypoint 3' }).isEnabled()).toBe(true);
    await waypoints.getByRole('button', { name: 'Save Waypoints (2)' }).click();
    await waypoints.waitFor({ state: 'detached' });
    expect(await dialog.getByRole('list', { name: 'Configured waypoints' }).getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Modena'),
      expect.stringContaining('Reggio'),
    ]);

    await pickPlace(dialog, 'End Location', 'Parma');
    await pickDay(dialog, 'Start Date', waypointStart);
    const duration = dialog.getByLabel('Duration');
    expect(await duration.inputValue()).toBe('full-day');
    await pickDay(dialog, 'End Date', addDays(waypointStart, 1));
    expect(await duration.inputValue()).toBe('multi-day');
    await dialog.getByRole('button', { name: 'Create Ride' }).click();
    await expectToast(page, 'Ride created');
    await dialog.waitFor({ state: 'detached' });

    // The group's Rides tab shows it as a card; its page draws straight dashed lines.
    const card = page.getByRole('article', { name: 'Via Emilia West' });
    await card.waitFor();
    expect(await card.innerText()).toContain('Multi-Day');
    await card.getByRole('link', { name: 'Via Emilia West' }).click();
    await page.getByRole('heading', { level: 1, name: 'Via Emilia West' }).waitFor();
    expect(await page.getByRole('list', { name: 'Route stops' }).getByRole('listitem').count()).toBe(4);
    const map = page.locator('main [data-route="straight"]').first();
    await map.waitFor();
    const line = map.locator('path.rc-route-straight');
    await line.waitFor();
    await expectAccessible(page);
    expect(await line.getAttribute('stroke-dasharray')).toBeTruthy();
    expect(await map.locator('.leaflet-marker-icon').count()).toBe(4);
  });

  it('a second rider joins and comments; the owner edits until the ride is full, then deletes it', async () => {
    const { owner, group } = await ownerWithGroup();
    // As the first test plans it through the dialog.
    await createRide(owner.page, group.id, {
      name: 'Futa Loop',
      description: 'Over the Futa and Raticosa passes.',
      waypoints: [{ name: 'Firenzuola, Tuscany, Italy', latitude: 44.1183, longitude: 11.3806 }],
    });
    let ridePath = `/groups/${group.slug}/rides/futa-loop`;
    const rider = await newRider();
    await rider.page.goto(ridePath);
    await rider.page.getByRole('heading', { level: 1, name: 'Futa Loop' }).waitFor();
    // Someone else's ride: no edit, and the edit page says so.
    expect(await rider.page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
    await rider.page.getByRole('button', { name: 'Join Ride' }).click();
    await expectToast(rider.page, 'Joined ride');
    await rider.page.getByRole('button', { name: 'Leave Ride' }).waitFor();
    await rider.page.getByText('Joined', { exact: true }).waitFor();
    await expectAccessible(rider.page);
    expect(await rider.page.getByRole('region', { name: 'Ride Details' }).innerText()).toContain('2/10');

    const box = rider.page.getByLabel('Add a comment');
    await box.fill('   ');
    expect(await rider.page.getByRole('button', { name: 'Post Comment' }).isDisabled()).toBe(true);
    await box.fill('  See you at the Futa pass!  ');
    await rider.page.getByRole('button', { name: 'Post Comment' }).click();
    const comments = rider.page.getByRole('list', { name: 'Comments' });
    await comments.getByText('See you at the Futa pass!', { exact: true }).waitFor();
    expect(await comments.innerText()).toContain(rider.userId);
    expect(await box.inputValue()).toBe('');

    await rider.page.goto(`${ridePath}/edit`);
    await rider.page.getByText("You don't have permission to edit this ride").waitFor();
    await expectAccessible(rider.page);

    // The owner edits: fewer seats, the rider as navigator, a new name (and so a new address).
    const { page } = owner;
    await page.goto(ridePath);
    await page.getByRole('list', { name: 'Comments' }).getByText('See you at the Futa pass!').waitFor();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit Ride' }).waitFor();
    await expectAccessible(page);
    expect(await page.getByLabel('Ride Name').inputValue()).toBe('Futa Loop');
    expect(await page.getByLabel('Start Time').inputValue()).toBe('09:30');
    await page.getByLabel('Ride Name').fill('Futa and Raticosa Loop');
    await page.getByLabel('Max Riders').fill('2');
    await page.getByLabel('Navigator').selectOption({ label: rider.userId });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Ride updated');
    await page.getByRole('heading', { level: 1, name: 'Futa and Raticosa Loop' }).waitFor();
    ridePath = new URL(page.url()).pathname;
    expect(ridePath).toBe(`/groups/${group.slug}/rides/futa-and-raticosa-loop`);
    expect(await page.getByRole('region', { name: 'Ride Details' }).innerText()).toContain('2/2');
    const navigator = page.getByRole('region', { name: 'Riders' }).locator('dt', { hasText: /^Navigator$/ }).locator('xpath=following-sibling::dd');
    expect(await navigator.innerText()).toContain(rider.userId);

    // A third rider finds it full: they may wait for a seat (e2e/waitlist.test.ts), not join.
    const late = await newRider();
    await late.page.goto(ridePath);
    await late.page.getByRole('heading', { level: 1, name: 'Futa and Raticosa Loop' }).waitFor();
    await late.page.getByRole('button', { name: 'Join waitlist' }).waitFor();
    expect(await late.page.getByRole('button', { name: 'Join Ride' }).count()).toBe(0);

    // The owner deletes it, after confirming.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Ride' });
    await confirm.getByRole('button', { name: 'Delete Ride' }).click();
    await expectToast(page, 'Ride deleted');
    await page.waitForURL((url) => url.pathname === `/groups/${group.slug}`);
    await late.page.reload();
    await late.page.getByRole('heading', { name: 'Ride not found' }).waitFor();
    await expectAccessible(late.page);
    await Promise.all([rider.context.close(), late.context.close()]);
  });

  it('finds the group and a ride near Perugia, and nothing within 50 km of Milan until the search widens', async () => {
    const { owner, group } = await ownerWithGroup(PERUGIA);
    await viaEmiliaWest(owner, group.id, PERUGIA);
    await owner.context.close();
    const finder = await newRider();
    const { page } = finder;
    await page.goto('/finder');
    await page.getByRole('heading', { name: 'Where do you ride?' }).waitFor();
    await pickPlace(page.locator('main'), 'Search location', 'Perugia');
    await page.getByRole('tab', { name: 'Groups (1)' }).waitFor();
    await page.getByRole('tab', { name: 'Rides (1)' }).waitFor();
    await expectAccessible(page);
    // One page holds everything found: no count of what is shown, no Show more.
    expect(await page.getByText(/^Showing /).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Show more/ }).count()).toBe(0);
    const found = page.getByRole('list', { name: 'Groups found' }).getByRole('article', { name: group.name });
    expect(await found.innerText()).toContain('km away');
    await found.getByRole('button', { name: 'Join Group' }).click();
    await expectToast(page, `You joined ${group.name}`);
    await found.getByText('Member', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Rides (1)' }).click();
    const ride = page.getByRole('list', { name: 'Rides found' }).getByRole('article', { name: 'Via Emilia West' });
    expect(await ride.innerText()).toContain('km away');
    await screenshot(page, 'finder-1280');

    // Milan is about 200 km from Bologna: not within the default 50 km.
    await pickPlace(page.locator('main'), 'Search location', 'Milan');
    await page.getByRole('tab', { name: 'Groups (0)' }).click();
    await page.getByRole('heading', { name: 'No groups within 50 km' }).waitFor();
    await page.getByRole('button', { name: 'Expand Search' }).click();
    await page.getByRole('heading', { name: 'No groups within 100 km' }).waitFor();
    await expectAccessible(page);
    expect(await page.getByRole('slider', { name: 'Search radius' }).getAttribute('aria-valuenow')).toBe('100');
    await finder.context.close();

    // Use Current Location: the browser's position, named by a reverse look-up on our server.
    const located = await h.browser.newContext({
      viewport: { width: 1280, height: 800 },
      baseURL: h.baseUrl,
      geolocation: { latitude: PERUGIA.latitude, longitude: PERUGIA.longitude },
      permissions: ['geolocation'],
      serviceWorkers: 'block',
    });
    const here = await located.newPage();
    await recordToasts(here);
    await here.goto('/finder');
    await here.getByRole('dialog', { name: 'Welcome to RoadCaptain!' }).getByRole('button', { name: 'Continue to Dashboard' }).click();
    await here.goto('/finder');
    await here.getByRole('button', { name: 'Use Current Location' }).click();
    await here.getByText(/Within 50 km of Perugia/).waitFor();
    await here.getByRole('tab', { name: 'Groups (1)' }).waitFor();
    await expectAccessible(here);
    await located.close();

    // Refused: the spec's message.
    const refused = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: h.baseUrl, serviceWorkers: 'block' });
    const denied = await refused.newPage();
    await recordToasts(denied);
    await denied.goto('/finder');
    await denied.getByRole('dialog', { name: 'Welcome to RoadCaptain!' }).getByRole('button', { name: 'Continue to Dashboard' }).click();
    await denied.goto('/finder');
    await denied.getByRole('button', { name: 'Use Current Location' }).click();
    await expectToast(denied, 'Location access denied. Please enable location services.');
    await refused.close();
  });

  it('shows the 24 nearest rides first and the rest when asked, the keyboard going on from the first new card', async () => {
    // Near Bari, where no other test rides: 26 rides, each a kilometre further south than the last.
    const BARI = { location: 'Bari, Apulia, Italy', latitude: 41.1171, longitude: 16.8719 };
    const { owner, group } = await ownerWithGroup(BARI);
    for (let i = 0; i < 26; i++) {
      await createRide(owner.page, group.id, { name: `Murge Loop ${i + 1}`, startLocation: BARI.location, startLatitude: BARI.latitude - 0.05 - i * 0.01, startLongitude: BARI.longitude });
    }
    await owner.context.close();
    const finder = await newRider();
    const { page } = finder;
    await page.goto('/finder');
    await pickPlace(page.locator('main'), 'Search location', 'Bari');
    await page.getByRole('tab', { name: 'Rides (26)' }).click();
    const found = page.getByRole('list', { name: 'Rides found' }).getByRole('article');
    await page.getByText('Showing 24 of 26 rides').waitFor();
    expect(await found.count()).toBe(24);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Show more rides' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Showing 26 of 26 rides').waitFor();
    expect(await found.allInnerTexts()).toHaveLength(26);
    expect(await page.getByRole('button', { name: 'Show more rides' }).count()).toBe(0);
    // The first card the page added has the focus, so reading goes on where the list grew.
    await expect.poll(() => page.evaluate(() => document.activeElement?.querySelector('article h3')?.textContent ?? '')).toBe('Murge Loop 25');
    await expectAccessible(page);
    await screenshot(page, 'finder-more-1280');

    // On a 320 px phone, a search that weighs its full thousand: the counts still fit their tabs.
    const thousand = async (route: Route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { results: unknown[]; total: number; nextOffset: number | null };
      await route.fulfill({ response, json: { ...answer, total: 1000, nextOffset: answer.results.length } });
    };
    await page.route(/\/api\/(groups|rides)\/finder\?/, thousand);
    await page.setViewportSize({ width: 320, height: 720 });
    await page.reload();
    await pickPlace(page.locator('main'), 'Search location', 'Bari');
    for (const tab of ['Groups (1000+)', 'Rides (1000+)']) {
      const trigger = page.getByRole('tab', { name: tab });
      await trigger.waitFor();
      expect(await trigger.evaluate((el) => el.scrollWidth <= el.clientWidth), tab).toBe(true);
    }
    await page.getByRole('tab', { name: 'Rides (1000+)' }).click();
    await page.getByText('Showing 24 of 1000+ rides').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectAccessible(page);
    await screenshot(page, 'finder-thousand-320');
    await finder.context.close();
  });

  it('looks right on a 375 px phone', async () => {
    const { owner, group } = await ownerWithGroup(FIRENZE);
    await viaEmiliaWest(owner, group.id, FIRENZE);
    const phone = await h.browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: h.baseUrl, storageState: await owner.context.storageState(), serviceWorkers: 'block' });
    const page = await phone.newPage();
    await page.goto('/');
    await page.getByRole('list', { name: 'Next rides' }).getByRole('article', { name: 'Via Emilia West' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'dashboard-375');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);

    await page.getByRole('link', { name: 'Via Emilia West' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Via Emilia West' }).waitFor();
    // The ride opens at its top; on a phone the map sits below its details and loads once scrolled to.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('list', { name: 'Route stops' }).scrollIntoViewIfNeeded();
    await page.locator('main [data-route]').first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'ride-detail-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.goto('/upcoming');
    await page.getByRole('tab', { name: 'Calendar View' }).click();
    await page.locator('.rc-has-rides').first().waitFor();
    await screenshot(page, 'upcoming-calendar-375');

    await page.goto('/finder');
    await pickPlace(page.locator('main'), 'Search location', 'Florence');
    await page.getByRole('tab', { name: 'Groups (1)' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'finder-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.goto('/?action=create-ride');
    await page.getByRole('dialog', { name: 'Create Ride' }).getByLabel('Ride Name').waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: path.join(shotsDir, 'create-ride-dialog-375.png') });
    await phone.close();
    await owner.context.close();
  });
});

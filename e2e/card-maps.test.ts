import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import sharp from 'sharp';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { addDays } from 'date-fns';
import { startHarness, type Harness } from './support/harness';
import { createGroup } from './support/ride-steps';
import { unique } from './support/riders';
import { axeViolations, expectAccessible, recordToasts, toastsOf } from './support/page-checks';
import { screenshotsDir } from './support/screenshots';

/**
 * Small route maps on ride cards that a rider can read: a loop's start and finish told apart, a
 * 12-stop ride whose close stops do not pile up, the card map a still picture named for screen
 * readers (no focusable children inside role img), the fullscreen map a labelled region the keyboard
 * reaches; and "Magic link sent!" said once. Tiles are drawn locally: tests never leave the machine.
 */
vi.setConfig({ testTimeout: 120_000 });

const SHOTS = screenshotsDir('card-maps');
let h: Harness;
let tile: Buffer;

beforeAll(async () => {
  h = await startHarness();
  // A pale map-like tile (paper with a road grid) so screenshots show markers as on a real map.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#f2efe9"/><path d="M0 64H256M0 192H256M64 0V256M192 0V256" stroke="#ffffff" stroke-width="6"/><path d="M0 128H256M128 0V256" stroke="#f7d7a8" stroke-width="8"/></svg>`;
  tile = await sharp(Buffer.from(svg)).png().toBuffer();
});
afterAll(async () => {
  await h?.close();
});

async function newRider(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await h.newPage(viewport);
  // Registered after the harness's "abort everything outside" route, so tile requests are answered here.
  await context.route(/^https:\/\/tile\.openstreetmap\.org\//, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }));
  await recordToasts(page);
  await page.goto('/');
  const welcome = page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' });
  await welcome.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await welcome.waitFor({ state: 'detached' });
  return { context, page };
}

interface Stop {
  name: string;
  latitude: number;
  longitude: number;
}

async function createRide(page: Page, groupId: string, name: string, stops: Stop[]): Promise<string> {
  const start = stops[0]!;
  const end = stops[stops.length - 1]!;
  const day = addDays(new Date(), 3);
  day.setUTCHours(8, 0, 0, 0);
  const body = {
    groupId,
    name,
    description: null,
    startLocation: start.name,
    startLatitude: start.latitude,
    startLongitude: start.longitude,
    endLocation: end.name,
    endLatitude: end.latitude,
    endLongitude: end.longitude,
    waypoints: stops.slice(1, -1),
    startDate: day.toISOString(),
    endDate: day.toISOString(),
    duration: 'full-day',
    timezoneOffset: 'UTC+01:00',
    timezoneName: 'Berlin',
  };
  const created = await page.evaluate(async (payload) => {
    const response = await fetch('/api/rides', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) });
    return { status: response.status, id: ((await response.json()) as { id: string }).id };
  }, body);
  expect(created.status).toBe(201);
  return created.id;
}

const LOOP: Stop[] = [
  { name: 'Bologna, Piazza Maggiore', latitude: 44.4938, longitude: 11.3426 },
  { name: 'Passo della Raticosa', latitude: 44.1603, longitude: 11.3644 },
  { name: 'Passo della Futa', latitude: 44.0911, longitude: 11.2835 },
  { name: 'Bologna, Piazza Maggiore', latitude: 44.4938, longitude: 11.3426 },
];

/** Twelve stops: four of them (fuel, coffee, photo stop, pharmacy) within 60 m of each other in Pianoro. */
const TWELVE: Stop[] = [
  { name: 'Bologna, Porta Santo Stefano', latitude: 44.4871, longitude: 11.3568 },
  { name: 'Pianoro fuel station', latitude: 44.3856, longitude: 11.3406 },
  { name: 'Pianoro Bar Centrale', latitude: 44.3858, longitude: 11.3409 },
  { name: 'Pianoro viewpoint', latitude: 44.3861, longitude: 11.3404 },
  { name: 'Pianoro pharmacy', latitude: 44.3855, longitude: 11.3412 },
  { name: 'Loiano', latitude: 44.2688, longitude: 11.3255 },
  { name: 'Monghidoro', latitude: 44.2233, longitude: 11.3243 },
  { name: 'Passo della Raticosa', latitude: 44.1603, longitude: 11.3644 },
  { name: 'Firenzuola', latitude: 44.1183, longitude: 11.3806 },
  { name: 'Passo del Giogo', latitude: 44.0597, longitude: 11.3935 },
  { name: 'Scarperia', latitude: 43.9947, longitude: 11.3551 },
  { name: 'Borgo San Lorenzo', latitude: 43.9552, longitude: 11.3857 },
];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;
const inside = (inner: Box, outer: Box) => inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;

/** The stop numbers the markers stand for: "S" 1, "F" the last, "2–4" 2, 3 and 4. */
async function stopsShown(map: Locator, total: number): Promise<number[]> {
  const texts = await map.locator('.leaflet-marker-icon').allInnerTexts();
  return texts
    .flatMap((text) => {
      if (text === 'S') return [1];
      if (text === 'F') return [total];
      const [from, to = from] = text.split('–').map(Number);
      return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i);
    })
    .sort((a, b) => a - b);
}

/** Each marker's box, or null while Leaflet lays one out again (it is briefly not on the page). */
async function markerBoxes(map: Locator): Promise<Box[] | null> {
  const boxes = await Promise.all((await map.locator('.leaflet-marker-icon').all()).map((m) => m.boundingBox()));
  return boxes.every((box) => box !== null) ? boxes : null;
}

/** The card's small map once Leaflet has drawn and laid out a marker for each of its `total` stops. */
async function cardMap(page: Page, rideName: string, total: number) {
  const card = page.getByRole('list', { name: 'Next rides' }).getByRole('article', { name: rideName });
  // Centred: at the top, a phone's sticky header would cover the map.
  await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const map = card.locator('[data-route]');
  await map.waitFor();
  await expect.poll(() => stopsShown(map, total), { timeout: 20_000 }).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  await map.locator('.leaflet-tile-loaded').first().waitFor();
  return { card, map };
}

/**
 * Each test's own rider with a group (names are unique) holding the loop and the twelve-stop ride, its
 * browser closed when the test ends: no test depends on another.
 */
async function riderWithRides(): Promise<{ page: Page; loopRideId: string }> {
  const { context, page } = await newRider();
  onTestFinished(() => context.close());
  const group = await createGroup(page, `Motorradfreundeskreisoberbayern${unique()}`);
  const loopRideId = await createRide(page, group.id, 'Futa Pass Loop', LOOP);
  await createRide(page, group.id, 'Twelve stops over the Raticosa to the Mugello', TWELVE);
  return { page, loopRideId };
}

describe('card maps', () => {

  for (const width of [1280, 375]) {
    it(`at ${width} px: a loop shows its start and its finish apart, and twelve close stops do not pile up`, async () => {
      const { page } = await riderWithRides();
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');

      // The loop: "S" and "F" both visible inside the map, not one on top of the other.
      const loop = await cardMap(page, 'Futa Pass Loop', 4);
      await loop.card.getByRole('img', { name: 'Route map: a loop from Bologna, Piazza Maggiore, 4 stops' }).waitFor();
      expect(await loop.map.locator('[data-marker=start]').innerText()).toBe('S');
      expect(await loop.map.locator('[data-marker=finish]').innerText()).toBe('F');
      // Leaflet may lay its markers out again as the map settles (a marker is briefly not on the page): the check holds once it has.
      await expect
        .poll(async () => {
          const [mapBox, start, finish] = [await loop.map.boundingBox(), await loop.map.locator('[data-marker=start]').boundingBox(), await loop.map.locator('[data-marker=finish]').boundingBox()];
          if (!mapBox || !start || !finish) return 'not laid out yet';
          return { apart: !overlaps(start, finish), startWestOfFinish: start.x < finish.x, inside: inside(start, mapBox) && inside(finish, mapBox) };
        })
        .toEqual({ apart: true, startWestOfFinish: true, inside: true });
      await loop.card.screenshot({ path: `${SHOTS}/card-map-loop-${width}.png` });

      // Twelve stops: every marker visible inside the map and none covering another.
      const twelve = await cardMap(page, 'Twelve stops over the Raticosa to the Mugello', 12);
      await twelve.card.getByRole('img', { name: 'Route map: Bologna, Porta Santo Stefano to Borgo San Lorenzo, 12 stops' }).waitFor();
      const box = (await twelve.map.boundingBox())!;
      await expect
        .poll(async () => {
          const boxes = await markerBoxes(twelve.map);
          const attribution = await twelve.map.locator('.leaflet-control-attribution').boundingBox();
          if (!boxes || !attribution) return 'not laid out yet';
          return (
            boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => overlaps(a, b))).length +
            boxes.filter((b) => !inside(b, box) || overlaps(b, attribution)).length
          );
        })
        .toBe(0);
      // The four stops in Pianoro, one after another, read as one marker ("2–5", or wider on a narrow card) at this zoom.
      expect(await twelve.map.locator('.leaflet-marker-icon').allInnerTexts()).toContainEqual(expect.stringMatching(/^2–([5-9]|10)$/));
      await twelve.card.screenshot({ path: `${SHOTS}/card-map-12-stops-${width}.png` });

      // The still map holds nothing focusable inside its image; axe finds nothing on either card.
      expect(await loop.map.locator('[role=img] a, [role=img] button, [role=img] [tabindex]').count()).toBe(0);
      expect(await axeViolations(page, ['main article'])).toEqual([]);
    });
  }

  it('the ride page map is a still picture, and its fullscreen map a labelled region the keyboard reaches', async () => {
    const { page } = await riderWithRides();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const { card } = await cardMap(page, 'Futa Pass Loop', 4);
    await card.getByRole('link', { name: 'Futa Pass Loop' }).click();
    await page.getByRole('heading', { level: 1, name: 'Futa Pass Loop' }).waitFor();
    const map = page.locator('main [data-route]').first();
    await map.waitFor();
    await page.getByRole('img', { name: 'Route map: a loop from Bologna, Piazza Maggiore, 4 stops' }).waitFor();
    await expect.poll(() => stopsShown(map, 4)).toEqual([1, 2, 3, 4]);
    await expectAccessible(page, ['main']);

    await page.getByRole('button', { name: 'Open fullscreen map' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Futa Pass Loop' });
    const region = dialog.getByRole('region', { name: 'Route map: a loop from Bologna, Piazza Maggiore, 4 stops' });
    await region.waitFor();
    await expect.poll(() => region.locator('.leaflet-marker-icon').count()).toBe(4);
    await expectAccessible(page, ['[role=dialog]']);

    // The keyboard reaches the map (arrow keys pan), its zoom buttons and each marker, named.
    const focusable = await region.evaluate((el) =>
      [el, ...el.querySelectorAll('a[href], button, [tabindex="0"]')].map((node) => node.getAttribute('aria-label') ?? node.getAttribute('title') ?? node.textContent ?? ''),
    );
    expect(focusable).toEqual(
      expect.arrayContaining(['Route map: a loop from Bologna, Piazza Maggiore, 4 stops', 'Zoom in', 'Zoom out', 'Start: Bologna, Piazza Maggiore', 'Finish: Bologna, Piazza Maggiore', 'Stop 2: Passo della Raticosa']),
    );
    await region.focus();
    const before = await region.locator('.leaflet-map-pane').getAttribute('style');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.locator('.leaflet-map-pane').getAttribute('style')).not.toBe(before);
    await dialog.screenshot({ path: `${SHOTS}/fullscreen-map-1280.png` });
    await dialog.getByRole('button', { name: 'Close fullscreen map' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('the media gallery labels a GPX file by the ride it belongs to, linking to it, and a rider\'s own upload "Profile"', async () => {
    const { page, loopRideId } = await riderWithRides();
    const gpx = fs.readFileSync(path.resolve('test-data/fixtures/gpx/togeojson-strava.gpx'), 'utf8');
    const statuses = await page.evaluate(
      async ({ gpx, rideId }) => {
        const send = async (fields: Record<string, string>, name: string) => {
          const form = new FormData();
          for (const [key, value] of Object.entries(fields)) form.append(key, value);
          form.append('file', new File([gpx], name, { type: 'application/gpx+xml' }));
          return (await fetch('/api/media', { method: 'POST', body: form })).status;
        };
        return [await send({ associatedType: 'ride', associatedId: rideId }, 'futa.gpx'), await send({}, 'my-commute.gpx')];
      },
      { gpx, rideId: loopRideId },
    );
    expect(statuses).toEqual([201, 201]);
    await page.goto('/media');
    const onRide = page.getByRole('article', { name: 'futa.gpx' });
    await onRide.getByRole('link', { name: 'Futa Pass Loop' }).waitFor();
    expect(await page.getByRole('article', { name: 'my-commute.gpx' }).getByText('Profile', { exact: true }).count()).toBe(1);
    await onRide.screenshot({ path: `${SHOTS}/gallery-label-1280.png` });
    await page.setViewportSize({ width: 375, height: 900 });
    await onRide.screenshot({ path: `${SHOTS}/gallery-label-375.png` });
    await onRide.getByRole('link', { name: 'Futa Pass Loop' }).click();
    await page.getByRole('heading', { level: 1, name: 'Futa Pass Loop' }).waitFor();

    // The ride's GPX map pans and zooms: a named region, and axe finds nothing on the page with it open.
    await page.getByRole('button', { name: 'View Route' }).click();
    await page.getByRole('region', { name: 'Map of 1 GPX file: futa.gpx' }).waitFor();
    await expectAccessible(page, ['main']);
  });
});

describe('magic link', () => {
  it('says "Magic link sent!" once: in the dialog, not also as a toast', async () => {
    const { context, page } = await h.newPage({ width: 375, height: 800 });
    await recordToasts(page);
    await page.goto('/');
    const welcome = page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' });
    await welcome.getByRole('button', { name: 'Login as existing user' }).click();
    const login = page.getByRole('dialog', { name: 'Login to Existing Account' });
    await login.getByLabel('Email Address').fill('giulia.rossi@example.com');
    await login.getByRole('button', { name: 'Send Magic Link' }).click();
    await login.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await h.waitForMail('giulia.rossi@example.com');
    expect(await page.getByText('Magic link sent!').count()).toBe(1);
    expect(await toastsOf(page)).not.toContain('Magic link sent');
    expect(await axeViolations(page, ['[role=dialog]'])).toEqual([]);
    await context.close();
  });
});

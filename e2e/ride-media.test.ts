import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness';
import { createGroup, newGuestRider } from './support/ride-steps';
import { expectAccessible, expectNoSidewaysScroll, expectToast, PHONE_WIDTHS } from './support/page-checks';
import { pageApi } from './support/page-api';

/**
 * Riders share the day: a rider of the ride adds a photo from the ride page, it shows in the ride's
 * strip and opens the gallery viewer; the ride's owner deletes it after confirming. Set
 * SCREENSHOT_DIR to keep screenshots at phone and desktop widths.
 */
vi.setConfig({ testTimeout: 120_000 });

const PHOTO_PATH = path.resolve('test-data/fixtures/images/exif-gps-DSCN0010.jpg');
const PHOTO_NAME = path.basename(PHOTO_PATH);
/** The thumbnail's button: a hidden "View … full size:" before the image's alt text. */
const VIEW_PHOTO = new RegExp(`View ${PHOTO_NAME.replace('.', '\\.')} full size`);
const RIDE_NAME = 'Passo della Futa, Raticosa and the long way back through the Santerno valley';
const SHOTS = process.env.SCREENSHOT_DIR;
/** The strip itself (the route map's zoom buttons inside role=img are the map's own matter). */
const STRIP = ['[aria-labelledby="ride-media-title"]'];

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => h?.close());

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator(STRIP[0]!).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
  }
}

async function createRide(page: Page, groupId: string): Promise<string> {
  const start = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const created = await pageApi<{ id: string }>(page, 'POST', '/api/rides', {
    groupId,
    name: RIDE_NAME,
    startLocation: 'Bologna, Emilia-Romagna, Italy',
    startLatitude: 44.4938,
    startLongitude: 11.3387,
    endLocation: 'Imola, Emilia-Romagna, Italy',
    endLatitude: 44.35,
    endLongitude: 11.71,
    startDate: start,
    endDate: start,
    maxRiders: 8,
    timezoneOffset: 'UTC+01:00',
    timezoneName: 'Berlin',
  });
  expect(created.status).toBe(201);
  return created.json.id;
}

describe('ride media', () => {
  it('a rider of the ride adds a photo, it shows in the strip and opens the viewer; the ride owner deletes it', async () => {
    const owner = await newGuestRider(h);
    const group = await createGroup(owner.page, 'Santerno Valley Sunday Riders');
    const rideId = await createRide(owner.page, group.id);

    const rider = await newGuestRider(h, { width: 375, height: 900 });
    expect((await pageApi(rider.page, 'POST', `/api/rides/${rideId}/join`)).status).toBe(200);
    const { page } = rider;
    await page.goto(`/rides/${rideId}`);
    await page.getByRole('heading', { name: RIDE_NAME }).waitFor();
    const strip = page.locator(STRIP[0]!);
    await strip.getByText(/No photos yet/).waitFor();
    await expectAccessible(page, STRIP);
    await shot(page, 'ride-media-empty');

    await page.setViewportSize({ width: 375, height: 900 });
    await strip.getByRole('button', { name: 'Add photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add photos' });
    await dialog.waitFor();
    await dialog.getByLabel('Choose files to upload').setInputFiles(PHOTO_PATH);
    await dialog.getByText(PHOTO_NAME).waitFor();
    await expectAccessible(page, ['[role="dialog"]']);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectToast(page, 'Upload successful');
    await dialog.waitFor({ state: 'detached' });

    const thumbnail = strip.getByRole('button', { name: VIEW_PHOTO });
    await thumbnail.waitFor();
    await expect.poll(() => strip.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await strip.getByRole('button', { name: `Delete ${PHOTO_NAME}` }).count()).toBe(1);
    await expectAccessible(page, STRIP);
    await expectNoSidewaysScroll(page, PHONE_WIDTHS);
    await shot(page, 'ride-media-strip');

    // From the keyboard: the thumbnail opens the gallery's viewer at that photo; Escape closes it.
    await thumbnail.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: PHOTO_NAME });
    await viewer.waitFor();
    await expectAccessible(page, ['[role="dialog"]']);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'ride-media-viewer-1280.png') });
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // The ride's owner deletes it, after confirming.
    await owner.page.goto(`/rides/${rideId}`);
    const ownerStrip = owner.page.locator(STRIP[0]!);
    await ownerStrip.getByRole('button', { name: `Delete ${PHOTO_NAME}` }).click();
    const confirm = owner.page.getByRole('alertdialog', { name: 'Delete media?' });
    await confirm.waitFor();
    await expectAccessible(owner.page, ['[role="alertdialog"]']);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(owner.page, 'Media deleted');
    await ownerStrip.getByText(/No photos yet/).waitFor();

    await page.reload();
    await strip.getByText(/No photos yet/).waitFor();
    await rider.context.close();
    await owner.context.close();
  });

  it('the gallery’s upload goes to one of the rider’s rides, and shows on that ride', async () => {
    const owner = await newGuestRider(h, { width: 375, height: 900 });
    const group = await createGroup(owner.page, 'Santerno Valley Weekday Riders');
    const rideId = await createRide(owner.page, group.id);
    const { page } = owner;
    await page.goto('/media');
    await page.getByRole('heading', { name: 'Media Gallery' }).waitFor();
    await page.getByRole('button', { name: 'Upload Media' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload Media' });
    await dialog.waitFor();
    const destination = dialog.getByLabel('Add to');
    await expect.poll(() => destination.locator('option').count()).toBe(3);
    await destination.selectOption({ label: (await destination.locator('option', { hasText: RIDE_NAME }).innerText()).trim() });
    await dialog.getByLabel('Choose files to upload').setInputFiles(PHOTO_PATH);
    await expectAccessible(page, ['[role="dialog"]']);
    await expectNoSidewaysScroll(page, PHONE_WIDTHS);
    if (SHOTS) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: path.join(SHOTS, `gallery-upload-to-ride-${width}.png`) });
      }
    }
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectToast(page, 'Upload successful');
    await page.getByRole('link', { name: RIDE_NAME }).first().waitFor();

    await page.goto(`/rides/${rideId}`);
    await page.locator(STRIP[0]!).getByRole('button', { name: VIEW_PHOTO }).waitFor();
    await owner.context.close();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, expectToast, recordToasts } from './support/page-checks';
import { startHarness, type Harness } from './support/harness';

// The Media Gallery, the Upload Media dialog and the bug report, in Chromium against the real server.
// Set SCREENSHOT_DIR to keep screenshots of the screens at phone and desktop widths.

const PHOTO_PATH = path.resolve('test-data/fixtures/images/exif-gps-DSCN0010.jpg');
const GPX_PATH = path.resolve('test-data/fixtures/gpx/togeojson-strava.gpx');
/** 184 points over 2.7 km: long enough that others still see a track once the 500 m privacy zones are trimmed (strava's 3 points leave 1). */
const ROUTE_GPX_PATH = path.resolve('test-data/fixtures/gpx/gpxpy-Mojstrovka.gpx');
const SHOTS = process.env.SCREENSHOT_DIR;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => h?.close());

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

/** A fresh visitor past the welcome dialog, on the given page. */
async function visit(url: string, viewport?: { width: number; height: number }) {
  const { context, page } = await h.newPage(viewport);
  await recordToasts(page);
  await page.goto('/');
  const welcome = page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' });
  await welcome.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await welcome.waitFor({ state: 'detached' });
  await page.goto(url);
  return { context, page };
}

/** Hands files to the page as a DataTransfer built inside it (what a drop or a paste carries). */
async function dispatchFiles(page: Page, selector: string, event: 'drop' | 'paste', files: Array<{ name: string; type: string; base64: string }>) {
  await page.evaluate(
    ({ selector, event, files }) => {
      const transfer = new DataTransfer();
      for (const f of files) transfer.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      const target = document.querySelector(selector)!;
      if (event === 'drop') {
        target.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }));
        target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
      } else {
        target.dispatchEvent(new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: transfer }));
      }
    },
    { selector, event, files },
  );
}

const fileFrom = (filePath: string, type: string) => ({ name: path.basename(filePath), type, base64: fs.readFileSync(filePath).toString('base64') });

/** A toast with this title (and description) has been shown: read from the page's record, since a toast lives 5 s. */
async function toast(page: Page, title: string, description?: string) {
  const shown = await expectToast(page, title);
  if (description) expect(shown.split('\n---\n').find((t) => t.includes(title))).toContain(description);
}

describe('Media Gallery', () => {
  it('uploads the real photo and a GPX file, filters, edits a description and deletes, at desktop width', async () => {
    const { context, page } = await visit('/media');
    await page.getByRole('heading', { name: 'Media Gallery' }).waitFor();
    await page.getByText('No media yet').waitFor();
    await expectAccessible(page);
    await shot(page, 'gallery-empty-1280');

    await page.getByRole('button', { name: 'Upload Media' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload Media' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast(page, 'No files selected', 'Please select at least one file to upload.');

    await dialog.getByLabel('Choose files to upload').setInputFiles([PHOTO_PATH, GPX_PATH]);
    await dialog.getByRole('list', { name: 'Files to upload' }).getByText('exif-gps-DSCN0010.jpg').waitFor();
    await dialog.getByText('togeojson-strava.gpx').waitFor();
    await expectAccessible(page);
    await dialog.getByLabel(/Description/).fill('Morning run over the pass');
    await shot(page, 'upload-dialog-1280');
    await dialog.getByRole('button', { name: 'Upload 2 Files' }).click();
    await toast(page, 'Upload successful', 'Your media has been uploaded successfully.');
    await dialog.waitFor({ state: 'detached' });

    const grid = page.getByRole('list', { name: 'Media' });
    await grid.getByRole('article', { name: 'exif-gps-DSCN0010.jpg' }).waitFor();
    await grid.getByRole('article', { name: 'togeojson-strava.gpx' }).waitFor();
    await expectAccessible(page);
    // The thumbnail really loads (served by the server, metadata stripped).
    await expect
      .poll(() => grid.getByRole('article', { name: 'exif-gps-DSCN0010.jpg' }).locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await shot(page, 'gallery-1280');

    // Filters.
    const tabs = page.getByRole('tablist', { name: 'Filter media' });
    await tabs.getByRole('tab', { name: /Images/ }).click();
    await expect.poll(() => grid.getByRole('article').count()).toBe(1);
    await tabs.getByRole('tab', { name: /Videos/ }).click();
    await page.getByText('No media found').waitFor();
    await expectAccessible(page);
    await tabs.getByRole('tab', { name: /Profile/ }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Media' }).getByRole('article').count()).toBe(2);
    await tabs.getByRole('tab', { name: /All/ }).click();
    await page.getByRole('searchbox', { name: 'Search media' }).fill('strava');
    await expect.poll(() => page.getByRole('list', { name: 'Media' }).getByRole('article').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search media' }).fill('');

    // Edit the photo's description.
    const photo = page.getByRole('article', { name: 'exif-gps-DSCN0010.jpg' });
    await photo.getByRole('button', { name: 'Actions for exif-gps-DSCN0010.jpg' }).click();
    await page.getByRole('menuitem', { name: 'Edit Description' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Description' });
    await edit.getByLabel('Description').fill('Coffee at the top of the pass');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await photo.getByText('Coffee at the top of the pass').waitFor();

    // View full size.
    await photo.getByRole('button', { name: 'Actions for exif-gps-DSCN0010.jpg' }).click();
    await page.getByRole('menuitem', { name: 'View Full Size' }).click();
    const viewer = page.getByRole('dialog', { name: 'exif-gps-DSCN0010.jpg' });
    await expect.poll(() => viewer.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // Delete the GPX file, with confirmation.
    const gpx = page.getByRole('article', { name: 'togeojson-strava.gpx' });
    await gpx.getByRole('button', { name: 'Actions for togeojson-strava.gpx' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete media?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await gpx.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('list', { name: 'Media' }).getByRole('article').count()).toBe(1);
    await context.close();
  });

  it('adds files by dragging and by pasting, refuses what it cannot take, and shows progress for each file, on a phone', async () => {
    const { context, page } = await visit('/media', { width: 375, height: 812 });
    await page.getByRole('heading', { name: 'Media Gallery' }).waitFor();
    await page.getByRole('button', { name: 'Upload Media' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload Media' });
    await dialog.waitFor();
    await expectAccessible(page);

    await dispatchFiles(page, '[data-testid="upload-drop-zone"]', 'drop', [fileFrom(GPX_PATH, '')]);
    await dialog.getByText('togeojson-strava.gpx').waitFor();

    await dispatchFiles(page, '[role="dialog"]', 'paste', [fileFrom(PHOTO_PATH, 'image/jpeg')]);
    await toast(page, 'Files pasted', '1 file added from clipboard.');
    await dialog.getByText('exif-gps-DSCN0010.jpg').waitFor();

    await dispatchFiles(page, '[data-testid="upload-drop-zone"]', 'drop', [{ name: 'notes.txt', type: 'text/plain', base64: Buffer.from('hello').toString('base64') }]);
    await toast(page, 'Unsupported file type', 'Please upload GIF, JPEG, PNG, MP4, or GPX files only.');
    expect(await dialog.getByRole('listitem').count()).toBe(2);

    // Slow the upload down so each file's progress bar can be seen.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 50, downloadThroughput: 4_000_000, uploadThroughput: 120_000 });
    await dialog.getByRole('button', { name: 'Upload 2 Files' }).click();
    await dialog.getByRole('progressbar', { name: 'Uploading exif-gps-DSCN0010.jpg' }).waitFor();
    await shot(page, 'upload-dialog-progress-375');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await toast(page, 'Upload successful', 'Your media has been uploaded successfully.');
    await page.getByRole('list', { name: 'Media' }).getByRole('article').nth(1).waitFor();
    await expectAccessible(page);
    await shot(page, 'gallery-375');

    await page.getByRole('button', { name: 'Upload Media' }).first().click();
    await page.getByRole('dialog', { name: 'Upload Media' }).waitFor();
    await shot(page, 'upload-dialog-375');
    await context.close();
  });

  it('shows the server’s message when an upload is refused', async () => {
    const { context, page } = await visit('/media');
    await page.getByRole('button', { name: 'Upload Media' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload Media' });
    // Named .gpx, so the browser lets it through; the server reads the bytes and refuses it.
    await dialog.getByLabel('Choose files to upload').setInputFiles({ name: 'fake.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from('<?xml version="1.0"?><kml></kml>') });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast(page, 'Upload failed', 'Please upload GIF, JPEG, PNG, MP4, or GPX files only.');
    await dialog.getByRole('alert').filter({ hasText: 'Please upload GIF, JPEG, PNG, MP4, or GPX files only.' }).waitFor();
    await expectAccessible(page);
    await context.close();
  });
});

describe('GPX route map on a ride', () => {
  /** A group and a ride of the page's rider, made through the API from the page (same origin). */
  async function rideOfPage(page: Page): Promise<string> {
    return page.evaluate(async () => {
      const post = async (url: string, body: unknown) => {
        const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const group = await post('/api/groups', {
        name: `Strava Crew ${Math.floor(Math.random() * 1e6)}`,
        description: 'Pyrenees',
        location: 'Bagnères-de-Luchon, France',
        latitude: 42.79,
        longitude: 0.59,
        radiusKm: 50,
        membershipApprovalRequired: false,
        timezoneOffset: 'UTC+01:00',
        timezoneName: 'Paris',
      });
      const start = new Date(Date.now() + 5 * 86_400_000).toISOString();
      const ride = await post('/api/rides', {
        groupId: group.id,
        name: 'Col de Peyresourde',
        startLocation: 'Bagnères-de-Luchon',
        endLocation: 'Arreau',
        startDate: start,
        endDate: start,
        timezoneOffset: 'UTC+01:00',
        timezoneName: 'Paris',
      });
      return ride.id as string;
    });
  }

  it('the owner uploads a GPX file to the ride and everyone sees it drawn on the map', async () => {
    const { context, page } = await visit('/');
    const rideId = await rideOfPage(page);
    await page.goto(`/rides/${rideId}`);
    const route = page.getByRole('region', { name: 'GPX route' });
    await route.getByRole('button', { name: 'View Route' }).click();
    await route.getByText('No Route Data').waitFor();
    await expectAccessible(page);
    await route.getByText('Upload GPX files to view the route on the map').waitFor();
    await route.getByLabel('Upload GPX files').setInputFiles(ROUTE_GPX_PATH);
    await toast(page, 'Upload successful', 'Your media has been uploaded successfully.');
    await route.getByRole('link', { name: 'gpxpy-Mojstrovka.gpx' }).waitFor();
    await route.getByText('2.7 km').waitFor();
    await expectAccessible(page);
    // The track is drawn: one Leaflet path in the first colour.
    const track = page.locator('[data-testid="gpx-map"] path.leaflet-interactive');
    await expect.poll(() => track.count()).toBeGreaterThan(0);
    expect(await track.first().getAttribute('stroke')).toBe('#ea580c');
    await route.scrollIntoViewIfNeeded();
    await shot(page, 'ride-route-map-1280');
    await route.getByRole('button', { name: 'Fullscreen' }).click();
    await page.getByRole('button', { name: 'Exit Fullscreen' }).waitFor();
    await shot(page, 'ride-route-map-fullscreen-1280');
    await page.getByRole('button', { name: 'Exit Fullscreen' }).click();

    // Another visitor, on a phone: sees the route, cannot upload or delete.
    const other = await visit(`/rides/${rideId}`, { width: 375, height: 812 });
    const theirs = other.page.getByRole('region', { name: 'GPX route' });
    await theirs.getByRole('button', { name: 'View Route' }).click();
    await expect.poll(() => other.page.locator('[data-testid="gpx-map"] path.leaflet-interactive').count()).toBeGreaterThan(0);
    expect(await theirs.getByRole('button', { name: /Upload GPX|Delete/ }).count()).toBe(0);
    await theirs.scrollIntoViewIfNeeded();
    await shot(other.page, 'ride-route-map-375');
    await other.context.close();
    await context.close();
  });
});

describe('Report a bug', () => {
  it('checks the fields, takes a pasted screenshot, and stores the report with it', async () => {
    const { context, page } = await visit('/report-bug?from=http://127.0.0.1/media');
    await page.getByRole('heading', { name: 'Report a Bug' }).waitFor();
    await expectAccessible(page);
    expect(await page.getByLabel(/Page URL/).inputValue()).toBe('http://127.0.0.1/media');

    await page.getByRole('button', { name: 'Submit Bug Report' }).click();
    await page.getByText('Bug title is required').waitFor();
    await expectAccessible(page);
    await page.getByText('Please provide a detailed description (at least 10 characters)').waitFor();
    await shot(page, 'bug-report-errors-1280');

    await page.getByLabel('Title').fill('Gallery thumbnails flicker');
    await page.getByLabel('Description').fill('When I scroll the gallery on my phone the thumbnails flicker and reload.');

    const notImage = { name: 'notes.txt', type: 'text/plain', base64: Buffer.from('hi').toString('base64') };
    await dispatchFiles(page, 'body', 'paste', [notImage]);
    await page.getByText('Please upload an image file (PNG, JPG, or GIF)').waitFor();

    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#f97316' } }).png().toBuffer();
    await dispatchFiles(page, 'body', 'paste', [{ name: 'image.png', type: 'image/png', base64: png.toString('base64') }]);
    await page.getByRole('img', { name: 'Screenshot preview' }).waitFor();
    await expectAccessible(page);
    expect(await page.getByText('Please upload an image file (PNG, JPG, or GIF)').count()).toBe(0);
    await shot(page, 'bug-report-1280');

    await page.getByRole('button', { name: 'Submit Bug Report' }).click();
    await page.getByRole('heading', { name: 'Thank you! Your bug report has been sent.' }).waitFor();
    await expectAccessible(page);
    await shot(page, 'bug-report-sent-1280');

    const rows = await h.app.ctx.db.selectFrom('bug_reports').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({ title: 'Gallery thumbnails flicker', page_url: 'http://127.0.0.1/media', screenshot_key: expect.stringMatching(/^bug-[a-f0-9]+\.png$/) }),
    ]);
    await context.close();
  });

  it('picks a screenshot from a file and fits a phone screen', async () => {
    const { context, page } = await visit('/report-bug', { width: 375, height: 812 });
    await page.getByRole('heading', { name: 'Report a Bug' }).waitFor();
    await expectAccessible(page);
    await shot(page, 'bug-report-375');
    await page.getByLabel('Title').fill('Typo on the dashboard');
    await page.getByLabel('Description').fill('The dashboard says "Upcomming" instead of "Upcoming".');
    await page.locator('input[type="file"]').setInputFiles(PHOTO_PATH);
    await page.getByRole('img', { name: 'Screenshot preview' }).waitFor();
    await page.getByRole('button', { name: 'Submit Bug Report' }).click();
    await page.getByRole('heading', { name: 'Thank you! Your bug report has been sent.' }).waitFor();
    await expectAccessible(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    await context.close();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_LAUNCH, startHarness, type Harness } from './support/harness';
import { animationsSettled, expectAccessible, expectNoSidewaysScroll } from './support/page-checks';
import { joinGroup, guestRider, signedInRider, unique } from './support/riders';
import { pageApi } from './support/page-api';
import { createGroup, createRide, newGuestRider } from './support/ride-steps';
import { screenshotsDir } from './support/screenshots';
import { controlled, savedAnswers, stopServer } from './support/offline';

// The installable app and its service worker (issue 32 points 1, 2 and 5): Chromium finds nothing
// missing to install it; a page visited once starts with the server stopped; a new version is
// offered with Reload; offline, a banner says what is shown and the actions that need the server wait.
// The server serves a copy of the build, so a test can change its service worker (a new version).

const PHONE = { width: 375, height: 812 };
let h: Harness;
let webDir: string;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-web-copy-'));
  fs.cpSync(path.resolve('dist/web'), webDir, { recursive: true });
  h = await startHarness({ webDir, serviceWorkers: 'allow' });
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const shellCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('shell-')));

describe('installing', () => {
  it('is installable: Chromium reports no installability error and reads the manifest without errors', async () => {
    // A persistent profile: Chromium reports every incognito context as not installable.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-profile-'));
    const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM_LAUNCH, baseURL: h.baseUrl, viewport: PHONE });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'RoadCaptain', display: 'standalone' });
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe('the offline shell and a new version', () => {
  it('starts a page visited before with the server stopped, instead of the browser offline page', async () => {
    const { page } = await newGuestRider(h, PHONE);
    await controlled(page);
    await page.goto('/upcoming');
    await page.getByRole('heading', { level: 1, name: 'Upcoming Rides' }).waitFor();

    const server = await stopServer(h);
    try {
      await page.reload();
      // The app's own frame (its header with the app's name and its navigation), not Chromium's error page.
      await page.getByRole('button', { name: 'Open navigation' }).waitFor();
      expect(await page.locator('header').getByText('RoadCaptain', { exact: true }).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.dataset.locale)).toBe('en');
    } finally {
      await server.start();
    }
  });

  it('offers a new version with Reload, reloads only on that tap, and then runs the new version', async () => {
    const { page } = await newGuestRider(h, PHONE);
    await controlled(page);
    await expect.poll(() => shellCaches(page)).toHaveLength(1);
    const [oldShell] = await shellCaches(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // Version B: a rebuild changed one precached file, so the worker's precache list differs.
    const swFile = path.join(webDir, 'sw.js');
    const versionA = fs.readFileSync(swFile, 'utf8');
    const versionB = versionA.replace(/"revision":"([0-9a-f]+)","url":"favicon.svg"/, '"revision":"b$1","url":"favicon.svg"');
    expect(versionB).not.toBe(versionA);
    fs.writeFileSync(swFile, versionB);
    try {
      await page.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration('/'))!.update()));
      const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
      await prompt.waitFor();
      await animationsSettled(page);
      await page.screenshot({ path: path.join(screenshotsDir('installable-offline'), 'update-prompt-375.png') });
      await expectAccessible(page, undefined, 'the update prompt at 375 px');
      await expectNoSidewaysScroll(page, [320]);
      await page.setViewportSize(PHONE);
      // It waits for the rider: the page was not reloaded by itself.
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
      // The new version controls the page, with its own shell; the old one's is gone.
      await expect.poll(() => shellCaches(page)).toEqual([expect.not.stringMatching(`^${oldShell}$`)]);
      expect(await page.getByRole('status').filter({ hasText: 'A new version is available' }).count()).toBe(0);
    } finally {
      fs.writeFileSync(swFile, versionA);
    }
  });
});

describe('offline', () => {
  it('says what is shown and since when, disables Join with that reason, and comes back online', async () => {
    const owner = await guestRider(h, PHONE);
    const group = await createGroup(owner.page, `Offline Riders ${Date.now()}`);
    const ride = await createRide(owner.page, group.id, { name: 'Passo del Muraglione' });
    const rider = await guestRider(h, PHONE);
    await joinGroup(rider, owner, group.id);
    const { page, context } = rider;
    await page.goto(`/groups/${group.slug}/rides/${ride.slug}`);
    const join = page.getByRole('button', { name: 'Join Ride' });
    await join.waitFor();
    expect(await join.isEnabled()).toBe(true);

    await context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: /^Offline: showing what was saved at \d{2}:\d{2}/ });
    await banner.waitFor();
    expect(await join.isDisabled()).toBe(true);
    // Its reason is the banner's text, which a screen reader reads with the button.
    const reason = await join.evaluate((button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    expect(reason).toMatch(/^Offline: showing what was saved at \d{2}:\d{2}/);
    await animationsSettled(page);
    await page.screenshot({ path: path.join(screenshotsDir('installable-offline'), 'offline-banner-375.png') });
    await expectAccessible(page, undefined, 'the offline ride page at 375 px');
    await expectNoSidewaysScroll(page, [320]);
    await page.setViewportSize(PHONE);

    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
    await expect.poll(() => join.isEnabled()).toBe(true);
  });

  it('keeps a half-filled Create Ride form while the connection drops and comes back; Create waits for it', async () => {
    const owner = await guestRider(h, PHONE);
    const group = await createGroup(owner.page, `Offline Form Riders ${Date.now()}`);
    const { page, context } = owner;
    await page.goto(`/groups/${group.slug}`);
    await page.getByRole('button', { name: 'Create Ride' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Ride' });
    await dialog.getByLabel('Ride Name').fill('Sunday loop over the Kesselberg');
    await dialog.getByLabel('Description').fill('Coffee stop at the lake');
    const create = dialog.getByRole('button', { name: 'Create Ride' });

    // Each look is short: a dialog that went away fails here with that, not the test's time limit.
    const look = { timeout: 1_000 };
    await context.setOffline(true);
    await expect.poll(() => create.isDisabled(look)).toBe(true);
    expect(await dialog.getByLabel('Ride Name').inputValue(look)).toBe('Sunday loop over the Kesselberg');

    // Back online the page reads what it shows again; the dialog and what was typed stay, whatever that read answers.
    await context.setOffline(false);
    await expect.poll(() => create.isEnabled(look)).toBe(true);
    expect(await dialog.getByLabel('Ride Name').inputValue()).toBe('Sunday loop over the Kesselberg');
    expect(await dialog.getByLabel('Description').inputValue()).toBe('Coffee stop at the lake');
  });
});

describe('rides saved for offline', () => {
  it('keeps a joined ride of the next days, never opened here, readable with the server stopped, until Logout', async () => {
    const owner = await guestRider(h, PHONE);
    const group = await createGroup(owner.page, `Saved Ride Riders ${Date.now()}`);
    const ride = await createRide(owner.page, group.id, { name: 'Passo della Raticosa' });
    const rider = await signedInRider(h, `saved-rides-${unique()}@example.com`, PHONE);
    await joinGroup(rider, owner, group.id);
    expect((await pageApi(rider.page, 'POST', `/api/rides/${ride.id}/join`)).status).toBe(200);
    const { page } = rider;
    await controlled(page);

    // Opening the dashboard saves the rider's rides of the next 14 days.
    await page.goto('/');
    await expect.poll(() => savedAnswers(page)).toContain(`/api/groups/${group.slug}/rides/${ride.slug}`);

    let server = await stopServer(h);
    try {
      await page.goto(`/groups/${group.slug}/rides/${ride.slug}`);
      await page.getByRole('heading', { level: 1, name: 'Passo della Raticosa' }).waitFor();
      await page.getByText('Bologna, Emilia-Romagna, Italy').first().waitFor();
    } finally {
      await server.start();
    }

    // Logout from the sidebar's account menu (on a desktop width).
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: /Account menu/ }).first().click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/signed-out');
    await expect.poll(() => page.evaluate(() => caches.has('saved-answers'))).toBe(false);

    server = await stopServer(h);
    try {
      await page.goto(`/groups/${group.slug}/rides/${ride.slug}`);
      // The app's shell starts (the rider's answer is gone too, so it waits for the server).
      await page.waitForFunction(() => document.getElementById('root')?.childElementCount);
      // Nothing of the ride is kept: its answer fails like any other with the server stopped.
      const read = await page.evaluate((url) => fetch(url).then((response) => `answered ${response.status}`, () => 'failed'), `/api/groups/${group.slug}/rides/${ride.slug}`);
      expect(read).toBe('failed');
      expect(await page.getByText('Passo della Raticosa').count()).toBe(0);
    } finally {
      await server.start();
    }
  });
});

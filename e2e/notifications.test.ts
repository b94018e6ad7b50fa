import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness';
import { pageApi as api } from './support/page-api';
import { animationsSettled, expectAccessible, expectNoSidewaysScroll, recordToasts, toastsOf } from './support/page-checks';
import { notifyUpload } from '../src/server/notifications/notifications.service';
import { tellRider } from '../src/server/test/factories';
import { screenshotsDir } from './support/screenshots';

/**
 * Notifications as a rider meets them on a phone: a live one toasts once, under the header, and
 * opens what it names; none is replayed on the next page load; opening the list marks them read;
 * the list is accessible and fits 375 px. Real Chromium, the real server.
 */
vi.setConfig({ testTimeout: 120_000 });

let h: Harness;
const shotsDir = screenshotsDir('notifications');
const GROUP_NAME = 'Motorradfreundeskreisoberbayern Sonntagsausfahrten';
const RIDE_NAME = 'Futa Pass Loop über den Passo della Raticosa und zurück nach Bologna';

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

interface Rider {
  context: BrowserContext;
  page: Page;
  id: string;
  userId: string;
}

/** A visitor (a guest) in a fresh browser, past the welcome dialog, with the notification stream open. */
async function newRider(viewport = { width: 375, height: 812 }, url = '/'): Promise<Rider> {
  const { context, page } = await h.newPage(viewport);
  await recordToasts(page);
  const streamOpen = page.waitForResponse((res) => res.url().endsWith('/api/notifications/stream') && res.status() === 200);
  await page.goto(url);
  if (url === '/') {
    const dialog = page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' });
    await dialog.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
  await streamOpen;
  const me = (await api<{ id: string; userId: string }>(page, 'GET', '/api/users/current')).json;
  return { context, page, id: me.id, userId: me.userId };
}

/** Toasts are the list items of the toast region (Radix also announces each in a hidden status element). */
const toastCount = async (page: Page, text: string) => (await toastsOf(page)).split('\n---\n').filter((t) => t.includes(text)).length;

describe('notifications', () => {
  let owner: Rider;
  let rider: Rider;
  let group: { id: string; slug: string };
  let ride: { id: string; slug: string };

  beforeAll(async () => {
    owner = await newRider({ width: 1280, height: 800 });
    const created = await api<{ id: string; slug: string }>(owner.page, 'POST', '/api/groups', {
      name: GROUP_NAME,
      description: 'Sunday rides through the Bavarian Alps.',
      location: 'Munich, Bavaria, Germany',
      latitude: 48.137,
      longitude: 11.575,
      radiusKm: 100,
      membershipApprovalRequired: false,
      timezoneOffset: 'UTC+01:00',
      timezoneName: 'Berlin',
    });
    expect(created.status).toBe(201);
    group = created.json;
    rider = await newRider();
    expect((await api(rider.page, 'POST', `/api/groups/${group.id}/join`)).status).toBe(200);
  });
  afterAll(async () => {
    await owner?.context.close();
    await rider?.context.close();
  });

  it('a live notification toasts once, under the phone header, and the bell counts it', async () => {
    const inFourDays = new Date(Date.now() + 4 * 86_400_000).toISOString();
    const res = await api<{ id: string; slug: string }>(owner.page, 'POST', '/api/rides', {
      groupId: group.id,
      name: RIDE_NAME,
      startLocation: 'Bologna, Emilia-Romagna, Italy',
      startLatitude: 44.4949,
      startLongitude: 11.3426,
      endLocation: 'Bologna, Emilia-Romagna, Italy',
      endLatitude: 44.4949,
      endLongitude: 11.3426,
      startDate: inFourDays,
      endDate: inFourDays,
      duration: 'full-day',
      minRiders: 1,
      maxRiders: 8,
      timezoneOffset: 'UTC+01:00',
      timezoneName: 'Berlin',
    });
    expect(res.status).toBe(201);
    ride = res.json;

    const { page } = rider;
    const toast = page.locator('[role=region] li').filter({ hasText: `${RIDE_NAME} has been added to your group` });
    await toast.waitFor();
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await animationsSettled(page);
    const header = (await page.locator('header').first().boundingBox())!;
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    const close = (await toast.getByRole('button', { name: 'Dismiss notification' }).boundingBox())!;
    expect(close.x + close.width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: path.join(shotsDir, 'toast-375.png') });
    // The narrowest phone: the close button stays on screen.
    await page.setViewportSize({ width: 320, height: 700 });
    await expect.poll(async () => {
      const button = await toast.getByRole('button', { name: 'Dismiss notification' }).boundingBox();
      return button !== null && button.x >= 0 && button.x + button.width <= 320;
    }).toBe(true);
    await page.screenshot({ path: path.join(shotsDir, 'toast-320.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await toastCount(page, RIDE_NAME)).toBe(1);
    await expectNoSidewaysScroll(page);
  });

  it('is not replayed on the next page load; opening the list marks it read; clicking it opens the ride', async () => {
    const { page } = rider;
    // Thirteen uploads by the owner to the ride: one notification.
    for (let i = 0; i < 13; i++) {
      await notifyUpload(h.app.ctx, rider.id, { uploaderId: owner.id, rideId: ride.id, groupId: null, at: new Date().toISOString(), params: { rider: owner.userId } });
    }
    await tellRider(h.app.ctx, rider.id, 'profile_updated', { address: 'ana.rossi.sonntagsausfahrten@example.com' });
    const streamOpen = page.waitForResponse((res) => res.url().endsWith('/api/notifications/stream') && res.status() === 200);
    await page.reload();
    await streamOpen;
    const bell = page.getByRole('button', { name: 'Notifications, 3 unread' });
    await bell.waitFor();
    expect(await toastsOf(page)).toBe('');

    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.waitFor();
    await panel.getByText('3 new').waitFor();
    await panel.getByText(`${owner.userId} uploaded 13 files to ${RIDE_NAME}`).waitFor();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await expect.poll(async () => (await api<Array<{ isRead: boolean }>>(page, 'GET', '/api/notifications')).json.filter((n) => !n.isRead).length).toBe(0);

    // The "3 new" badge and the Clear button do not overlap, and the panel fits the phone.
    const badge = (await panel.getByText('3 new').boundingBox())!;
    const clear = (await panel.getByRole('button', { name: 'Clear' }).boundingBox())!;
    expect(badge.x + badge.width <= clear.x || badge.y + badge.height <= clear.y).toBe(true);
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.x).toBeGreaterThanOrEqual(0);
    expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(375);
    await expectAccessible(page, ['[role=dialog]']);
    await animationsSettled(page);
    await page.screenshot({ path: path.join(shotsDir, 'panel-375.png') });

    // Escape closes it and focus returns to the bell.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Notifications');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    await panel.waitFor();
    await expectAccessible(page, ['[role=dialog]']);
    await animationsSettled(page);
    await page.screenshot({ path: path.join(shotsDir, 'panel-1280.png') });

    await panel.getByRole('link', { name: new RegExp(`${RIDE_NAME} has been added`) }).click();
    await page.waitForURL((url) => url.pathname === `/groups/${group.slug}/rides/${ride.slug}`);
    await page.getByRole('heading', { name: RIDE_NAME }).waitFor();
  });

  it('toasts once on the invitation landing too, and clicking the toast opens the member’s profile', async () => {
    const invitation = await api<{ magicLink: string }>(owner.page, 'POST', `/api/groups/${group.id}/invite`, { inviterFirstName: 'Marco', inviteeName: 'Giulia' });
    expect(invitation.status).toBe(201);
    const guest = await newRider({ width: 375, height: 812 }, new URL(invitation.json.magicLink).pathname);
    await guest.page.getByRole('button', { name: 'Accept Invitation' }).waitFor();
    // A re-render of the landing used to mount the toasts again, each copy toasting on its own.
    await tellRider(h.app.ctx, guest.id, 'member_joined', { rider: rider.userId, group: GROUP_NAME }, { groupId: group.id, riderId: rider.id });
    const toast = guest.page.locator('[role=region] li').filter({ hasText: `${rider.userId} joined` });
    await toast.waitFor();
    expect(await toastCount(guest.page, `${rider.userId} joined`)).toBe(1);
    await toast.getByRole('link', { name: 'New Member' }).click();
    await guest.page.waitForURL((url) => url.pathname === `/profile/${rider.userId}`);
    await guest.context.close();
  });
});

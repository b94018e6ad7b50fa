import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OutgoingMail } from '../src/server/platform/mailer';
import { runDueDeliveries } from '../src/server/deliveries/deliveries.worker';
import { deliverySenders } from '../src/server/deliveries/senders';
import { startHarness, type Harness } from './support/harness';
import { expectAccessible, expectNoSidewaysScroll, PHONE_WIDTHS } from './support/page-checks';
import { joinGroup, rename, signedInRider, unique } from './support/riders';
import { createGroup, createRide } from './support/ride-steps';
import { pageApi } from './support/page-api';
import { screenshotsDir } from './support/screenshots';

// The Notifications card in Preferences (issue 30 point 10) in Chromium: accessible (axe) and
// without sideways scroll at 320, 375 and 414 px and at 1280 px, each switch saved at once and
// still set after a reload, a failed save put back with a visible error. And the notification
// mails (a ride cancelled, a ride changed) rendered as HTML in Chromium, for people to look at.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A long name as riders really have them, in a group with a long name too. */
const LONG_NAME = { firstName: 'Maria Fernanda', lastName: 'Wolfeschlegelsteinhausen-Bergerdorff da Costa e Albuquerque' };

const card = (page: Page) => page.getByRole('region', { name: 'Notifications', exact: true });

/** The card as it stands on the page (a full-page shot cut to it: an element shot stitches the sticky top bar in). */
async function screenshotOf(page: Page, file: string) {
  const box = await card(page).boundingBox();
  const scrollY = await page.evaluate(() => window.scrollY);
  expect(box).not.toBeNull();
  await page.screenshot({ path: file, fullPage: true, clip: { x: box!.x, y: box!.y + scrollY, width: box!.width, height: box!.height } });
}

describe('the Notifications card', () => {
  it('reads well and passes axe at 320, 375, 414 and 1280 px, and saves each switch at once', async () => {
    const rider = await signedInRider(h, `card-${unique()}@example.com`, { width: 375, height: 812 });
    expect((await pageApi(rider.page, 'PATCH', `/api/users/${rider.id}`, LONG_NAME)).status).toBe(200);
    await rename(rider, `mfw-bergerdorff-albuquerque-${unique()}`);
    // An organizer: the Organizing group is shown.
    await createGroup(rider.page, `Moto Clube Wolfeschlegelsteinhausen Bergerdorff da Serra da Estrela ${unique()}`);
    const { page } = rider;
    await page.goto('/preferences#notifications');
    await card(page).getByRole('group', { name: 'Organizing', exact: true }).waitFor();
    for (const section of ['My rides', 'My groups', 'Account']) await card(page).getByRole('group', { name: section, exact: true }).waitFor();

    for (const width of PHONE_WIDTHS) {
      await expectNoSidewaysScroll(page, [width]);
      await expectAccessible(page, undefined, `Preferences with the Notifications card at ${width} px`);
    }
    await page.setViewportSize({ width: 375, height: 812 });
    const shots = screenshotsDir('notification-settings');
    await screenshotOf(page, path.join(shots, 'card-375.png'));

    const comment = card(page).getByRole('switch', { name: 'A new comment on a ride I ride or organise, by e-mail' });
    expect(await comment.getAttribute('aria-checked')).toBe('false');
    await comment.click();
    await card(page).getByRole('switch', { name: 'A new comment on a ride I ride or organise, by e-mail', checked: true }).waitFor();
    const push = card(page).getByRole('switch', { name: 'A ride I joined changes day, time or start, by push' });
    await push.click();
    await card(page).getByRole('switch', { name: 'A ride I joined changes day, time or start, by push', checked: false }).waitFor();
    // Saved: a reload shows both as set.
    await expect.poll(async () => (await pageApi<{ types: Array<{ type: string; email: boolean | null; push: boolean | null }> }>(page, 'GET', '/api/users/current/notification-settings')).json.types.filter((t) => t.type === 'ride_comment' || t.type === 'ride_changed')).toEqual([
      expect.objectContaining({ type: 'ride_changed', email: true, push: false }),
      expect.objectContaining({ type: 'ride_comment', email: true, push: true }),
    ]);
    await page.reload();
    await card(page).getByRole('switch', { name: 'A new comment on a ride I ride or organise, by e-mail', checked: true }).waitFor();
    await card(page).getByRole('switch', { name: 'A ride I joined changes day, time or start, by push', checked: false }).waitFor();

    // Three switches a type, each named by type and channel; one in the app saves like the others.
    const confirmed = card(page).getByRole('group', { name: 'My address is confirmed', exact: true });
    expect(await confirmed.getByRole('switch').evaluateAll((switches) => switches.map((s) => s.getAttribute('aria-label')))).toEqual(['My address is confirmed, in the app']);
    const cancelledRow = card(page).getByRole('group', { name: 'A ride I joined is cancelled', exact: true });
    expect(await cancelledRow.getByRole('switch').evaluateAll((switches) => switches.map((s) => s.getAttribute('aria-label')))).toEqual([
      'A ride I joined is cancelled, in the app',
      'A ride I joined is cancelled, by e-mail',
      'A ride I joined is cancelled, by push',
    ]);
    await card(page).getByRole('switch', { name: 'A new ride in my groups, in the app' }).click();
    await card(page).getByRole('switch', { name: 'A new ride in my groups, in the app', checked: false }).waitFor();
    // A digest is chosen once, under its own heading: no switch of its own among the types.
    expect(await card(page).getByRole('switch', { name: /as a digest/ }).count()).toBe(0);
    await card(page).getByRole('group', { name: 'New rides in my groups', exact: true }).waitFor();
    await expect.poll(async () => (await pageApi<{ types: Array<{ type: string; app: boolean | null }> }>(page, 'GET', '/api/users/current/notification-settings')).json.types.find((t) => t.type === 'ride_created')?.app).toBe(false);
    await page.reload();
    await card(page).getByRole('switch', { name: 'A new ride in my groups, in the app', checked: false }).waitFor();
    for (const width of PHONE_WIDTHS) await expectNoSidewaysScroll(page, [width]);
    await page.setViewportSize({ width: 320, height: 812 });
    await screenshotOf(page, path.join(shots, 'card-320.png'));

    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, undefined, 'Preferences with the Notifications card at 1280 px');
    await screenshotOf(page, path.join(shots, 'card-1280.png'));
    await rider.context.close();
  });

  it('saves the reminder times a rider picks, and shows them after a reload', async () => {
    const rider = await signedInRider(h, `card-reminders-${unique()}@example.com`, { width: 320, height: 812 });
    const { page } = rider;
    await page.goto('/preferences#notifications');
    const reminders = card(page).getByRole('group', { name: 'Ride reminders', exact: true });
    // The default: the evening before.
    await reminders.getByRole('checkbox', { name: 'The evening before (18:00)', checked: true }).waitFor();
    await reminders.getByRole('checkbox', { name: '2 hours before the start' }).click();
    await reminders.getByRole('checkbox', { name: 'The evening before (18:00)' }).click();
    await expect
      .poll(async () => (await pageApi<{ reminderTimes: string[] }>(page, 'GET', '/api/users/current')).json.reminderTimes)
      .toEqual(['two_hours_before']);
    await page.reload();
    await reminders.getByRole('checkbox', { name: '2 hours before the start', checked: true }).waitFor();
    expect(await reminders.getByRole('checkbox', { name: 'The evening before (18:00)' }).getAttribute('aria-checked')).toBe('false');
    expect(await reminders.getByRole('checkbox', { name: 'The morning of the ride (07:00)' }).getAttribute('aria-checked')).toBe('false');

    // In German the digest choices wrap at 320 px: each radio dot keeps its 16 px, round, beside its label's first line.
    expect((await pageApi(page, 'PATCH', `/api/users/${rider.id}`, { language: 'de' })).status).toBe(200);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    const radios = page.getByRole('region', { name: 'Benachrichtigungen', exact: true }).getByRole('radio');
    await radios.first().waitFor();
    const boxes = await radios.evaluateAll((inputs) => inputs.map((input) => { const box = input.getBoundingClientRect(); return `${Math.round(box.width)}x${Math.round(box.height)}`; }));
    expect(boxes.length).toBeGreaterThan(3);
    expect(new Set(boxes)).toEqual(new Set(['16x16']));
    await rider.context.close();
  });

  it('puts a switch back and says why when the save fails', async () => {
    const rider = await signedInRider(h, `card-fail-${unique()}@example.com`, { width: 375, height: 812 });
    const { page } = rider;
    await page.goto('/preferences#notifications');
    const cancelled = card(page).getByRole('switch', { name: 'A ride I joined is cancelled, by e-mail' });
    await cancelled.waitFor();
    await page.route('**/api/users/current/notification-settings', (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' }) : route.continue(),
    );
    await cancelled.click();
    await expect.poll(() => card(page).getByRole('alert').textContent()).toBe('"A ride I joined is cancelled" by e-mail could not be saved. It is back as it was; please try again.');
    expect(await cancelled.getAttribute('aria-checked')).toBe('true');
    await expectAccessible(page, undefined, 'the Notifications card with a failed save at 375 px');
    await rider.context.close();
  });
});

describe('notification mails in Chromium', () => {
  it('renders a ride cancelled and a ride changed as HTML that fits a phone and a desktop', async () => {
    const owner = await signedInRider(h, `mail-owner-${unique()}@example.com`);
    const rider = await signedInRider(h, `mail-rider-${unique()}@example.com`);
    expect((await pageApi(owner.page, 'PATCH', `/api/users/${owner.id}`, LONG_NAME)).status).toBe(200);
    const group = await createGroup(owner.page, `Moto Clube Wolfeschlegelsteinhausen Bergerdorff da Serra da Estrela ${unique()}`);
    await joinGroup(rider, owner, group.id);
    const ride = await createRide(owner.page, group.id, { name: 'Passo dello Stelvio and Gavia, with lunch at Bormio' });
    expect((await pageApi(rider.page, 'POST', `/api/rides/${ride.id}/join`)).status).toBe(200);
    const sent: OutgoingMail[] = [];
    const ctx = { ...h.app.ctx, mailer: { send: async (mail: OutgoingMail) => void sent.push(mail) } };
    await runDueDeliveries(ctx, deliverySenders());

    const moved = new Date(Date.now() + 8 * 86_400_000);
    moved.setUTCHours(7, 0, 0, 0);
    expect((await pageApi(owner.page, 'PATCH', `/api/rides/${ride.id}`, { startDate: moved.toISOString(), endDate: moved.toISOString(), startLocation: 'Sondrio, Lombardy, Italy' })).status).toBe(200);
    // A change waits 30 minutes for more changes: the worker runs as if they had passed.
    await runDueDeliveries(ctx, deliverySenders(), { now: () => Date.now() + 31 * 60_000 });
    expect((await pageApi(owner.page, 'PATCH', `/api/rides/${ride.id}`, { status: 'cancelled' })).status).toBe(200);
    await runDueDeliveries(ctx, deliverySenders(), { now: () => Date.now() + 31 * 60_000 });

    const toRider = sent.filter((m) => m.to === rider.email);
    const changed = toRider.find((m) => m.subject.includes('now starts on'));
    const cancelled = toRider.find((m) => m.subject.includes('was cancelled'));
    expect(changed).toBeDefined();
    expect(cancelled).toBeDefined();
    // A cancelled ride was to start; a changed one starts.
    expect(cancelled!.text).toContain('Was to start: ');
    expect(changed!.text).toContain('Starts: ');
    const shots = screenshotsDir('notification-settings');
    const { page } = await h.newPage({ width: 375, height: 700 });
    for (const [name, mail] of [['mail-ride-changed', changed!], ['mail-ride-cancelled', cancelled!]] as const) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 700 });
        await page.setContent(mail.html);
        await expectNoSidewaysScroll(page);
        await page.getByText('RoadCaptain', { exact: true }).waitFor();
        expect(await page.getByRole('link', { name: 'Open the ride' }).getAttribute('href')).toBe(`${h.baseUrl}/rides/${ride.id}`);
        await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
      }
    }
    await page.context().close();
  });
});

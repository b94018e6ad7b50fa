import { runDueDeliveries } from '../src/server/deliveries/deliveries.worker';
import { deliverySenders } from '../src/server/deliveries/senders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness';
import { expectAccessible, expectToast } from './support/page-checks';
import { currentUser, guestRider, joinGroup } from './support/riders';
import { createGroup, createRide, newGuestRider } from './support/ride-steps';
import { startFakePushService, type FakePushService } from '../src/server/test/fake-push-service';
import { tellRider } from '../src/server/test/factories';

// Web push in Chromium (issue 30, points 8 and 9). Headless Chromium has no push service: the page's
// PushManager.subscribe is stubbed to hand over a subscription of the fake push service (its real
// keys), the server sends there, the fake decrypts, and the decrypted message is delivered to the
// service worker through the DevTools protocol, as a push service would.

let h: Harness;
let fake: FakePushService;
beforeAll(async () => {
  h = await startHarness({ serviceWorkers: 'allow' });
  fake = await startFakePushService();
  h.app.ctx.pushAgent = fake.agent;
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

/** PushManager.subscribe and getSubscription answer with this subscription, as a browser with a push service would. */
async function stubPushManager(context: BrowserContext, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  await context.addInitScript((json) => {
    let held: unknown = null;
    const make = () => ({ endpoint: json.endpoint, expirationTime: null, toJSON: () => ({ ...json, expirationTime: null }), unsubscribe: async () => ((held = null), true) });
    PushManager.prototype.subscribe = async function () {
      held = make();
      return held as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return held as PushSubscription | null;
    };
  }, subscription);
}

/** The page's service worker registration id in the DevTools protocol, once the worker is active. */
async function serviceWorkerRegistration(page: Page): Promise<{ cdp: CDPSession; registrationId: string }> {
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  const cdp = await page.context().newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL === `${h.baseUrl}/`);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await registered };
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data as unknown })));

describe('web push', () => {
  it('turns push on from a tap in Preferences (accessible at 375 px) and shows what the server pushed', async () => {
    const subscription = fake.subscribe();
    const { context, page } = await newGuestRider(h, { width: 375, height: 812 });
    await context.grantPermissions(['notifications'], { origin: h.baseUrl });
    await stubPushManager(context, subscription);
    await page.goto('/preferences');

    const toggle = page.getByRole('switch', { name: 'Notifications on this device' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await expectAccessible(page, undefined, 'Preferences with the push switch at 375 px');

    await toggle.click();
    await expectToast(page, 'Notifications on');
    await page.getByRole('switch', { name: 'Notifications on this device', checked: true }).waitFor();
    await page.getByRole('list', { name: 'Signed-in devices' }).getByText('Notifications on').waitFor();
    await expectAccessible(page, undefined, 'Preferences with push on at 375 px');

    // The server pushes the rider's next notification; the fake decrypts what it got.
    const arriving = fake.nextPush(subscription.endpoint);
    await tellRider(h.app.ctx, (await currentUser(page)).id, 'ride_cancelled', { ride: 'Sunday Loop', startAt: '2030-06-02T07:00:00.000Z', zone: 'Europe/Rome' });
    await runDueDeliveries(h.app.ctx, deliverySenders());
    const pushed = await arriving;
    const sent = JSON.parse(pushed.text) as { title: string; body: string; url: string };
    expect(sent).toMatchObject({ title: 'Ride cancelled', url: '/' });
    expect(sent.body).toContain('Sunday Loop');

    // Delivered to the service worker as a push service would: it shows the notification.
    const { cdp, registrationId } = await serviceWorkerRegistration(page);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: h.baseUrl, registrationId, data: pushed.text });
    await expect.poll(() => shownNotifications(page)).toEqual([{ title: 'Ride cancelled', body: sent.body, data: { url: '/' } }]);

    // Off again: the server forgets this device.
    await page.getByRole('switch', { name: 'Notifications on this device' }).click();
    await page.getByRole('switch', { name: 'Notifications on this device', checked: false }).waitFor();
    const stored = await h.app.ctx.db.selectFrom('push_subscriptions').select('endpoint').where('endpoint', '=', subscription.endpoint).execute();
    expect(stored).toEqual([]);
    await context.close();
  });

  it('offers a guest who joins a ride push on this device, or an address, until push is on', async () => {
    const owner = await guestRider(h, { width: 375, height: 812 });
    const group = await createGroup(owner.page, `Push Offer Riders ${Date.now()}`);
    const ride = await createRide(owner.page, group.id, { name: 'Futa Pass at Dawn' });
    const guest = await guestRider(h, { width: 375, height: 812 });
    await guest.context.grantPermissions(['notifications'], { origin: h.baseUrl });
    await stubPushManager(guest.context, fake.subscribe());
    await joinGroup(guest, owner, group.id);
    await guest.page.goto(`/groups/${group.slug}/rides/${ride.slug}`);
    expect(await guest.page.getByRole('region', { name: 'Hear if this ride changes or is cancelled' }).count()).toBe(0);

    await guest.page.getByRole('button', { name: 'Join Ride' }).click();
    const offer = guest.page.getByRole('region', { name: 'Hear if this ride changes or is cancelled' });
    await offer.waitFor();
    expect(await offer.getByRole('link', { name: 'add an e-mail address' }).getAttribute('href')).toBe('/preferences?highlight=email');
    await expectAccessible(guest.page, ['[aria-labelledby="guest-push-title"]'], 'the push offer at 375 px');
    await offer.getByRole('switch', { name: 'Notifications on this device' }).click();
    await offer.waitFor({ state: 'detached' });
    await guest.context.close();
    await owner.context.close();
  });

  it('shows even a push it cannot read, so the browser keeps the subscription', async () => {
    const { context, page } = await newGuestRider(h, { width: 375, height: 812 });
    await context.grantPermissions(['notifications'], { origin: h.baseUrl });
    const { cdp, registrationId } = await serviceWorkerRegistration(page);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: h.baseUrl, registrationId, data: 'not json' });
    await expect.poll(() => shownNotifications(page)).toEqual([{ title: 'New notification', body: 'not json', data: { url: '/' } }]);
    await context.close();
  });

  it('explains on an iPhone outside the Home Screen how to get notifications, with no switch', async () => {
    const context = await h.browser.newContext({
      viewport: { width: 375, height: 812 },
      baseURL: h.baseUrl,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(async () => void (await fetch('/api/users/mark-welcome-seen', { method: 'POST' })));
    await page.goto('/preferences');
    await page.getByText('tap Share, then Add to Home Screen').waitFor();
    expect(await page.getByRole('switch', { name: 'Notifications on this device' }).count()).toBe(0);
    await context.close();
  });
});

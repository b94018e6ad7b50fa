import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness';
import { expectNoSidewaysScroll, expectAccessible } from './support/page-checks';

/**
 * Addresses in any script, and old addresses after a rename: a group named in Cyrillic opens from
 * its card, and a shared link to a ride (or a group) still opens it after the owner renamed it,
 * with the current address put in the address bar.
 */
vi.setConfig({ testTimeout: 120_000 });

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

async function newVisitor(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const visitor = await h.newPage(viewport);
  await visitor.page.goto('/');
  const welcome = visitor.page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' });
  await welcome.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await welcome.waitFor({ state: 'detached' });
  return visitor;
}

/** A JSON call from the page, as the app makes it (same origin, the page's session). */
async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, { method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { method, url, body },
  ) as Promise<T>;
}

const inFourDays = () => new Date(Date.now() + 4 * 86_400_000).toISOString();

describe('addresses in any script', () => {
  it('opens a group named in Cyrillic from its card, and a ride renamed after the link was shared at its new address', async () => {
    const { context, page } = await newVisitor();
    const group = await api<{ id: string; slug: string }>(page, 'POST', '/api/groups', {
      name: 'Мотоклуб Москва Северо-Запад'.replace('-', ' '),
      location: 'Moscow, Russia',
      radiusKm: 50,
      timezoneOffset: 'UTC+03:00',
      timezoneName: 'Moscow',
    });
    expect(group.slug).toBe('motoklub-moskva-severo-zapad');

    await page.goto('/groups');
    await page.getByRole('link', { name: 'Мотоклуб Москва Северо Запад' }).first().click();
    await page.waitForURL(`**/groups/${group.slug}`);
    await page.getByRole('heading', { level: 1, name: 'Мотоклуб Москва Северо Запад' }).waitFor();
    await expectAccessible(page);

    const ride = await api<{ id: string; slug: string }>(page, 'POST', '/api/rides', {
      groupId: group.id,
      name: 'Воскресные Серпантины',
      startLocation: 'Moscow, Russia',
      startLatitude: 55.7558,
      startLongitude: 37.6173,
      endLocation: 'Tver, Russia',
      endLatitude: 56.8587,
      endLongitude: 35.9176,
      startDate: inFourDays(),
      endDate: inFourDays(),
      duration: 'full-day',
      minRiders: 1,
      maxRiders: 10,
      timezoneOffset: 'UTC+03:00',
      timezoneName: 'Moscow',
    });
    const sharedLink = `/groups/${group.slug}/rides/${ride.slug}`;
    expect(sharedLink).toBe('/groups/motoklub-moskva-severo-zapad/rides/voskresnye-serpantiny');

    // The owner renames the ride, then the group, after the link went out.
    await api(page, 'PATCH', `/api/rides/${ride.id}`, { name: 'Sunday Twisties to Tver' });
    await api(page, 'PATCH', `/api/groups/${group.id}`, { name: 'Moscow Northwest Riders' });

    // Someone else opens the shared link.
    const friend = await newVisitor({ width: 375, height: 800 });
    await friend.page.goto(`${sharedLink}?from=chat`);
    await friend.page.getByRole('heading', { level: 1, name: 'Sunday Twisties to Tver' }).waitFor();
    await expectAccessible(friend.page);
    await friend.page.waitForURL('**/groups/moscow-northwest-riders/rides/sunday-twisties-to-tver?from=chat');
    // The address was replaced, not added: Back leaves the ride instead of returning to the old address.
    await friend.page.goBack();
    await friend.page.waitForURL((url) => !url.pathname.includes('/rides/'));
    await friend.page.goForward();
    await friend.page.getByRole('heading', { level: 1, name: 'Sunday Twisties to Tver' }).waitFor();
    await expectNoSidewaysScroll(friend.page);

    // The old group address too.
    await friend.page.goto('/groups/motoklub-moskva-severo-zapad');
    await friend.page.getByRole('heading', { level: 1, name: 'Moscow Northwest Riders' }).waitFor();
    await expectAccessible(friend.page);
    await friend.page.waitForURL('**/groups/moscow-northwest-riders');
    await expectNoSidewaysScroll(friend.page);

    await friend.context.close();
    await context.close();
  });
});

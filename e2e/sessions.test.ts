import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { linkFrom, startHarness, type Harness } from './support/harness';
import { expectAccessible } from './support/page-checks';
import { screenshotsDir } from './support/screenshots';

const SHOTS = screenshotsDir('sessions');

const USER_AGENTS = {
  phone: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  tablet: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  laptop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

/** A browser with its own User-Agent, signed in to the account of `email` through the mailed link. */
async function signedInBrowser(email: string, userAgent: string, viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport, baseURL: h.baseUrl, userAgent, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(async () => void (await fetch('/api/users/mark-welcome-seen', { method: 'POST' })));
  const before = h.mails.length;
  await page.evaluate(async (address) => {
    await fetch('/api/auth/magic-link', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: address }) });
  }, email);
  await page.goto(linkFrom(await h.waitForMail(email, { after: before })));
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  await page.evaluate(async () => void (await fetch('/api/users/mark-welcome-seen', { method: 'POST' })));
  return { context, page };
}

async function openPreferences(page: Page) {
  await page.goto('/preferences');
  await page.getByRole('heading', { name: 'Profile Information' }).waitFor();
  await page.getByRole('list', { name: 'Signed-in devices' }).waitFor();
}

/** Elements reaching past the right edge of the viewport (empty when nothing scrolls sideways). */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} ${Math.round(el.getBoundingClientRect().right)}`);
  });

describe('Preferences: signed-in devices and the address waiting for confirmation', () => {
  it('lists three devices, shows a long waiting address, and signs the other devices out', async () => {
    const email = `sessions-${Date.now()}@example.com`;
    const laptop = await signedInBrowser(email, USER_AGENTS.laptop);
    const tablet = await signedInBrowser(email, USER_AGENTS.tablet);
    const phone = await signedInBrowser(email, USER_AGENTS.phone, { width: 375, height: 812 });
    for (const { page } of [laptop, tablet]) await page.evaluate(async () => void (await fetch('/api/users/current')));

    // An address waiting for confirmation, long enough to need wrapping.
    const waiting = `a.very.long.address.for.a.rider.who.likes.long.names-${Date.now()}@motorcycle-touring-club-of-northern-italy.example.com`;
    const me = await phone.page.evaluate(async () => (await (await fetch('/api/users/current')).json()) as { id: string });
    await phone.page.evaluate(
      async ([id, address]) => {
        await fetch(`/api/users/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: address }) });
      },
      [me.id, waiting] as const,
    );

    // After a reload the waiting address is still shown, from the server.
    await openPreferences(phone.page);
    await phone.page.getByText(`Waiting for confirmation of ${waiting}`).waitFor();
    const devices = phone.page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
    expect(await devices.count()).toBe(3);
    expect(await devices.nth(0).innerText()).toContain('Samsung Internet on Android');
    expect(await devices.nth(0).innerText()).toContain('This device');
    expect(await phone.page.getByText('Safari on iPad').count()).toBe(1);
    expect(await phone.page.getByText('Edge on Windows').count()).toBe(1);

    for (const width of [320, 375, 414]) {
      await phone.page.setViewportSize({ width, height: 812 });
      await phone.page.screenshot({ path: `${SHOTS}/preferences-${width}.png`, fullPage: true });
      expect(await overflowing(phone.page)).toEqual([]);
    }
    await phone.page.setViewportSize({ width: 375, height: 812 });
    await phone.page.getByRole('heading', { name: 'Security' }).scrollIntoViewIfNeeded();
    await phone.page.screenshot({ path: `${SHOTS}/security-375.png`, fullPage: true });
    await phone.page.getByText(`Waiting for confirmation of`).scrollIntoViewIfNeeded();
    await phone.page.screenshot({ path: `${SHOTS}/pending-375.png` });

    await laptop.page.setViewportSize({ width: 1280, height: 900 });
    await openPreferences(laptop.page);
    await laptop.page.getByText(`Waiting for confirmation of ${waiting}`).waitFor();
    await laptop.page.screenshot({ path: `${SHOTS}/preferences-1280.png`, fullPage: true });
    expect(await overflowing(laptop.page)).toEqual([]);

    await expectAccessible(phone.page);

    // Keyboard: the buttons are reachable and work with Enter.
    const signOutOthers = phone.page.getByRole('button', { name: 'Sign out other devices' });
    await signOutOthers.focus();
    await phone.page.keyboard.press('Enter');
    // .first(): Radix also renders the toast's text for a moment in its screen-reader announcement.
    await phone.page.getByText('2 other devices were signed out.').first().waitFor();
    await phone.page.waitForFunction(() => document.querySelectorAll('[aria-labelledby="devices-title"] li').length === 1);
    for (const { page } of [laptop, tablet]) {
      expect(await page.evaluate(async () => (await fetch('/api/auth/sessions')).status)).toBe(401);
    }

    // Cancel: nothing waits any more, also after a reload.
    await phone.page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await phone.page.getByText('Address change cancelled').first().waitFor();
    await openPreferences(phone.page);
    expect(await phone.page.getByText('Waiting for confirmation of').count()).toBe(0);

    for (const browser of [laptop, tablet, phone]) await browser.context.close();
  }, 180_000);
});

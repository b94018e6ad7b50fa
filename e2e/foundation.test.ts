import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { linkFrom, startHarness, type Harness } from './support/harness';
import { expectAccessible, expectToast, recordToasts } from './support/page-checks';
import { tellRider } from '../src/server/test/factories';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

async function currentUser(page: Page): Promise<{ id: string; userId: string; email: string | null; isFirstVisit: boolean }> {
  return page.evaluate(async () => (await fetch('/api/users/current')).json());
}

async function welcomeEvents(userId: string) {
  const rows = await h.app.ctx.db.selectFrom('activity_events').selectAll().where('user_id', '=', userId).where('event', '=', 'welcome_action').execute();
  return rows.map((r) => ({ category: r.category, ...JSON.parse(r.properties) }));
}

describe('first visit', () => {
  it('greets a new visitor by the product name with the handle generated for them', async () => {
    const { context, page } = await h.newPage();
    // The app's entry script arrives compressed (the build's .br/.gz copies; Chromium asks for
    // gzip over plain http and for Brotli over https).
    const entryEncodings: string[] = [];
    page.on('response', (response) => {
      if (/\/assets\/index-[^/]+\.js$/.test(new URL(response.url()).pathname)) entryEncodings.push(response.headers()['content-encoding'] ?? 'none');
    });
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' });
    await dialog.waitFor();
    await expectAccessible(page);
    const me = await currentUser(page);
    expect(await dialog.innerText()).toContain(me.userId);
    expect(await dialog.innerText()).toContain('You can change this in your profile');
    expect(await page.title()).toBe('RoadCaptain');
    expect(entryEncodings).toEqual([expect.stringMatching(/^(gzip|br)$/)]);
    await context.close();
  });

  const actions: Array<[string, string | null, string]> = [
    ['Join a Group', '/finder', 'join_group'],
    ['Start a Group', '/groups?action=create', 'start_group'],
    ['Find Nearby Rides', '/finder', 'find_rides'],
    ['Continue to Dashboard', '/', 'continue_to_dashboard'],
    ['Login as existing user', null, 'login'],
  ];
  it.each(actions)('"%s" marks the welcome seen first, then does its thing', async (label, target, action) => {
    const { context, page } = await h.newPage();
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' });
    await dialog.getByRole('button', { name: label }).click();
    await dialog.waitFor({ state: 'detached' });
    if (target) await page.waitForURL((url) => `${url.pathname}${url.search}` === target);
    else await page.getByRole('dialog', { name: 'Login to Existing Account' }).waitFor();

    const me = await currentUser(page);
    expect(me.isFirstVisit).toBe(false);
    await expect.poll(() => welcomeEvents(me.id)).toEqual([expect.objectContaining({ category: 'onboarding', action })]);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expectAccessible(page);
    expect(await page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' }).count()).toBe(0);
    await context.close();
  });

  it('closing the dialog also marks it seen', async () => {
    const { context, page } = await h.newPage();
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await currentUser(page)).isFirstVisit).toBe(false);
    await context.close();
  });
});

async function dismissWelcome(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' });
  await dialog.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function signIn(page: Page, email: string) {
  const before = h.mails.length;
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Login' }).click();
  const login = page.getByRole('dialog', { name: 'Login to Existing Account' });
  await login.getByLabel('Email Address').fill(`  ${email}  `);
  await login.getByRole('button', { name: 'Send Magic Link' }).click();
  await login.getByRole('heading', { name: 'Check Your Email' }).waitFor();
  await expectAccessible(page);
  expect(await login.innerText()).toContain(email);
  await expect.poll(() => h.mails.length).toBeGreaterThan(before);
  const mail = await h.waitForMail(email);
  await login.getByRole('button', { name: 'Done' }).click();
  return linkFrom(mail);
}

describe('sign-in by e-mailed link', () => {
  it('signs in end to end over real SMTP, refuses the used link, and logs out', async () => {
    const email = `ana-${Date.now()}@example.com`;
    const { context, page } = await h.newPage();
    await page.goto('/');
    await dismissWelcome(page);
    const guest = await currentUser(page);
    const link = await signIn(page, email);
    expect(link.startsWith(h.baseUrl)).toBe(true);

    await page.goto(link);
    await page.getByText("You're signed in").waitFor();
    await expectAccessible(page);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    const me = await currentUser(page);
    expect(me).toMatchObject({ id: guest.id, email });

    // A second use of the same link is refused.
    const other = await h.newPage();
    await other.page.goto(link);
    await other.page.getByText('Authentication Failed: The magic link is invalid or has expired. Please request a new one.').waitFor();
    await expectAccessible(other.page);
    await other.context.close();

    // Logout from the user menu.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByText('You have been successfully logged out', { exact: true }).waitFor();
    await expectAccessible(page);
    // Logout leads to the signed-out page (sign-in-trust.test.ts covers it); a new visitor is someone else.
    await page.waitForURL((url) => url.pathname === '/signed-out');
    await expect.poll(async () => (await currentUser(page)).id).not.toBe(me.id);
    await context.close();
  });

  it('says "Invalid Magic Link" without a token', async () => {
    const { context, page } = await h.newPage();
    await page.goto('/auth/magic-link');
    await page.getByRole('heading', { name: 'Invalid Magic Link' }).waitFor();
    await expectAccessible(page);
    await context.close();
  });
});

describe('the shell', () => {
  it('on a 375 px phone, the drawer opens from the header and closes when a link is chosen', async () => {
    const { context, page } = await h.newPage({ width: 375, height: 812 });
    await page.goto('/');
    await dismissWelcome(page);
    // Far down the dashboard first: the page the drawer leads to opens at its top, its title in sight.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: /navigation/i });
    await drawer.waitFor();
    await expectAccessible(page);
    await drawer.getByRole('link', { name: 'Report Bug' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === '/report-bug');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Back returns to where the rider was, as the browser keeps it.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('shows "404 Page Not Found" for an unknown path', async () => {
    const { context, page } = await h.newPage();
    await page.goto('/no/such/page');
    await dismissWelcome(page);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('shows a notification created on the server while the page is open, live, as a toast and in the list', async () => {
    const { context, page } = await h.newPage();
    await recordToasts(page);
    const streamOpen = page.waitForResponse((res) => res.url().endsWith('/api/notifications/stream') && res.status() === 200);
    await page.goto('/');
    await dismissWelcome(page);
    const me = await currentUser(page);
    await streamOpen;
    await tellRider(h.app.ctx, me.id, 'ride_created', { ride: 'Sunrise Loop' });
    await expectToast(page, 'Sunrise Loop has been added to your group');
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).first().waitFor();
    await expectAccessible(page);
    await context.close();
  });
});

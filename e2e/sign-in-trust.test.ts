import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { linkFrom, startHarness, type Harness } from './support/harness';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());


/** Screenshots for review, only when SHOTS_DIR is set. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

async function currentUser(page: Page): Promise<{ id: string; userId: string; email: string | null }> {
  return page.evaluate(async () => (await fetch('/api/users/current')).json());
}

async function dismissWelcome(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' });
  await dialog.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function openLogin(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).first().click();
  await page.getByRole('menuitem', { name: 'Login' }).click();
  return page.getByRole('dialog', { name: 'Login to Existing Account' });
}

/** Asks for a link from the Login dialog and returns it from the mail that arrived. */
async function askForLink(page: Page, email: string): Promise<string> {
  const before = h.mails.filter((m) => m.to === email).length;
  const login = await openLogin(page);
  await login.getByLabel('Email Address').fill(email);
  await login.getByRole('button', { name: 'Send Magic Link' }).click();
  await login.getByRole('heading', { name: 'Check Your Email' }).waitFor();
  await expect.poll(() => h.mails.filter((m) => m.to === email).length).toBeGreaterThan(before);
  const mail = h.mails.filter((m) => m.to === email).at(-1)!;
  await login.getByRole('button', { name: 'Done' }).click();
  return linkFrom(mail);
}

const countUsers = async () => Number((await h.app.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const LONG = 'maximilian.oberhuber-schwarzenberger@motorradfreunde-oberbayern.de';

describe('a sign-in link signs in only who asked for it, or who knowingly confirms', () => {
  it('signs the requesting browser in at once; another browser is asked "Sign in as …?" and gets that account, not its guest', { timeout: 180_000 }, async () => {
    // The requester.
    const a = await h.newPage();
    await a.page.goto('/');
    await dismissWelcome(a.page);
    const requesterGuest = await currentUser(a.page);
    const first = await askForLink(a.page, LONG);
    await a.page.goto(first);
    await a.page.getByText("You're signed in").waitFor();
    await a.page.waitForURL((url) => url.pathname === '/');
    const account = await currentUser(a.page);
    expect(account).toMatchObject({ id: requesterGuest.id, email: LONG });
    // A second link from the same browser (the account menu offers no Login once signed in).
    const sent = h.mails.length;
    expect(await a.page.evaluate(async (email) => (await fetch('/api/auth/magic-link', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email }) })).status, LONG)).toBe(200);
    await expect.poll(() => h.mails.length).toBeGreaterThan(sent);
    const second = linkFrom(h.mails.filter((m) => m.to === LONG).at(-1)!);
    expect(second).not.toBe(first);

    // Someone else, a guest with a group of its own, opens the second link.
    for (const viewport of [{ width: 375, height: 812 }, { width: 1280, height: 800 }]) {
      const b = await h.newPage(viewport);
      await b.page.goto('/');
      await dismissWelcome(b.page);
      const otherGuest = await currentUser(b.page);
      const groupName = `Other Guests ${viewport.width}`;
      const created = await b.page.evaluate(async (name) => {
        const res = await fetch('/api/groups', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name, location: 'Bologna, Italy', latitude: 44.49, longitude: 11.34, radiusKm: 50, membershipApprovalRequired: false, timezoneOffset: 'UTC+01:00', timezoneName: 'Berlin' }),
        });
        return res.status;
      }, groupName);
      expect(created).toBe(201);

      await b.page.goto(second);
      const heading = b.page.getByRole('heading', { name: `Sign in as ${LONG}?` });
      await heading.waitFor();
      // Opening it consumed nothing and changed nobody.
      const row = await h.app.ctx.db.selectFrom('magic_links').select('consumed_at').where('email', '=', LONG).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
      expect(row.consumed_at).toBeNull();
      expect(await currentUser(b.page)).toMatchObject({ id: otherGuest.id, email: null });
      await expectNoSidewaysScroll(b.page);
      // The page's own content (the shell around it is checked by the shell's tests).
      await expectAccessible(b.page);
      await shot(b.page, `sign-in-as-${viewport.width}`);

      if (viewport.width === 375) {
        // "Not now" leaves everything as it was; the link stays usable.
        await b.page.getByRole('link', { name: 'Not now' }).click();
        await b.page.waitForURL((url) => url.pathname === '/');
        expect((await currentUser(b.page)).id).toBe(otherGuest.id);
      } else {
        // Keyboard: Tab reaches the button, Enter confirms.
        await b.page.getByRole('button', { name: 'Sign in' }).focus();
        await b.page.keyboard.press('Enter');
        await b.page.getByText("You're signed in").waitFor();
        await b.page.waitForURL((url) => url.pathname === '/');
        const now = await currentUser(b.page);
        expect(now).toMatchObject({ id: account.id, email: LONG });
        // The account did not get the other guest's group, and that guest still has it.
        const groups = await b.page.evaluate(async () => (await fetch('/api/groups')).json() as Promise<Array<{ name: string }>>);
        expect(groups.map((g) => g.name)).not.toContain(groupName);
        const guestRow = await h.app.ctx.db.selectFrom('users').select(['id', 'email']).where('id', '=', otherGuest.id).executeTakeFirst();
        expect(guestRow).toEqual({ id: otherGuest.id, email: null });
      }
      await b.context.close();
    }

    // The used link is refused in the requesting browser too.
    await a.page.goto(second);
    await a.page.getByText('Authentication Failed: The magic link is invalid or has expired. Please request a new one.').waitFor();
    await a.context.close();
  });
});

describe('signing out', () => {
  it('Logout leads to "You\'re signed out", which makes no guest until "Continue as guest"', { timeout: 120_000 }, async () => {
    const email = `sol-${Date.now()}@example.com`;
    const { context, page } = await h.newPage();
    await page.goto('/');
    await dismissWelcome(page);
    await page.goto(await askForLink(page, email));
    await page.waitForURL((url) => url.pathname === '/');
    const me = await currentUser(page);

    const usersBefore = await countUsers();
    const currentReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/users/current') currentReads.push(`${request.method()} while on ${page.url()}`);
    });
    await page.getByRole('button', { name: /Account menu/ }).first().click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/signed-out');
    await page.getByRole('heading', { name: "You're signed out" }).waitFor();
    await page.getByText('You have been successfully logged out', { exact: true }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' }).count()).toBe(0);

    // A reload of the page makes nobody either.
    await page.reload();
    await page.getByRole('heading', { name: "You're signed out" }).waitFor();
    // A read the page would make starts while it loads: once the network is quiet, none came.
    await page.waitForLoadState('networkidle');
    expect(currentReads).toEqual([]);
    expect(await countUsers()).toBe(usersBefore);
    await expectAccessible(page);
    await shot(page, 'signed-out-1280');
    for (const width of [320, 375, 414]) {
      await page.setViewportSize({ width, height: 812 });
      await expectNoSidewaysScroll(page);
    }
    await shot(page, 'signed-out-414');
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, 'signed-out-375');

    // "Sign in" opens the Login dialog right here.
    await page.getByRole('button', { name: 'Sign in' }).click();
    const login = page.getByRole('dialog', { name: 'Login to Existing Account' });
    await login.waitFor();
    await page.keyboard.press('Escape');
    await login.waitFor({ state: 'detached' });
    expect(await countUsers()).toBe(usersBefore);

    // "Continue as guest" makes a new guest and welcomes it.
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    await page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' }).waitFor();
    expect(await countUsers()).toBe(usersBefore + 1);
    expect((await currentUser(page)).id).not.toBe(me.id);
    await context.close();
  });
});

describe('the Login dialog says why a link was not sent', () => {
  it('shows the server\'s reason for a refused address, and how long to wait after too many links', { timeout: 120_000 }, async () => {
    const { context, page } = await h.newPage();
    await page.goto('/');
    await dismissWelcome(page);

    const login = await openLogin(page);
    await login.getByLabel('Email Address').fill('rider@localhost');
    await login.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect.poll(async () => login.getByRole('alert').textContent()).toBe('Invalid email address');
    await expectAccessible(page);

    const email = `busy-${Date.now()}@example.com`;
    const statuses = await page.evaluate(async (address) => {
      const out: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await fetch('/api/auth/magic-link', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: address }) });
        out.push(res.status);
      }
      return out;
    }, email);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    await login.getByLabel('Email Address').fill(email);
    await login.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect.poll(async () => login.getByRole('alert').textContent()).toBe('Too many sign-in links. Try again in 60 minutes.');
    // The form stays, to correct the address.
    expect(await login.getByRole('button', { name: 'Send Magic Link' }).isEnabled()).toBe(true);
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness';
import { createGroup, createRide, newGuestRider } from './support/ride-steps';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogPath, type CatalogIndex } from '../src/shared/i18n/catalog-index';
import type { Locator, Page } from 'playwright-core';
import { animationsSettled, expectAccessible } from './support/page-checks';
import { screenshotsDir } from './support/screenshots';

// A part of a page whose code cannot be loaded (no signal before the service worker kept it, or a new
// version deployed since the page opened: its old chunk is gone) fails alone. The page around it, and
// what the rider typed there, stays; the part offers Try again (components/lazy-part.tsx).

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

/** A language's texts by their English source (single-line entries of its catalog), to find what a rider reads. */
function textsOf(locale: string): (english: string) => string {
  if (locale === 'en') return (english) => english;
  const po = fs.readFileSync(fileURLToPath(new URL(`../src/locales/${locale}/messages.po`, import.meta.url)), 'utf8');
  const texts = new Map([...po.matchAll(/^msgid "(.+)"\nmsgstr "(.+)"$/gm)].map((m) => [m[1]!, m[2]!]));
  return (english) => texts.get(english) ?? english;
}

/** A new guest in a browser of that language, past the welcome, on the dashboard. */
async function newRider(locale: string, viewport: { width: number; height: number }) {
  if (locale === 'en') return newGuestRider(h, viewport);
  const { context, page } = await h.newPage(viewport, undefined, { locale });
  await page.goto('/');
  await page.getByRole('button', { name: textsOf(locale)('Continue to Dashboard') }).click();
  return { context, page };
}

/** What a part that cannot be loaded says (components/lazy-part.tsx). */
const NOT_LOADED = 'This part of the page could not be loaded. Check your connection; what you have typed stays here.';

/** The message and its button whole: inside the window and every box that clips them, no text running out of its box. */
async function expectWhole(failed: Locator, label: string) {
  const cut = await failed.evaluate((box) => {
    const problems: string[] = [];
    const inner = box.getBoundingClientRect();
    const outside = (outer: { left: number; right: number; top: number; bottom: number }) =>
      inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5 || inner.top < outer.top - 0.5 || inner.bottom > outer.bottom + 0.5;
    if (outside({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight })) problems.push(`outside the window: ${JSON.stringify(inner)}`);
    for (let up = box.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      if (outside(up.getBoundingClientRect())) problems.push(`cut by ${up.tagName} ${up.className}`);
    }
    for (const element of [box, ...box.querySelectorAll<HTMLElement>('*')]) {
      if (element.scrollWidth > element.clientWidth + 1) problems.push(`${element.tagName} runs out: ${element.scrollWidth} px in ${element.clientWidth} px`);
    }
    return problems;
  });
  expect(cut, label).toEqual([]);
}

/** The screenshots people look at, at 375 px and at 1280 px (then back to the first width), each checked whole. */
async function screenshots(page: Page, failed: Locator, name: string) {
  const first = page.viewportSize()!;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await animationsSettled(page);
    await expectWhole(failed, `${name} at ${width} px`);
    await page.screenshot({ path: path.join(screenshotsDir('parts-that-fail'), `${name}-${width}.png`) });
  }
  await page.setViewportSize(first);
}

describe('a part of a page that cannot be loaded', () => {
  it.each(['en', 'pl'])("says so in the Create Ride form, keeps what was typed, and loads on Try again (%s)", async (locale) => {
    const t = textsOf(locale);
    const { page } = await newRider(locale, { width: 375, height: 800 });
    const group = await createGroup(page, `Appennino Tosco Emiliano Motoclub ${locale}`);
    expect(group.slug).toBeTruthy();
    await page.reload();
    await page.getByRole('region', { name: t('Quick actions') }).getByRole('button', { name: t('Create Ride') }).click();
    const dialog = page.getByRole('dialog', { name: t('Create Ride') });
    await dialog.getByLabel(t('Ride Name')).fill('Passo della Futa at dawn');

    // The calendar's chunk is gone (a deploy) or unreachable: its request fails.
    const CALENDAR_CHUNK = /\/assets\/calendar-[\w-]+\.js$/;
    let blocked = 0;
    await page.route(CALENDAR_CHUNK, (route) => {
      blocked++;
      return route.abort('connectionfailed');
    });
    await dialog.getByLabel(t('Start Date'), { exact: true }).click();
    const failed = page.getByRole('alert').filter({ hasText: t(NOT_LOADED) });
    await failed.waitFor();
    expect(blocked).toBeGreaterThan(0);
    // The form is still there, with its text; the page is not the error screen.
    expect(await dialog.getByLabel(t('Ride Name')).inputValue()).toBe('Passo della Futa at dawn');
    expect(await page.getByRole('heading', { name: t('Something went wrong') }).count()).toBe(0);
    await expectAccessible(page);
    await screenshots(page, failed, `calendar-not-loaded-${locale}`);

    // Back: Try again asks for the code anew, and the calendar opens.
    await page.unroute(CALENDAR_CHUNK);
    await failed.getByRole('button', { name: t('Try again') }).click();
    await page.locator('.rdp-caption_label').first().waitFor();
    await expect.poll(() => failed.count()).toBe(0);
    expect(await dialog.getByLabel(t('Ride Name')).inputValue()).toBe('Passo della Futa at dawn');
  });

  it.each([
    ['en', 1280],
    ['en', 375],
    ['pl', 375],
  ])('says so in a dialog when the login dialog cannot be loaded, and opens it on Try again (%s, %i px)', async (locale, width) => {
    const t = textsOf(locale);
    const { page } = await newRider(locale, { width, height: 800 });
    // The login dialog's chunk is gone (a deploy) or unreachable, and nothing has loaded it yet.
    const LOGIN_CHUNK = /\/assets\/login-dialog-[\w-]+\.js$/;
    let blocked = 0;
    await page.route(LOGIN_CHUNK, (route) => {
      blocked++;
      return route.abort('connectionfailed');
    });
    const tapLogin = async () => {
      if (width < 1024) await page.getByRole('button', { name: t('Open navigation') }).click();
      await page.getByRole('button', { name: new RegExp(`^${t('Account menu:')}`) }).click();
      await page.getByRole('menuitem', { name: t('Login') }).click();
    };
    await tapLogin();
    const dialog = page.getByRole('dialog', { name: t('Login'), exact: true });
    const failed = dialog.getByRole('alert').filter({ hasText: t(NOT_LOADED) });
    await failed.waitFor();
    expect(blocked).toBeGreaterThan(0);
    // The focus is in the dialog, on what the rider can do: Try again.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(t('Try again'));
    await expectAccessible(page);
    await screenshots(page, failed, `login-not-loaded-${locale}-${width}`);

    // Closed, and tapped again: it says so again (the tap is never lost).
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await tapLogin();
    await failed.waitFor();

    // Back: Try again (by keyboard) asks for the code anew, and the login dialog opens.
    await page.unroute(LOGIN_CHUNK);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(t('Try again'));
    await page.keyboard.press('Enter');
    const login = page.getByRole('dialog', { name: t('Login to Existing Account') });
    await login.waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await expectAccessible(page);
  });

  it('leaves a ride page whole when an extra of the app shell (offline banner, update prompt) cannot be loaded', async () => {
    const owner = await newGuestRider(h, { width: 1280, height: 800 });
    const group = await createGroup(owner.page, 'Passo Giogo Riders');
    const ride = await createRide(owner.page, group.id, { name: 'Giogo and Muraglione Loop' });
    await owner.context.close();

    const { page } = await h.newPage({ width: 375, height: 800 });
    let blocked = 0;
    await page.route(/\/assets\/(connection-status|welcome-dialog)-[\w-]+\.js$/, (route) => {
      blocked++;
      return route.abort('connectionfailed');
    });
    await page.goto(`/groups/${group.slug}/rides/${ride.slug}`);
    await page.locator('#ride-title', { hasText: 'Giogo and Muraglione Loop' }).waitFor();
    await expect.poll(() => blocked).toBeGreaterThanOrEqual(2);
    await page.getByRole('heading', { name: 'Ride Details' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
  });

  it("shows a page's texts, not their ids, when its chunk arrives before the page's catalog", async () => {
    const owner = await newGuestRider(h, { width: 1280, height: 800 });
    const group = await createGroup(owner.page, 'Mugello Early Birds');
    const ride = await createRide(owner.page, group.id, { name: 'Giogo and Muraglione Loop' });
    await owner.context.close();

    // The first load's catalog is held until the ride page's chunk has asked for its own messages:
    // the order a slow or busy phone can give (the router asks for the route's chunk at once).
    const html = fs.readFileSync(fileURLToPath(new URL('../dist/web/index.html', import.meta.url)), 'utf8');
    const index = JSON.parse(/<script type="application\/json" id="rc-catalogs">([^<]*)</.exec(html)![1]!) as CatalogIndex;
    const firstCatalog = `/${catalogPath(index, 'en', index.first)}`;
    const { page } = await h.newPage({ width: 1280, height: 800 });
    await page.addInitScript(() => {
      // Notes each group a chunk asks for (build/catalog-split.ts: `await globalThis.__rcMessages?.(key)`).
      const w = window as unknown as { asked: string[]; __rcMessages?: (key: string) => Promise<void> };
      w.asked = [];
      let load: ((key: string) => Promise<void>) | undefined;
      Object.defineProperty(window, '__rcMessages', {
        configurable: true,
        set: (value: (key: string) => Promise<void>) => (load = value),
        get: () => load && ((key: string) => (w.asked.push(key), load!(key))),
      });
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route((url) => url.pathname === firstCatalog, async (route) => {
      await held;
      await route.continue();
    });
    const loaded = page.goto(`/groups/${group.slug}/rides/${ride.slug}`);
    try {
      await page.waitForFunction(() => (window as unknown as { asked: string[] }).asked.length > 0);
      release();
      await loaded;
      await page.getByRole('heading', { name: 'Ride Details' }).waitFor();
      // A first visit: the welcome opens over the page once it has settled (modal, so the page's
      // buttons are hidden from the look below while it is open). Its texts are checked too.
      const welcome = page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' });
      await welcome.getByRole('button', { name: 'Continue to Dashboard' }).click();
      await welcome.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Join Group' }).first().waitFor();
    } catch (error) {
      // What the page asked for and showed says more than a timeout.
      const asked = await page.evaluate(() => (window as unknown as { asked: string[] }).asked).catch(() => null);
      const shown = await page.locator('body').innerText().catch(() => '');
      throw new Error(`groups asked: ${JSON.stringify(asked)}; page: ${shown.slice(0, 1200)}`, { cause: error });
    }
  });
});

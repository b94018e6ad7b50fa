import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startHarness, type Harness, type StorageState } from './support/harness';
import { animationsSettled, axeViolations } from './support/page-checks';
import { pageApi } from './support/page-api';
import { newGuestRider } from './support/ride-steps';
import { signedInRider, unique } from './support/riders';
import { screenshotsDir } from './support/screenshots';

/**
 * A tour of every screen with axe-core over the whole document (shell, page and any open dialog),
 * signed out, as a guest, as a member and as an owner, at 375 and 1280 px: no serious or critical
 * violation anywhere. Each tour collects what it finds and fails once with the whole list. The riders,
 * group, ride and invitation the tours visit are made once, by whichever test comes first, so any one
 * runs alone.
 */
vi.setConfig({ testTimeout: 300_000 });

let h: Harness;
const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const GROUP_NAME = 'Motorradfreundeskreisoberbayern Sonntagsausfahrten';

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return (await pageApi<T>(page, method, url, body)).json;
}

/**
 * What a tour visits: an owner (signed in with a long address) with a group, a ride and an open
 * invitation, and a member of the group (signed in). The riders' browser states let a tour open
 * their pages at its own width without signing in again.
 */
interface World {
  group: { id: string; slug: string; name: string };
  ride: { id: string; slug: string };
  inviteLink: string;
  ownerHandle: string;
  owner: StorageState;
  member: StorageState;
}

async function makeWorld(): Promise<World> {
  const n = unique();
  const owner = await signedInRider(h, `maximiliane.oberhuber-schwarzenberger.${n}@example.com`, DESKTOP);
  const name = `${GROUP_NAME} ${n}`;
  const group = await api<{ id: string; slug: string }>(owner.page, 'POST', '/api/groups', {
    name,
    description: 'Sunday rides over the Kesselberg, coffee by the Walchensee.',
    location: 'Munich, Bavaria, Germany',
    latitude: 48.137,
    longitude: 11.575,
    radiusKm: 100,
    membershipApprovalRequired: false,
    timezoneOffset: 'UTC+01:00',
    timezoneName: 'Berlin',
  });
  const start = new Date(Date.now() + 6 * 86_400_000).toISOString();
  const ride = await api<{ id: string; slug: string }>(owner.page, 'POST', '/api/rides', {
    groupId: group.id,
    name: 'Kesselberg und Walchensee Rundfahrt mit Kaffeepause',
    startLocation: 'Munich, Bavaria, Germany',
    startLatitude: 48.137,
    startLongitude: 11.575,
    endLocation: 'Kochel am See, Bavaria, Germany',
    endLatitude: 47.659,
    endLongitude: 11.368,
    startDate: start,
    endDate: start,
    duration: 'full-day',
    minRiders: 1,
    maxRiders: 12,
    timezoneOffset: 'UTC+01:00',
    timezoneName: 'Berlin',
  });
  const inviteLink = (await api<{ magicLink: string }>(owner.page, 'POST', `/api/groups/${group.id}/invite`, { inviterFirstName: 'Maxi', inviteeName: 'Giulia' })).magicLink;
  const ownerState = await owner.context.storageState();
  await owner.context.close();

  const rider = await signedInRider(h, `member.giulia.${n}@example.com`, DESKTOP);
  await api(rider.page, 'POST', `/api/groups/${group.id}/join`);
  const memberState = await rider.context.storageState();
  await rider.context.close();
  return { group: { ...group, name }, ride, inviteLink, ownerHandle: owner.userId, owner: ownerState, member: memberState };
}

/**
 * One world for the whole file, made by the first test that asks (so any one test still runs
 * alone): the tours only look (dialogs they open are closed unsaved), so each finds it as made.
 * Made once instead of per test, it saves two sign-ins through the mail per tour.
 */
let shared: Promise<World> | undefined;
function world(): Promise<World> {
  shared ??= makeWorld();
  return shared;
}

/** A visitor past the welcome dialog; with `state`, that signed-in rider's browser at this width. */
async function visitor(viewport: { width: number; height: number }, state?: StorageState): Promise<{ context: BrowserContext; page: Page }> {
  if (!state) return newGuestRider(h, viewport);
  const { context, page } = await h.newPage(viewport, state);
  await page.goto('/');
  return { context, page };
}

/** Collects the violations of each screen visited. */
class Tour {
  found: Record<string, string[]> = {};
  constructor(readonly page: Page) {}

  async check(screen: string) {
    const violations = await axeViolations(this.page);
    if (violations.length > 0) this.found[screen] = violations;
  }

  /** Opens `url`, waits for its level-1 heading and checks. */
  async visit(screen: string, url: string, heading: string | RegExp) {
    await this.page.goto(url);
    await this.page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
    await this.check(screen);
  }

  /** Opens a dialog with `open`, checks it and closes it. */
  async dialog(screen: string, name: string | RegExp, open: () => Promise<void>) {
    await open();
    const dialog = this.page.getByRole('dialog', { name });
    await dialog.waitFor();
    await this.check(screen);
    // The corner X, not Escape: a notification toast that turns up meanwhile takes the first Escape (Radix).
    await dialog.getByRole('button', { name: /^Close/ }).last().click();
    await dialog.waitFor({ state: 'detached' });
  }
}

const ridePath = ({ group, ride }: World) => `/groups/${group.slug}/rides/${ride.slug}`;

/** The screens every signed-in rider (guest or not) sees. */
async function commonScreens(tour: Tour, width: number, world: World) {
  const { page } = tour;
  const { group, ownerHandle, inviteLink } = world;
  await tour.visit('dashboard', '/', /./);
  await tour.visit('groups', '/groups', 'My Groups');
  await tour.visit('group page', `/groups/${group.slug}`, group.name);
  await tour.visit('ride page', ridePath(world), /Kesselberg/);
  await tour.visit('upcoming', '/upcoming', 'Upcoming Rides');
  await tour.visit('finder', '/finder', 'Ride Finder');
  await tour.visit('media', '/media', 'Media Gallery');
  await tour.visit('preferences', '/preferences', 'Preferences');
  await tour.visit('profile', `/profile/${ownerHandle}`, /./);
  await tour.visit('report bug', '/report-bug', 'Report a Bug');
  await tour.visit('404', '/no-such-page', '404 Page Not Found');
  await tour.visit('invite landing', new URL(inviteLink).pathname, new RegExp(group.name));
  await page.goto('/groups');
  await page.getByRole('heading', { name: 'My Groups' }).waitFor();
  await tour.dialog('Create Group dialog', 'Create Group', () => page.getByRole('button', { name: 'Create Group' }).first().click());
  if (width < 1024) {
    await tour.dialog('drawer', 'Navigation', () => page.getByRole('button', { name: 'Open navigation' }).first().click());
  }
}

async function memberScreens(tour: Tour, { group }: World) {
  const { page } = tour;
  await page.goto(`/groups/${group.slug}`);
  await page.getByRole('heading', { name: group.name }).first().waitFor();
  // Every tab the rider has (the owner also has Pending Members).
  for (const tab of await page.getByRole('tab').all()) {
    const name = await tab.innerText();
    await tab.click();
    await page.getByRole('tabpanel', { name }).waitFor();
    await tour.check(`group page, ${name} tab`);
  }
  await page.goto('/media');
  await page.getByRole('heading', { level: 1, name: 'Media Gallery' }).waitFor();
  await tour.dialog('upload dialog', 'Upload Media', () => page.getByRole('button', { name: 'Upload Media' }).first().click());
}

async function ownerScreens(tour: Tour, world: World) {
  const { page } = tour;
  await tour.visit('ride edit', `${ridePath(world)}/edit`, /Edit/);
  await page.goto('/groups?action=create-ride');
  const createRide = page.getByRole('dialog', { name: 'Create Ride' });
  await createRide.getByLabel('Ride Name').waitFor();
  await tour.check('Create Ride dialog');
  await createRide.getByRole('radio', { name: 'Advanced Waypoints' }).click();
  await createRide.getByRole('button', { name: 'Configure Waypoints' }).click();
  await page.getByRole('dialog', { name: 'Configure Route Waypoints' }).waitFor();
  await tour.check('waypoints dialog');
}

describe('no serious or critical axe-core violation', () => {
  for (const [size, viewport] of [['375 px', PHONE], ['1280 px', DESKTOP]] as const) {
    it(`signed out, at ${size}`, async () => {
      const { context, page } = await h.newPage(viewport);
      const tour = new Tour(page);
      await tour.visit('signed-out home', '/signed-out', /./);
      await context.close();
      expect(tour.found).toEqual({});
    });

    it(`as a guest, at ${size}`, async () => {
      const first = await h.newPage(viewport);
      const welcome = new Tour(first.page);
      await first.page.goto('/');
      await first.page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' }).waitFor();
      await welcome.check('welcome dialog');
      await first.context.close();
      expect(welcome.found).toEqual({});

      const guestWorld = await world();
      const { context, page } = await visitor(viewport);
      const tour = new Tour(page);
      await commonScreens(tour, viewport.width, guestWorld);
      await tour.dialog('sign-in dialog', 'Login to Existing Account', async () => {
        if (viewport.width < 1024) await page.getByRole('button', { name: 'Open navigation' }).first().click();
        await page.getByRole('button', { name: /Account menu/ }).last().click();
        await page.getByRole('menuitem', { name: 'Login' }).click();
      });
      await context.close();
      expect(tour.found).toEqual({});
    });

    for (const [role, as, extra] of [
      ['a member', (w: World) => w.member, memberScreens],
      ['the owner', (w: World) => w.owner, async (tour: Tour, w: World) => {
        await memberScreens(tour, w);
        await ownerScreens(tour, w);
      }],
    ] as const) {
      it(`as ${role}, at ${size}`, async () => {
        const w = await world();
        const { context, page } = await visitor(viewport, as(w));
        const tour = new Tour(page);
        await commonScreens(tour, viewport.width, w);
        await extra(tour, w);
        await context.close();
        expect(tour.found).toEqual({});
      });
    }
  }
});

describe('keyboard: Escape layering, the discard question and focus return', () => {
  it('on a 375 px phone, Escape in a suggestion list keeps Create Ride open; closing with input asks first; the focus returns to Create Ride', async () => {
    const { group, owner } = await world();
    const { context, page } = await visitor(PHONE, owner);
    await page.goto(`/groups/${group.slug}`);
    const opener = page.getByRole('button', { name: 'Create Ride' }).first();
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Create Ride' });
    await dialog.getByLabel('Ride Name').fill('Sunday loop over the Kesselberg');
    const start = dialog.getByRole('combobox', { name: /^Start Location/ });
    await start.fill('Bologna');
    await page.locator('[role=listbox][aria-label="Suggested locations"]:not([hidden]) [role=option]').first().waitFor();

    await page.keyboard.press('Escape');
    await expect.poll(() => start.getAttribute('aria-expanded')).toBe('false');
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Ride Name').inputValue()).toBe('Sunday loop over the Kesselberg');
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    // Escape again would close the dialog: it asks first.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await ask.waitFor();
    await animationsSettled(page);
    await page.screenshot({ path: path.join(screenshotsDir('accessibility'), 'discard-prompt-375.png') });
    expect(await axeViolations(page)).toEqual([]);
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Ride Name').inputValue()).toBe('Sunday loop over the Kesselberg');

    // The corner X asks too; Discard closes and the focus is back on the button that opened it.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});

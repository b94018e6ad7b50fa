import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, format } from 'date-fns';
import { startHarness, type Harness } from './support/harness';
import { unique } from './support/riders';
import { PHONE_WIDTHS, animationsSettled, expectNoSidewaysScroll, expectToast, recordToasts, wordsBrokenIn } from './support/page-checks';

/**
 * Phones (320, 375 and 414 px) with the longest content a rider can make: nothing scrolls sideways,
 * the drawer's account menu stays on screen, tab rows stay one row, and Join is a button on group cards.
 * Each test makes that content itself (through the API, every name unique), so any one runs alone.
 */
vi.setConfig({ testTimeout: 240_000 });

let h: Harness;
const SHOTS = process.env.PHONE_SHOTS_DIR;

beforeAll(async () => {
  h = await startHarness();
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => h?.close());

/** A new visitor (a guest account), past the welcome dialog. */
async function newRider(): Promise<{ context: BrowserContext; page: Page; id: string; userId: string }> {
  const { context, page } = await h.newPage({ width: 1280, height: 800 });
  await recordToasts(page);
  await page.goto('/');
  const welcome = page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' });
  await welcome.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await welcome.waitFor({ state: 'detached' });
  const me = await page.evaluate(async () => (await fetch('/api/users/current')).json());
  return { context, page, id: me.id, userId: me.userId };
}

/** A request as the page's rider; fails the test on anything but 2xx. */
async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const { status, json } = await page.evaluate(
    async ([method, url, body]) => {
      const response = await fetch(url as string, { method: method as string, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
      return { status: response.status, json: await response.json().catch(() => null) };
    },
    [method, url, body] as const,
  );
  expect(status, `${method} ${url}: ${JSON.stringify(json)}`).toBeLessThan(300);
  return json as T;
}

// The longest a rider can make them: one-word names, 255-character names, the longest address.
const WORD = 'Motorradfreundeskreisoberbayern'; // 31 characters, one word
const longText = (seed: string, length = 255) => {
  let text = seed;
  while (text.length < length) text += ` ${seed}`;
  return text.slice(0, length).trim();
};
const LONG_WORD_NAME = 'Tourenfahrergemeinschaftoberpfalz'.repeat(8).slice(0, 255);
const SENTENCE_NAME = longText('Motorradfreundeskreisniederbayern Sonntagsausfahrt');
const LONG_EMAIL = `${'motorradfreundeskreis.oberbayern.'.repeat(2).slice(0, 60)}x@${'tourenfahrergemeinschaft'.repeat(3)}.example.com`;

const APPROVAL_GROUP = 'Motorradclubgipfelstürmerallgäu';
const OPEN_GROUP = 'Kurvenräubergemeinschaftschwaben';
const HANDLE = 'Motorradfreundeskreis_oberbay';

/** `text` with its end replaced by `n`: unique, and exactly as long (a 32-letter word is not a 31-letter one at 320 px). */
const numbered = (text: string, n: number) => `${text.slice(0, text.length - String(n).length)}${n}`;

/** Types a place and picks the suggestion (the offline gazetteer knows Bologna). */
async function pickPlace(page: Page, label: string, text: string) {
  const input = page.locator('main').getByRole('combobox', { name: new RegExp(`^${label}`) });
  await input.fill(text);
  const option = page.locator('[role=listbox][aria-label="Suggested locations"]:not([hidden]) [role=option]', { hasText: text }).first();
  await option.click();
  await expect.poll(() => input.inputValue(), { timeout: 15_000 }).toContain(text);
}

async function createGroup(page: Page, name: string, approval = false): Promise<{ id: string; slug: string }> {
  return api(page, 'POST', '/api/groups', {
    name,
    description: longText('Pässe und Espresso rund um Bologna, Superlangesbeschreibungswortohnepause', 600),
    location: longText('Bologna, Emilia-Romagna, Italy Metropolitanstadtbolognaprovinzhauptstadt'),
    latitude: 44.4938,
    longitude: 11.3387,
    radiusKm: 100,
    membershipApprovalRequired: approval,
    timezoneOffset: 'UTC+01:00',
    timezoneName: 'Berlin',
  });
}

async function createRide(page: Page, groupId: string, name: string): Promise<{ id: string; slug: string; groupSlug: string }> {
  const start = addDays(new Date(), 10);
  const stop = (i: number) => ({ name: `${'Passostrada'.repeat(3)}${i} ${longText('Via Panoramica delle Colline Bolognesi', 200)}`, latitude: 44.3 + i * 0.03, longitude: 11.1 + i * 0.04 });
  return api(page, 'POST', '/api/rides', {
    groupId,
    name,
    description: longText('Früh los, Kaffeepause am Pass, Mittagessen in Firenzuola, Rückfahrtüberdiehügel', 2000),
    startLocation: `${WORD}${WORD} ${longText('Piazza Maggiore Bologna', 180)}`,
    startLatitude: 44.4938,
    startLongitude: 11.3387,
    endLocation: `${WORD}${WORD} ${longText('Firenzuola Toscana', 180)}`,
    endLatitude: 44.12,
    endLongitude: 11.38,
    waypoints: Array.from({ length: 10 }, (_, i) => stop(i + 1)),
    startDate: `${format(start, 'yyyy-MM-dd')}T07:00:00.000Z`,
    endDate: `${format(addDays(start, 2), 'yyyy-MM-dd')}T17:00:00.000Z`,
    duration: 'multi-day',
    minRiders: 1,
    maxRiders: 100,
    timezoneOffset: 'UTC+01:00',
    timezoneName: 'Berlin',
  });
}

async function createPoll(page: Page, groupId: string, i: number) {
  const days = [10, 11, 12, 20, 21, 30].map((d) => format(addDays(new Date(), d + i), 'yyyy-MM-dd'));
  await api(page, 'POST', '/api/polls', {
    groupId,
    title: longText(`${WORD}${i} Herbstausfahrt`),
    description: longText('Wohin fahren wir im Herbst? Abstimmungsbeschreibungohneleerzeichen', 1000),
    destination: longText(`${WORD}${WORD} Dolomiten`),
    durationDays: 3,
    deadline: `${format(addDays(new Date(), 7), 'yyyy-MM-dd')}T12:00:00.000Z`,
    proposedDates: days,
  });
}

/** A small PNG drawn in the page, uploaded with a long one-word file name and description. */
async function uploadImage(page: Page, associatedType: 'ride' | 'group', associatedId: string) {
  const status = await page.evaluate(
    async ([type, id, name, description]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      canvas.getContext('2d')!.fillRect(8, 8, 32, 24);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      const form = new FormData();
      form.append('associatedType', type);
      form.append('associatedId', id);
      form.append('description', description);
      form.append('file', blob, name);
      return (await fetch('/api/media', { method: 'POST', body: form })).status;
    },
    [associatedType, associatedId, `${'Passhöhenpanoramaaufnahme'.repeat(8)}.png`, longText('Blick vom Passo della Futa Superweitwinkelpanoramabild', 500)] as const,
  );
  expect(status).toBe(201);
}

/** Elements sticking out past the viewport's right edge: the failure message names the culprits. */
async function sticksOut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      // Content of a box that clips or scrolls (a map, a row of tabs) does not widen the page.
      let clipped = false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible' && up.getBoundingClientRect().right <= width + 0.5) clipped = true;
      }
      if (clipped) continue;
      const box = el.getBoundingClientRect();
      if (box.right > width + 0.5 && box.width > 0) {
        const parentOut = el.parentElement && el.parentElement.getBoundingClientRect().right > width + 0.5;
        if (!parentOut) out.push(`${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').slice(0, 120)} right=${Math.round(box.right)} "${(el.textContent ?? '').slice(0, 40)}"`);
      }
    }
    return out.slice(0, 8);
  });
}

/** At each phone width: the document is no wider than the viewport. */
async function expectFits(page: Page, screen: string) {
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 720 });
    await animationsSettled(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect.soft(overflow > 0 ? await sticksOut(page) : [], `${screen} at ${width}px scrolls sideways by ${overflow}px`).toEqual([]);
    // An open dialog is fixed: it would not widen the document, so it is measured itself.
    const dialogs = await page.evaluate(() =>
      [...document.querySelectorAll('[role=dialog], [role=alertdialog]')].map((d) => {
        const box = d.getBoundingClientRect();
        return { left: Math.round(box.left), right: Math.round(box.right), inside: d.scrollWidth - d.clientWidth };
      }),
    );
    for (const dialog of dialogs) {
      expect.soft(dialog, `${screen}: dialog at ${width}px`).toEqual({ left: expect.any(Number), right: expect.any(Number), inside: 0 });
      expect.soft(dialog.left, `${screen}: dialog at ${width}px`).toBeGreaterThanOrEqual(0);
      expect.soft(dialog.right, `${screen}: dialog at ${width}px`).toBeLessThanOrEqual(width);
    }
  }
  if (!process.env.PROBE) await expectNoSidewaysScroll(page);
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await animationsSettled(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/**
 * The longest content a rider can make, made afresh for each test: a rider with the longest profile,
 * three groups with the longest names, two rides, four polls and two uploads; and another rider with
 * a group that asks for approval and an open one. Names end in a number in place of their last
 * letters: unique, one word still one word, and just as long.
 */
async function longestContent() {
  const n = unique();
  const rider = await newRider();
  const { page } = rider;
  const handle = numbered(HANDLE, n);
  await api(page, 'PATCH', `/api/users/${rider.id}`, {
    userId: handle,
    firstName: longText('Maximilianusbartholomäus', 100),
    lastName: longText('Oberhuber-Wittelsbacher-Hohenzollern', 100),
    bio: longText('Fahre seit zwanzig Jahren Motorrad, am liebsten Pässe: Stilfserjochgrossglocknerhochalpenstrasse', 2000),
    location: longText('Garmisch-Partenkirchen, Oberbayern, Bayern, Deutschland', 255),
    email: `${n}${LONG_EMAIL.slice(String(n).length)}`,
  });
  rider.userId = handle;
  const groups = [await createGroup(page, numbered(WORD, n)), await createGroup(page, numbered(LONG_WORD_NAME, n)), await createGroup(page, numbered(SENTENCE_NAME, n))];
  const ride = await createRide(page, groups[0]!.id, longText(`${WORD}${WORD}${WORD} Herbsttour`));
  const rideOfLongWordGroup = await createRide(page, groups[1]!.id, LONG_WORD_NAME);
  for (let i = 0; i < 4; i++) await createPoll(page, groups[0]!.id, i);
  await uploadImage(page, 'ride', ride.id);
  await uploadImage(page, 'group', groups[0]!.id);

  const other = await newRider();
  const approvalGroup = numbered(APPROVAL_GROUP, n);
  const openGroup = numbered(OPEN_GROUP, n);
  await createGroup(other.page, approvalGroup, true);
  await createGroup(other.page, openGroup);
  return { rider, other, groups, ride, rideOfLongWordGroup, approvalGroup, openGroup };
}

describe('phones', () => {
  it('makes the longest content a rider can make', async () => {
    const { rider, groups } = await longestContent();
    expect(rider.userId).toHaveLength(HANDLE.length);
    expect(groups.map((g) => g.slug.length)).toEqual([WORD.length, expect.any(Number), expect.any(Number)]);
  });

  it('scrolls no screen sideways at 320, 375 and 414 px', async () => {
    const { rider, other, groups, ride, rideOfLongWordGroup } = await longestContent();
    const { page } = rider;
    const screens: Array<[string, string]> = [
      ['dashboard', '/'],
      ['my groups', '/groups'],
      ['group page', `/groups/${groups[0]!.slug}`],
      ['group page (255-letter word)', `/groups/${groups[1]!.slug}`],
      ['media gallery', '/media'],
      ['preferences', '/preferences'],
      ['ride page', `/groups/${ride.groupSlug}/rides/${ride.slug}`],
      // Its "Back to {group}" link holds a 255-letter word.
      ['ride page (255-letter group name)', `/groups/${rideOfLongWordGroup.groupSlug}/rides/${rideOfLongWordGroup.slug}`],
      ['finder', '/finder'],
      ['profile', `/profile/${rider.userId}`],
      ['upcoming', '/upcoming'],
    ];
    for (const [name, path] of screens) {
      await page.setViewportSize({ width: 375, height: 720 });
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectFits(page, name);
    }

    // Every tab of the group page, with 4 polls of 255 characters.
    await page.goto(`/groups/${groups[0]!.slug}`);
    for (const tab of ['Polls', 'Members', 'Pending Members', 'Rides']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.waitForLoadState('networkidle');
      await expectFits(page, `group page, ${tab} tab`);
    }

    // The upcoming calendar and the ride's edit form.
    await page.goto('/upcoming');
    await page.getByRole('tab', { name: 'Calendar' }).click();
    await expectFits(page, 'upcoming calendar');
    await page.goto(`/groups/${ride.groupSlug}/rides/${ride.slug}/edit`);
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectFits(page, 'ride edit form');

    // As a rider outside the groups: the join prompt of a group, a ride they may not join yet.
    for (const [name, path] of [
      ['group page (outsider)', `/groups/${groups[1]!.slug}`],
      ['ride page (outsider)', `/groups/${ride.groupSlug}/rides/${ride.slug}`],
      ['rider profile (visitor)', `/profile/${rider.userId}`],
      ['report a bug', '/report-bug'],
    ] as const) {
      await other.page.goto(path);
      await other.page.locator('main h1').first().waitFor();
      await other.page.waitForLoadState('networkidle');
      await expectFits(other.page, name);
    }

    // The dashboard behind an open Create Ride dialog, and the other create dialogs.
    await page.goto('/?action=create-ride');
    await page.getByRole('dialog').waitFor();
    await expectFits(page, 'dashboard with Create Ride open');
    await page.goto('/groups?action=create');
    await page.getByRole('dialog').waitFor();
    await expectFits(page, 'Create Group dialog');
    await page.goto(`/groups/${groups[0]!.slug}?tab=polls`);
    await page.getByRole('button', { name: 'Create Poll' }).click();
    await page.getByRole('dialog').waitFor();
    await expectFits(page, 'Create Poll dialog');
  });

  // What a phone shows while its reads are on their way: a slow mountain connection shows the
  // placeholders for seconds. A row of three photo placeholders once widened the ride page at 320 px.
  it('scrolls no loading state sideways at 320, 375 and 414 px', async () => {
    const { rider, groups, ride } = await longestContent();
    const { page } = rider;
    const held = (pattern: RegExp) => page.route(pattern, () => undefined); // never answered: the placeholder stays
    const rideUrl = `/groups/${ride.groupSlug}/rides/${ride.slug}`;
    // A whole page waiting for its data: every read but the rider's own account is held.
    for (const [name, path] of [
      ['dashboard', '/'],
      ['my groups', '/groups'],
      ['group page', `/groups/${groups[0]!.slug}`],
      ['ride page', rideUrl],
      ['media gallery', '/media'],
      ['profile', `/profile/${rider.userId}`],
      ['upcoming', '/upcoming'],
    ] as const) {
      await held(/\/api\/(?!users\/current)/);
      await page.setViewportSize({ width: 375, height: 720 });
      await page.goto(path);
      // Attached, not always visible: a ride opened from a link shows the server's boot shell over it.
      await expect.poll(() => page.locator('main [aria-busy=true]').count(), { message: `${name}: a placeholder` }).toBeGreaterThan(0);
      await expectFits(page, `${name} (loading)`);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    // The ride has arrived; its photos and comments are on their way.
    await held(/\/api\/(media|rides\/[^/]+\/comments)/);
    await page.setViewportSize({ width: 375, height: 720 });
    await page.goto(rideUrl);
    await page.getByRole('status', { name: 'Loading photos and videos' }).waitFor();
    await expectFits(page, 'ride page, photos loading');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it('keeps tabs in one row and every media filter on screen', async () => {
    const { rider, groups } = await longestContent();
    const { page } = rider;
    await page.setViewportSize({ width: 375, height: 720 });
    await page.goto(`/groups/${groups[0]!.slug}`);
    const tabs = page.getByRole('tablist', { name: 'Group sections' }).getByRole('tab');
    await tabs.first().waitFor();
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 720 });
      const tops = await tabs.evaluateAll((all) => all.map((t) => Math.round(t.getBoundingClientRect().top)));
      expect(tops).toHaveLength(4);
      expect(new Set(tops).size, `group tabs at ${width}px`).toBe(1);
    }

    // Each filter's whole label and count are inside the list's visible box and their own tab: none
    // is cut ("Pr…") or runs into the next, and no word breaks; in English and the longest languages.
    const filtersFit = async (language: string) => {
      await page.goto('/media');
      await page.getByRole('tablist').getByRole('tab').first().waitFor();
      await page.getByRole('tablist').getByRole('tab').first().locator('span').waitFor();
      for (const width of PHONE_WIDTHS) {
        await page.setViewportSize({ width, height: 720 });
        const cut = await page.getByRole('tablist').evaluate((list) => {
          const box = list.getBoundingClientRect();
          return [...list.querySelectorAll('[role=tab]')]
            .filter((tab) => {
              const t = tab.getBoundingClientRect();
              return t.left < box.left || t.right > box.right || tab.scrollWidth > tab.clientWidth;
            })
            .map((tab) => tab.textContent);
        });
        expect(cut, `media filters cut at ${width}px in ${language}`).toEqual([]);
        expect(await wordsBrokenIn(page, '[role=tablist] [role=tab]'), `media filters in ${language} at ${width}px`).toEqual([]);
      }
    };
    await filtersFit('en');
    await shot(page, 'media-gallery');
    for (const language of ['de', 'nl']) {
      await api(page, 'PATCH', `/api/users/${rider.id}`, { language });
      await filtersFit(language);
    }
    await api(page, 'PATCH', `/api/users/${rider.id}`, { language: 'en' });
  });

  it("breaks no dashboard stat label inside a word ('Kilometer/s')", async () => {
    const { page } = await newRider();
    await page.goto('/');
    const labels = 'dl[aria-label="Your riding at a glance"] dt';
    await page.locator(labels).getByText('Kilometers').waitFor();
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 720 });
      expect(await wordsBrokenIn(page, labels), `at ${width}px`).toEqual([]);
    }
  });

  it('breaks no word of the app in German or Polish: quick actions, group rows, card titles, notification columns', async () => {
    const { page, id } = await newRider();
    const group = await createGroup(page, `Kurvenjäger ${unique()}`);
    const ride = await createRide(page, group.id, 'Passo della Futa');
    const quickActions = 'section[aria-labelledby="quick-actions-title"] li :is(a, button) > span:last-child > span:first-child';
    // Each screen's texts that broke mid-word at some phone width before (the longest languages).
    const screens = [
      // Polish "multimedia" beside its icon at 375 px; German "erstellen" at 320 px.
      { path: '/', ready: quickActions, texts: `${quickActions}, main li a > span > span` },
      // A card's actions ("Add photos") wrap under its title instead of squeezing it ("Zdjęcia i filmy" was left 33 px).
      { path: `/groups/${ride.groupSlug}/rides/${ride.slug}`, ready: '#ride-media-title', texts: 'main h2' },
      // The notification columns' headers (Polish "Aplikacja" in a 56 px column).
      { path: '/preferences', ready: 'main [role=group] span[aria-hidden=true]', texts: 'main [role=group] span[aria-hidden=true]' },
    ];
    for (const language of ['de', 'pl']) {
      await api(page, 'PATCH', `/api/users/${id}`, { language });
      for (const screen of screens) {
        await page.goto(screen.path);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
        await page.locator(screen.ready).first().waitFor();
        for (const width of PHONE_WIDTHS) {
          await page.setViewportSize({ width, height: 720 });
          expect(await wordsBrokenIn(page, screen.texts), `${screen.path} in ${language} at ${width}px`).toEqual([]);
        }
      }
    }
  });

  it("keeps the drawer's account menu on screen", async () => {
    const { rider, groups } = await longestContent();
    const { page } = rider;
    for (const [width, height] of [[320, 480], [320, 320], [375, 667], [414, 736]] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/groups/${groups[1]!.slug}`);
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog', { name: 'Navigation' });
      await drawer.getByRole('button', { name: /^Account menu/ }).click();
      for (const item of ['View Profile', 'Logout']) {
        const box = await page.getByRole('menuitem', { name: item }).boundingBox();
        expect(box, `${item} at ${width}x${height}`).not.toBeNull();
        expect(box!.x, `${item} at ${width}x${height}`).toBeGreaterThanOrEqual(0);
        expect(box!.y, `${item} at ${width}x${height}`).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `${item} at ${width}x${height}`).toBeLessThanOrEqual(width);
        expect(box!.y + box!.height, `${item} at ${width}x${height}`).toBeLessThanOrEqual(height);
      }
      await expectNoSidewaysScroll(page);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
    }
  });

  it('builds exactly one frame on either side of 1024 px, and switches when the window does', async () => {
    const { page } = await newRider();
    const frames = async () => ({
      sidebar: await page.locator('aside').count(),
      phoneHeader: await page.getByRole('button', { name: 'Open navigation' }).count(),
    });
    for (const [width, expected] of [[1023, { sidebar: 0, phoneHeader: 1 }], [1024, { sidebar: 1, phoneHeader: 0 }], [1023, { sidebar: 0, phoneHeader: 1 }]] as const) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(frames, { message: `${width} px` }).toEqual(expected);
      if (expected.sidebar) {
        await page.getByRole('complementary').getByRole('button', { name: /^Account menu/ }).click();
        await expect.poll(() => page.getByRole('menuitem', { name: 'View Profile' }).isVisible()).toBe(true);
        await page.keyboard.press('Escape');
      } else {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        const drawer = page.getByRole('dialog', { name: 'Navigation' });
        await expect.poll(() => drawer.getByRole('link', { name: 'Ride Finder' }).isVisible()).toBe(true);
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'detached' });
      }
    }
  });

  it('joins from a finder card (approval needed: requested) and a search result card', async () => {
    const { rider, approvalGroup, openGroup } = await longestContent();
    const { page } = rider;
    await page.setViewportSize({ width: 375, height: 720 });
    await page.goto('/finder');
    await pickPlace(page, 'Search location', 'Bologna');
    const found = page.getByRole('list', { name: 'Groups found' });
    const card = found.getByRole('article', { name: approvalGroup });
    // Every test's groups sit in Bologna: as for a rider in a busy town, the group may be on a later page.
    for (;;) {
      await found.getByRole('article').first().waitFor();
      if ((await card.count()) > 0) break;
      const shown = await found.getByRole('article').count();
      await page.getByRole('button', { name: 'Show more groups' }).click();
      await expect.poll(() => found.getByRole('article').count()).toBeGreaterThan(shown);
    }
    await card.getByText('Approval needed').waitFor();
    await expectFits(page, 'finder results');
    await shot(page, 'finder');
    await card.getByRole('button', { name: 'Join Group' }).click();
    await expectToast(page, 'Request sent');
    await card.getByText('Membership application pending').waitFor();
    expect(await card.getByRole('button', { name: 'Join Group' }).count()).toBe(0);

    await page.goto('/groups');
    await page.getByRole('searchbox', { name: 'Search groups' }).fill(openGroup);
    const result = page.getByRole('article', { name: openGroup });
    await result.getByRole('button', { name: 'Join Group' }).waitFor();
    await shot(page, 'search-results');
    await result.getByRole('button', { name: 'Join Group' }).click();
    await expectToast(page, `You joined ${openGroup}`);
    await expect.poll(() => result.getByRole('button', { name: 'Join Group' }).count()).toBe(0);
    await expectFits(page, 'my groups search results');
  });

  it('screenshots at 375 and 1280 px', async () => {
    if (!SHOTS) return;
    const { rider, groups, ride } = await longestContent();
    const { page } = rider;
    for (const [name, path] of [
      ['dashboard', '/'],
      ['group-page', `/groups/${groups[0]!.slug}`],
      ['group-page-long-word', `/groups/${groups[1]!.slug}`],
      ['ride-page', `/groups/${ride.groupSlug}/rides/${ride.slug}`],
      ['preferences', '/preferences'],
      ['my-groups', '/groups'],
      ['profile', `/profile/${rider.userId}`],
    ] as const) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, name);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, format } from 'date-fns';
import { pseudoMessage } from '../build/i18n-pseudo';
import { startHarness, type Harness } from './support/harness';
import { pageApi } from './support/page-api';
import { animationsSettled, PHONE_WIDTHS } from './support/page-checks';
import { createGroup, createRide } from './support/ride-steps';
import { unique } from './support/riders';

/*
 * Nothing left in English and nothing cut off (issue 31 points 8 and 9): the phone screens in the
 * pseudo-language, where every text the app writes is accented, about 35% longer and in brackets,
 * with the longest names a rider can make. At 320, 375 and 414 px: no sideways scroll, no button,
 * tab or label cut off, and no visible text outside brackets that is not riders' data. Then one
 * screen right to left, as an Arabic or Hebrew catalog would show it.
 */
vi.setConfig({ testTimeout: 240_000 });

let h: Harness;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await h?.close();
});

/** An English text as the pseudo-language shows it (its catalog is made by the same function). */
const P = (english: string) => pseudoMessage(english);

/** A phone in the pseudo-language: Chromium's own pseudo-locale sends it as Accept-Language and navigator.languages. */
async function pseudoPhone(): Promise<Page> {
  const context = await h.browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: h.baseUrl, locale: 'en-XA', serviceWorkers: 'block' });
  contexts.push(context);
  return context.newPage();
}

const LONG_WORD = 'Motorradfreundeskreisoberbayern';
const APP_NAME = 'RoadCaptain';
const longText = (seed: string, length: number) => {
  let text = seed;
  while (text.length < length) text += ` ${seed}`;
  return text.slice(0, length).trim();
};

/** Texts a screen shows in plain letters: text nodes and spoken attributes, less riders' data and addresses. */
async function untranslated(page: Page, userData: string[]): Promise<string[]> {
  return page.evaluate((data) => {
    // Dates and times are formatted, not translated: the pseudo-language formats them as English does.
    const DATE = /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)?,? ?(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}(, \d{4})?\b/g;
    // Time zones are named as the zone list names them ("UTC+01:00 - Berlin"), in every language.
    const ZONE = /UTC([+-]\d\d:\d\d)?( - [A-Za-z_ ]+)?|\bBerlin\b|\b[A-Z][a-z]+\/[A-Za-z_]+/g;
    // A signed-in browser is described by the server in the rider's saved language; the pseudo-language is never saved.
    const DEVICE = /\b\w+ on (Linux|Windows|macOS|Android|iOS|iPadOS|ChromeOS)\b/g;
    const clean = (text: string) => data.reduce((rest, d) => rest.split(d).join(' '), text).replace(/https?:\S+/g, '').replace(DATE, ' ').replace(ZONE, ' ').replace(DEVICE, ' ');
    // The pseudo-language accents every letter but v and x.
    const plain = (text: string) => /[A-UWYZa-uwyz]{3,}/.test(clean(text));
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      return style.display !== 'none' && style.visibility !== 'hidden' && (el.getClientRects().length > 0 || el.closest('.sr-only') !== null);
    };
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName) || parent.closest('#boot-shell, .leaflet-control-attribution') || !visible(parent)) continue;
      if (node.textContent && plain(node.textContent)) found.push(node.textContent.trim().slice(0, 80));
    }
    for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (el.closest('#boot-shell, .leaflet-control-attribution') || !visible(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name);
        if (value && plain(value)) found.push(`${name}="${value.slice(0, 80)}"`);
      }
    }
    return [...new Set(found)];
  }, userData);
}

/** The app's own words cut off: a button, tab, link or label whose text (in brackets) does not fit its box. */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, [role=tab], a, label, h1, h2, h3, [role=menuitem]')) {
      const text = el.textContent ?? '';
      // Hidden until focused (the skip link) or for screen readers only: not drawn, so not cut off.
      if (!text.includes('[') || el.getClientRects().length === 0 || el.clientWidth <= 1 || el.closest('.sr-only')) continue;
      const style = getComputedStyle(el);
      const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      // A button's label that runs past its edge is cut off too, only drawn outside (over its neighbour or off the card).
      const isButton = el.tagName === 'BUTTON' || el.getAttribute('role') === 'tab' || /\binline-flex\b/.test(el.className);
      if ((clips || isButton) && el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName.toLowerCase()} "${text.slice(0, 60)}" (${el.scrollWidth} px in ${el.clientWidth} px)`);
    }
    return out;
  });
}

/** What sticks out past the right edge (the deepest such elements), to name them in a failure. */
async function widest(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && ![...el.children].some((child) => child.getBoundingClientRect().right > width + 0.5))
      .slice(0, 6)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').slice(0, 80)} "${(el.textContent ?? '').slice(0, 40)}"`);
  });
}

/** The buttons of the open dialog that stick out of it (the dialog does not clip them). */
async function outsideOwnDialog(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dialog = document.querySelector('[role=dialog]');
    if (!dialog) return ['no dialog'];
    const box = dialog.getBoundingClientRect();
    return [...dialog.querySelectorAll('button')]
      .filter((button) => button.getClientRects().length > 0)
      .filter((button) => {
        const own = button.getBoundingClientRect();
        return own.left < box.left - 0.5 || own.right > box.right + 0.5;
      })
      .map((button) => `"${(button.textContent ?? '').slice(0, 60)}" ${Math.round(button.getBoundingClientRect().right - box.right)} px past the edge`);
  });
}

/** At each phone width: fits, nothing of the app's cut off, nothing left in English. */
async function expectScreen(page: Page, screen: string, userData: string[]) {
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 760 });
    await animationsSettled(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect.soft(overflow > 0 ? await widest(page) : [], `${screen} at ${width}px scrolls sideways by ${overflow}px`).toEqual([]);
    expect.soft(await cutOff(page), `${screen} at ${width}px: cut off`).toEqual([]);
  }
  expect.soft(await untranslated(page, userData), `${screen}: left in English`).toEqual([]);
}

describe('the app in the pseudo-language on phones', () => {
  it('shows every screen, dialog, toast and state in the language, fitted', async () => {
    const n = unique();
    const page = await pseudoPhone();
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-XA');

    // The welcome dialog of a first visit.
    const welcome = page.getByRole('dialog');
    await welcome.waitFor();
    const guest = await page.evaluate(async () => (await fetch('/api/users/current')).json());
    await expectScreen(page, 'welcome dialog', [APP_NAME, guest.userId]);
    // On a desktop too, where its buttons share a line: none may run past the dialog's edge.
    await page.setViewportSize({ width: 1280, height: 800 });
    await animationsSettled(page);
    expect(await outsideOwnDialog(page), 'welcome dialog at 1280px: past its edge').toEqual([]);
    await welcome.getByRole('button', { name: P('Continue to Dashboard') }).click();
    await welcome.waitFor({ state: 'detached' });

    // The empty dashboard, then the longest content a rider can make.
    await expectScreen(page, 'empty dashboard', [APP_NAME, guest.userId]);
    const groupName = `${LONG_WORD}${n} ${longText('Kurvenräubergemeinschaft Schwaben', 200)}`;
    const rideName = `${LONG_WORD}${n} ${longText('Sonntagsausfahrt zum Passo della Futa', 200)}`;
    const place = 'Bologna, Emilia-Romagna, Italy';
    const group = await createGroup(page, groupName, { description: longText('Pässe und Espresso rund um Bologna', 400) });
    const day = addDays(new Date(), 5);
    const ride = await createRide(page, group.id, { name: rideName, startDate: `${format(day, 'yyyy-MM-dd')}T08:30:00.000Z`, endDate: `${format(day, 'yyyy-MM-dd')}T08:30:00.000Z` });
    const poll = await pageApi(page, 'POST', '/api/polls', {
      groupId: group.id,
      title: `${LONG_WORD}${n} Herbstausfahrt`,
      description: 'Wohin?',
      destination: 'Dolomiten',
      durationDays: 2,
      deadline: `${format(addDays(new Date(), 3), 'yyyy-MM-dd')}T12:00:00.000Z`,
      proposedDates: [10, 11].map((d) => format(addDays(new Date(), d), 'yyyy-MM-dd')),
    });
    expect(poll.status).toBe(201);
    const data = [groupName, rideName, place, 'Imola, Emilia-Romagna, Italy', `${LONG_WORD}${n} Herbstausfahrt`, 'Wohin?', 'Dolomiten', longText('Pässe und Espresso rund um Bologna', 400), 'Bologna', 'Imola', APP_NAME,
      // Proper names, not texts: the zone's city (tz database) and the browser and system of a device.
      'Europe/Rome', 'Rome', 'Safari', 'Chrome', 'Linux'];
    const me = await page.evaluate(async () => (await fetch('/api/users/current')).json());
    data.push(me.userId);

    for (const [path, screen] of [
      ['/', 'dashboard'],
      ['/groups', 'my groups'],
      [`/groups/${group.slug}`, 'group page'],
      [`/groups/${group.slug}/rides/${ride.slug}`, 'ride page'],
      ['/upcoming', 'upcoming rides'],
      ['/finder', 'ride finder'],
      ['/media', 'media'],
      ['/preferences', 'preferences'],
      [`/profile/${me.userId}`, 'profile'],
      ['/report-bug', 'bug report'],
      ['/rides/no-such-ride', 'ride not found'],
    ] as const) {
      await page.goto(path);
      await page.locator('main h1, main [role=alert], main h2').first().waitFor();
      await expectScreen(page, screen, data);
    }

    // A dialog and a toast: the ride's create form from the group page, sent empty.
    await page.goto(`/groups/${group.slug}`);
    await page.locator('main h1').waitFor();
    await page.getByRole('button', { name: P('Create Ride') }).first().click();
    await page.getByRole('dialog').waitFor();
    await expectScreen(page, 'create ride dialog', data);
    await page.keyboard.press('Escape');

    // Offline: what a failed load says.
    await page.context().setOffline(true);
    await page.getByRole('link', { name: P('Upcoming Rides') }).first().click().catch(() => {});
    await page.locator('[role=alert], main h2').first().waitFor();
    await expectScreen(page, 'offline', data);
    await page.context().setOffline(false);
  });

  it('mirrors right to left with nothing off screen or overlapping', async () => {
    const page = await pseudoPhone();
    await page.goto('/');
    const welcome = page.getByRole('dialog');
    await welcome.getByRole('button', { name: P('Continue to Dashboard') }).click();
    await welcome.waitFor({ state: 'detached' });
    await page.evaluate(() => {
      document.documentElement.dir = 'rtl';
    });
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 760 });
      await animationsSettled(page);
      const problems = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const out: string[] = [];
        const boxes: Array<{ el: Element; box: DOMRect }> = [];
        for (const el of document.querySelectorAll('header *, main *')) {
          const box = el.getBoundingClientRect();
          if (box.width === 0 || box.height === 0 || el.closest('.sr-only')) continue;
          let clipped = false;
          for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') clipped = true;
          if (!clipped && (box.left < -0.5 || box.right > width + 0.5)) out.push(`off screen: ${el.tagName.toLowerCase()} "${(el.textContent ?? '').slice(0, 30)}" ${Math.round(box.left)}..${Math.round(box.right)}`);
          if (el.children.length === 0 && (el.textContent ?? '').trim()) boxes.push({ el, box });
        }
        // Texts drawn over one another: two leaf texts whose boxes cross, neither inside the other.
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i]!;
            const b = boxes[j]!;
            if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
            const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
            const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
            if (x > 2 && y > 2) out.push(`overlap: "${(a.el.textContent ?? '').slice(0, 20)}" and "${(b.el.textContent ?? '').slice(0, 20)}"`);
          }
        }
        return out.slice(0, 10);
      });
      expect.soft(problems, `right to left at ${width}px`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect.soft(overflow, `right to left at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
});

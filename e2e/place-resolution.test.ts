import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDays } from 'date-fns';
import { startHarness, type Harness } from './support/harness';
import { createGroup, pickDay } from './support/ride-steps';
import { expectAccessible, expectNoSidewaysScroll, expectToast, PHONE_WIDTHS, recordToasts } from './support/page-checks';
import { screenshotsDir } from './support/screenshots';

/**
 * A stop is never saved somewhere the rider did not see: in the Create Ride dialog a start typed but
 * not picked is placed with the best suggestion of the server's offline gazetteer and shown under the
 * field; an end nothing matches says so, blocks saving, and is kept as text only on the rider's
 * word; the ride page lists that stop as "not on the map" and the map draws only the placed one.
 */
vi.setConfig({ testTimeout: 120_000 });

let h: Harness;
const shotsDir = screenshotsDir('place-resolution');
const UNMATCHED = 'Xyzzy Qwerty Crossroads';

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** What the rider sees: the viewport (the dialog scrolls inside itself). */
async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

async function newRider(viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await h.newPage(viewport);
  await recordToasts(page);
  await page.goto('/');
  const welcome = page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' });
  await welcome.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await welcome.waitFor({ state: 'detached' });
  return page;
}


async function openCreateRide(page: Page, groupName: string): Promise<Locator> {
  await page.getByRole('region', { name: 'Quick actions' }).getByRole('button', { name: 'Create Ride' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Ride' });
  const groupSelect = dialog.getByRole('combobox', { name: 'Group' });
  await expect.poll(() => groupSelect.locator('option').allInnerTexts(), { timeout: 20_000 }).toContain(groupName);
  await groupSelect.selectOption({ label: groupName });
  return dialog;
}

/** Types into a place field without choosing a suggestion, and leaves the field. */
async function typeAndLeave(dialog: Locator, label: string, text: string): Promise<Locator> {
  const input = dialog.getByRole('combobox', { name: label });
  await input.fill(text);
  await input.press('Tab');
  return input;
}


describe('a typed stop in the ride form', () => {
  it('is placed with the best suggestion and shown, or kept as text only on the rider\'s word, and the ride page says which stop is not on the map', async () => {
    const page = await newRider({ width: 375, height: 900 });
    const group = await createGroup(page, 'Futa Regulars');
    expect(group.slug).toBeTruthy();
    await page.reload();

    const dialog = await openCreateRide(page, 'Futa Regulars');
    // The built-in gazetteer finds towns only, and the placeholder promises no more.
    const start = dialog.getByRole('combobox', { name: 'Start Location' });
    expect(await start.getAttribute('placeholder')).toBe('Search for a town or city');

    await dialog.getByLabel('Ride Name').fill('Typed Stops Loop');
    await typeAndLeave(dialog, 'Start Location', 'Bologna');
    const resolved = dialog.getByText(/^Bologna → /);
    await resolved.waitFor();
    // The field now holds the place the note names (which Bologna the ranking picks is the server's business).
    const placedName = (await resolved.innerText()).replace(/^Bologna → /, '');
    expect(await start.inputValue()).toBe(placedName);

    const end = await typeAndLeave(dialog, 'End Location', UNMATCHED);
    await dialog.getByText(`No place found for “${UNMATCHED}”. Pick another, or keep it as text only.`).waitFor();
    // The note is tied to the field and announced politely.
    const noteId = await dialog.getByText(/^No place found for/).locator('xpath=ancestor-or-self::*[@aria-live][1]').getAttribute('id');
    expect(noteId).toBeTruthy();
    expect(await end.getAttribute('aria-describedby')).toContain(noteId!);

    await expectAccessible(page);
    await start.scrollIntoViewIfNeeded();
    await screenshot(page, 'place-resolution-375-resolved');
    await dialog.getByRole('button', { name: 'Keep as text only (not on the map)' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'place-resolution-375-nothing-found');
    // The dialog itself never scrolls sideways at phone widths (the page behind it is not this test's).
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(() => dialog.evaluate((el) => Math.max(el.scrollWidth - el.clientWidth, el.getBoundingClientRect().right - document.documentElement.clientWidth)), {
          message: `dialog wider than ${width}px`,
        })
        .toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 375, height: 900 });

    await pickDay(dialog, 'Start Date', addDays(new Date(), 6));
    // Saving waits for the rider's choice.
    await dialog.getByRole('button', { name: 'Create Ride' }).click();
    await dialog.getByText('Pick a place from the suggestions, or keep it as text only').waitFor();
    await dialog.getByRole('button', { name: 'Keep as text only (not on the map)' }).click();
    await dialog.getByText(`“${UNMATCHED}” is kept as text only (not on the map).`).waitFor();
    await dialog.getByRole('button', { name: 'Create Ride' }).click();
    await expectToast(page, 'Your ride has been successfully created!');
    await dialog.waitFor({ state: 'detached' });

    const ride = await page.evaluate(async () => ((await (await fetch('/api/rides/upcoming')).json()) as Array<{ slug: string; groupSlug: string }>)[0]!);
    await page.goto(`/groups/${ride.groupSlug}/rides/${ride.slug}`);
    await page.getByRole('heading', { level: 1, name: 'Typed Stops Loop' }).waitFor();
    const stops = page.getByRole('list', { name: 'Route stops' }).getByRole('listitem');
    const texts = await stops.allInnerTexts();
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain(placedName.split(',')[0]!);
    expect(texts[0]).not.toContain('not on the map');
    expect(texts[1]).toContain(UNMATCHED);
    expect(texts[1]).toContain('not on the map');
    // The map draws the placed stop only (on a phone it sits below the ride's details and loads once scrolled to).
    await page.getByRole('list', { name: 'Route stops' }).scrollIntoViewIfNeeded();
    const map = page.locator('main [data-route]').first();
    await map.waitFor();
    await expect.poll(() => map.locator('.leaflet-marker-icon').count(), { timeout: 20_000 }).toBe(1);
    await expectNoSidewaysScroll(page, PHONE_WIDTHS);
    await page.setViewportSize({ width: 375, height: 900 });
    await screenshot(page, 'place-resolution-ride-page-375');
  });

  it('looks the same on a wide screen', async () => {
    const page = await newRider({ width: 1280, height: 1000 });
    await createGroup(page, 'Wide Riders');
    await page.reload();
    const dialog = await openCreateRide(page, 'Wide Riders');
    await typeAndLeave(dialog, 'Start Location', 'Bologna');
    await dialog.getByText(/^Bologna → /).waitFor();
    await typeAndLeave(dialog, 'End Location', UNMATCHED);
    await dialog.getByText(`No place found for “${UNMATCHED}”. Pick another, or keep it as text only.`).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'place-resolution-1280');
  });
});

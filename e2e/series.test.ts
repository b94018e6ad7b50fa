import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDays, format, nextSunday } from 'date-fns';
import { startHarness, type Harness } from './support/harness';
import { createGroup, pickDay, pickPlace } from './support/ride-steps';
import { guestRider, unique, type Rider } from './support/riders';
import { animationsSettled, expectAccessible, expectNoSidewaysScroll, expectToast } from './support/page-checks';
import { screenshotsDir } from './support/screenshots';

/**
 * Rides that repeat and rides in a named zone (issue 29), end to end: Create Ride with "Repeats"
 * (every 2 weeks on Sunday, a break in August) in Europe/Rome chosen in the zone picker, the ride
 * page's series link, the series page with its dated rides, "Skip this date"; 09:00 typed stays
 * 09:00 in summer and in winter. Long real-world names, axe at 375 and 1280 px, no sideways scroll
 * on phones, and screenshots people look at.
 */
vi.setConfig({ testTimeout: 180_000 });

let h: Harness;
const shotsDir = screenshotsDir('series');

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

// Group names take no hyphen (they are kept for addresses): "Tosco Emiliano".
const GROUP = 'Moto Club Valle del Santerno e Appennino Tosco Emiliano';
const RIDE = 'Colazione della domenica al Passo della Raticosa';
const WIDTHS = [375, 1280] as const;

/** The owner of a group with a long real name (made unique per test, the server refuses a taken one). */
async function ownerWithGroup(): Promise<{ owner: Rider; groupName: string }> {
  const owner = await guestRider(h);
  const n = unique();
  const groupName = n === 1 ? GROUP : `${GROUP} ${n}`;
  // Berlin's clock, so that choosing Rome in the picker is a change the ride keeps.
  await createGroup(owner.page, groupName, { timezone: 'Europe/Berlin' });
  return { owner, groupName };
}

/** A screenshot of what the viewport shows (a dialog scrolls inside itself) or of the whole page. */
async function shoot(page: Page, name: string, fullPage = true) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await animationsSettled(page);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage });
}

/** Opens Create Ride and fills a ride of the group from Bologna to Imola on `day` at 09:00. */
async function fillRide(page: Page, groupName: string, name: string, day: Date): Promise<Locator> {
  await page.goto('/groups?action=create-ride');
  const dialog = page.getByRole('dialog', { name: 'Create Ride' });
  const groupSelect = dialog.getByRole('combobox', { name: 'Group' });
  await expect.poll(() => groupSelect.locator('option').allInnerTexts(), { timeout: 20_000 }).toContain(groupName);
  await groupSelect.selectOption({ label: groupName });
  await dialog.getByLabel('Ride Name').fill(name);
  await pickPlace(dialog, 'Start Location', 'Bologna');
  await pickPlace(dialog, 'End Location', 'Imola');
  await pickDay(dialog, 'Start Date', day);
  await dialog.getByLabel('Start Time').fill('09:00');
  return dialog;
}

/** Opens the zone picker, searches "Rome" and returns the Rome option (not yet chosen). */
async function searchRome(page: Page, dialog: Locator): Promise<Locator> {
  const trigger = dialog.getByRole('button', { name: /^Timezone/ });
  expect(await trigger.innerText()).toContain('Berlin');
  await trigger.click();
  await page.getByRole('combobox', { name: 'Search timezones' }).fill('Rome');
  const rome = page.getByRole('listbox', { name: 'Timezones' }).getByRole('option', { name: /Rome/ }).first();
  await rome.waitFor();
  return rome;
}

async function createAndOpen(page: Page, dialog: Locator, name: string): Promise<{ id: string; seriesId: string | null }> {
  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/rides');
  await dialog.getByRole('button', { name: 'Create Ride' }).click();
  const response = await posted;
  const body = await response.text();
  expect(response.status(), body).toBe(201);
  await expectToast(page, 'Your ride has been successfully created!');
  await dialog.waitFor({ state: 'detached' });
  const ride = JSON.parse(body) as { id: string; series?: { id: string } | null };
  await page.goto(`/rides/${ride.id}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  return { id: ride.id, seriesId: ride.series?.id ?? null };
}

/** The time the ride page's facts show for the start. */
async function factsOf(page: Page): Promise<string> {
  return page.getByRole('region', { name: 'Ride Details' }).innerText();
}

/** axe and sideways scroll at 375 and 1280 px (and at 320 px on the phone checks), with a screenshot at each width. */
async function checkAtWidths(page: Page, label: string, shot: string, fullPage = true, prepare?: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await prepare?.();
    await expectAccessible(page, undefined, `${label} at ${width}px`);
    await shoot(page, `${shot}-${width}`, fullPage);
  }
  await expectNoSidewaysScroll(page, [320, 375]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

// The first Sunday at least a week ahead: a winter date (the test runs in November), outside August.
const firstSunday = nextSunday(addDays(new Date(), 6));

describe('series and named zones', () => {
  it('creates a ride that repeats every 2 weeks on Sunday in Europe/Rome, links its series, and skips a date', async () => {
    const { owner, groupName } = await ownerWithGroup();
    const { page } = owner;
    const dialog = await fillRide(page, groupName, RIDE, firstSunday);

    // The zone picker, searched for Rome: the offset label is the ride's date's.
    const rome = await searchRome(page, dialog);
    expect(await rome.innerText()).toMatch(/UTC\+01:00\s+Rome/);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await rome.waitFor();
      await expectAccessible(page, undefined, `zone picker at ${width}px`);
      await shoot(page, `zone-picker-open-${width}`, false);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await rome.click();
    await expect.poll(() => dialog.getByRole('button', { name: /^Timezone/ }).innerText()).toContain('UTC+01:00 - Rome');
    await page.getByRole('listbox', { name: 'Timezones' }).waitFor({ state: 'detached' });

    // Repeats: every 2 weeks on Sunday (the start day's weekday), a break in August.
    await dialog.getByLabel(/^This ride repeats/).check();
    await dialog.getByLabel('How many').fill('2');
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Sunday', exact: true }).isChecked()).toBe(true);
    await dialog.getByLabel('Take a break every year').check();
    expect(await dialog.getByLabel('Break from (MM-DD)').inputValue()).toBe('08-01');
    expect(await dialog.getByLabel('Break until (MM-DD)').inputValue()).toBe('08-31');
    await dialog.getByText('This ride repeats: Every 2 weeks on Sunday').waitFor();
    // The dialog scrolls inside itself: the shots show Repeats down to its last field.
    const repeatsInView = () => dialog.getByLabel('Break until (MM-DD)').evaluate((field) => field.scrollIntoView({ block: 'center' }));
    await checkAtWidths(page, 'Create Ride with Repeats', 'create-ride-repeats', false, repeatsInView);

    // Created: the first ride's page names its series and links it.
    const first = await createAndOpen(page, dialog, RIDE);
    expect(first.seriesId).toBeTruthy();
    const seriesLink = page.getByRole('link', { name: 'Every 2 weeks on Sunday' });
    await seriesLink.waitFor();
    expect(await seriesLink.getAttribute('href')).toBe(`/series/${first.seriesId}`);
    expect(await factsOf(page)).toContain('09:00');
    // The zone by its IANA name too (issue 29), beside its label and offset.
    expect(await factsOf(page)).toMatch(/Rome \(UTC\+01:00\)\s*Europe\/Rome/);
    await checkAtWidths(page, 'series ride page', 'series-ride-page');

    // The series page lists its upcoming dated rides, two weeks apart.
    await seriesLink.click();
    await page.getByRole('heading', { level: 1, name: RIDE }).waitFor();
    const rides = page.getByRole('region', { name: 'Upcoming rides' }).getByRole('listitem');
    await expect.poll(() => rides.count()).toBeGreaterThan(2);
    const days = await rides.allInnerTexts();
    expect(days[0]).toContain(format(firstSunday, 'MMM d, yyyy'));
    expect(days[1]).toContain(format(addDays(firstSunday, 14), 'MMM d, yyyy'));
    await page.getByText('Every 2 weeks on Sunday', { exact: true }).waitFor();
    // The series names its group and links it.
    const groupLink = page.getByRole('region', { name: RIDE, exact: true }).getByRole('link', { name: groupName, exact: true });
    await groupLink.waitFor();
    expect(await groupLink.getAttribute('href')).toMatch(/^\/groups\/[a-z0-9-]+$/);
    await checkAtWidths(page, 'series page', 'series-page');

    // "Skip this date" on the second ride asks first, then the ride shows as cancelled.
    await rides.nth(1).getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: RIDE }).waitFor();
    await page.getByRole('button', { name: 'Skip this date' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Skip this date?' }).or(page.getByRole('dialog', { name: 'Skip this date?' }));
    await confirm.waitFor();
    await confirm.getByText('This ride is cancelled and its riders are told.').waitFor();
    await confirm.getByRole('button', { name: 'Skip this date' }).click();
    await expectToast(page, 'Its riders were notified.');
    await page.getByText('This ride was cancelled').waitFor();
    expect(await page.getByRole('button', { name: 'Skip this date' }).count()).toBe(0);
    await page.goto(`/series/${first.seriesId}`);
    await page.getByRole('heading', { level: 1, name: RIDE }).waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Upcoming rides' }).getByRole('listitem').nth(1).innerText()).toContain('Cancelled');
    await shoot(page, 'series-page-skipped-1280');
  });

  it('keeps 09:00 as typed for a ride in Europe/Rome on a summer date and on a winter date', async () => {
    const { owner, groupName } = await ownerWithGroup();
    const { page } = owner;
    const summer = new Date(firstSunday.getFullYear() + 1, 6, 11);
    for (const [label, day, offset] of [['summer', summer, 'UTC+02:00'], ['winter', firstSunday, 'UTC+01:00']] as const) {
      const name = `Raticosa ${label}`;
      const dialog = await fillRide(page, groupName, name, day);
      const rome = await searchRome(page, dialog);
      expect(await rome.innerText()).toContain(offset);
      await rome.click();
      // Chosen and the picker closed, as the rider sees it, before Create Ride (the open picker would take the click).
      await expect.poll(() => dialog.getByRole('button', { name: /^Timezone/ }).innerText()).toContain(`${offset} - Rome`);
      await page.getByRole('listbox', { name: 'Timezones' }).waitFor({ state: 'detached' });
      await createAndOpen(page, dialog, name);
      const facts = await factsOf(page);
      expect(facts, label).toContain('09:00');
      expect(facts, label).not.toMatch(/\b(08|10):00\b/);
    }
  });

  it('gives a guest with no zone the browser’s on the next page load, once, wherever they land', async () => {
    const rider = await guestRider(h);
    const { page } = rider;
    const zoneOf = () => page.evaluate(async () => ((await (await fetch('/api/users/current')).json()) as { timezone: string }).timezone);
    // The test browser runs on UTC: nothing to take.
    expect(await zoneOf()).toBe('UTC');
    // The same browser, now in Kathmandu (+05:45), opens a ride-less page, not Preferences.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Asia/Kathmandu' });
    await page.goto('/groups');
    await expectToast(page, 'Timezone detected');
    await expect.poll(zoneOf).toBe('Asia/Kathmandu');
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: '' });
  });
});

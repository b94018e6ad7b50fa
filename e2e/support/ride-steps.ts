import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Harness } from './harness';
import { recordToasts } from './page-checks';
import { pageApi } from './page-api';
import { format } from 'date-fns';
import { expect } from 'vitest';

/**
 * A group around Bologna (the offline gazetteer's home ground), created through the API as the page's
 * rider; `overrides` change any field (another place, approval required...).
 */
export async function createGroup(page: Page, name: string, overrides: Record<string, unknown> = {}): Promise<{ id: string; slug: string }> {
  const group = await page.evaluate(async ({ groupName, overrides }) => {
    const response = await fetch('/api/groups', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: groupName,
        description: 'Passes and espresso stops around Bologna',
        location: 'Bologna, Emilia-Romagna, Italy',
        latitude: 44.4938,
        longitude: 11.3387,
        radiusKm: 100,
        membershipApprovalRequired: false,
        timezoneOffset: 'UTC+01:00',
        timezoneName: 'Berlin',
        ...overrides,
      }),
    });
    return response.json();
  }, { groupName: name, overrides });
  expect(group.slug).toBeTruthy();
  return group as { id: string; slug: string };
}

/** Types into a place field and chooses the first suggestion (the server's offline gazetteer). */
export async function pickPlace(scope: Locator, label: string, text: string) {
  const input = scope.getByRole('combobox', { name: new RegExp(`^${label}`) });
  await input.fill(text);
  // Wait for this text's suggestions (the list may briefly show the previous search's).
  const option = scope.page().locator('[role=listbox][aria-label="Suggested locations"]:not([hidden]) [role=option]', { hasText: text }).first();
  await option.waitFor();
  await option.click();
  await expect.poll(() => input.inputValue(), { timeout: 15_000 }).toContain(text);
}

/** Opens a date field's calendar and picks the day. */
export async function pickDay(scope: Locator, label: string, day: Date) {
  const page = scope.page();
  await scope.getByLabel(label, { exact: true }).click();
  const caption = format(day, 'MMMM yyyy');
  await page.locator('.rdp-caption_label').first().waitFor();
  for (let i = 0; i < 24 && (await page.locator('.rdp-caption_label').first().innerText()) !== caption; i++) {
    await page.getByRole('button', { name: 'Go to the Next Month' }).click();
  }
  await page.locator(`[data-day="${format(day, 'yyyy-MM-dd')}"] button`).click();
  await page.locator('.rdp-caption_label').first().waitFor({ state: 'detached' });
}

/** A new visitor (a guest account) on its own browser context, past the welcome dialog, its toasts recorded. */
export async function newGuestRider(h: Harness, viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await h.newPage(viewport);
  await recordToasts(page);
  await page.goto('/');
  const welcome = page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' });
  await welcome.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await welcome.waitFor({ state: 'detached' });
  return { context, page };
}

/**
 * A ride of the group through the API as the page's rider: from Bologna to Imola, a full day a week
 * ahead starting 09:30 on the group's clock (UTC+01:00), 10 seats; `fields` change any of it.
 */
export async function createRide(page: Page, groupId: string, fields: Record<string, unknown>): Promise<{ id: string; slug: string }> {
  const day = new Date(Date.now() + 7 * 86_400_000);
  const start = `${format(day, 'yyyy-MM-dd')}T08:30:00.000Z`;
  const created = await pageApi<{ id: string; slug: string }>(page, 'POST', '/api/rides', {
    groupId,
    description: null,
    startLocation: 'Bologna, Emilia-Romagna, Italy',
    startLatitude: 44.4938,
    startLongitude: 11.3387,
    waypoints: [],
    endLocation: 'Imola, Emilia-Romagna, Italy',
    endLatitude: 44.3536,
    endLongitude: 11.7147,
    startDate: start,
    endDate: start,
    duration: 'full-day',
    minRiders: 1,
    maxRiders: 10,
    timezoneOffset: 'UTC+01:00',
    timezoneName: 'Berlin',
    ...fields,
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.json;
}

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness';
import { createGroup, newGuestRider, pickPlace } from './support/ride-steps';
import { expectAccessible, expectNoSidewaysScroll, expectToast } from './support/page-checks';
import { pageApi } from './support/page-api';
import { screenshotsDir } from './support/screenshots';

/**
 * Polls that become rides: the poll's creator reads the results, closes the poll and plans the
 * ride from it; a rider who was interested in that date is told and finds the poll from the ride.
 */
vi.setConfig({ testTimeout: 180_000 });

let h: Harness;
const shotsDir = screenshotsDir('polls');

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const api = (page: Page, method: string, url: string, body?: unknown) => pageApi<Record<string, unknown>>(page, method, url, body);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const GROUP_NAME = 'Motoclub Appennino Tosco Emiliano «Passo della Futa» Sunday Riders';
const POLL_TITLE = 'Dolomiti weekend: Passo Giau, Falzarego and Pordoi before the snow';

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shotsDir}/${name}-${width}.png`, fullPage: true });
  }
}

describe('polls that become rides', () => {
  it('the creator closes the poll and plans its ride; the rider interested in that date is told and finds the poll from the ride', async () => {
    const owner = await newGuestRider(h, { width: 375, height: 900 });
    const group = await createGroup(owner.page, GROUP_NAME);
    const [early, best] = [day(12), day(14)];
    const created = await api(owner.page, 'POST', '/api/polls', {
      title: POLL_TITLE,
      description: 'Three passes a day, espresso at every top.',
      destination: 'Imola',
      durationDays: 2,
      deadline: `${day(6)}T18:00:00.000Z`,
      groupId: group.id,
      proposedDates: [`${early}T00:00:00.000Z`, `${best}T00:00:00.000Z`],
    });
    expect(created.status).toBe(201);
    const pollId = created.json.id as string;

    // Two riders answer: both want the later date, one also the earlier.
    const interested = await newGuestRider(h, { width: 375, height: 900 });
    const other = await newGuestRider(h);
    for (const rider of [interested, other]) expect((await api(rider.page, 'POST', `/api/groups/${group.id}/join`)).status).toBe(200);
    expect((await api(interested.page, 'POST', `/api/polls/${pollId}/respond`, { response: 'yes', preferredDates: [`${best}T00:00:00.000Z`] })).status).toBe(200);
    expect((await api(other.page, 'POST', `/api/polls/${pollId}/respond`, { response: 'yes', preferredDates: [`${early}T00:00:00.000Z`, `${best}T00:00:00.000Z`] })).status).toBe(200);
    const interestedHandle = (await api(interested.page, 'GET', '/api/users/current')).json.userId as string;

    // The creator reads the results on the group's Polls tab.
    const { page } = owner;
    await page.goto(`/groups/${group.slug}?tab=polls`);
    const card = page.getByRole('article', { name: POLL_TITLE });
    await card.waitFor();
    const results = card.getByRole('list', { name: 'Results so far' });
    await results.waitFor();
    const bestRow = results.getByRole('listitem').filter({ hasText: 'Best date' });
    expect(await bestRow.innerText()).toContain('2 riders');
    expect(await bestRow.innerText()).toContain(interestedHandle);
    await expectAccessible(page, ['main']);
    await expectNoSidewaysScroll(page);
    await shoot(page, 'poll-results');

    // Close poll asks first, then closes.
    await page.setViewportSize({ width: 375, height: 900 });
    await card.getByRole('button', { name: 'Close poll' }).click();
    const question = page.getByRole('alertdialog', { name: 'Close this poll?' });
    await question.waitFor();
    await expectAccessible(page, ['[role=alertdialog]']);
    await question.getByRole('button', { name: 'Close poll' }).click();
    await expectToast(page, 'Poll closed');
    await card.getByText('Closed', { exact: true }).waitFor();
    await card.getByText('Voting closed').waitFor();
    expect(await card.getByRole('button', { name: 'Close poll' }).count()).toBe(0);
    await expectAccessible(page, ['main']);
    await shoot(page, 'poll-closed');

    // Plan this ride: Create Ride filled from the poll, on its best date.
    await page.setViewportSize({ width: 375, height: 900 });
    await card.getByRole('button', { name: 'Plan this ride' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Ride' });
    await dialog.getByText(`Planned from the poll “${POLL_TITLE}”.`).waitFor();
    const name = dialog.getByLabel('Ride Name');
    await expect.poll(() => name.inputValue()).toBe(POLL_TITLE);
    const endLocation = dialog.getByRole('combobox', { name: /^End Location/ });
    expect(await endLocation.inputValue()).toBe('Imola');
    await pickPlace(dialog, 'Start Location', 'Bologna');
    // The destination came as text: the rider places it from the suggestions, as any typed stop.
    await endLocation.fill('');
    await pickPlace(dialog, 'End Location', 'Imola');
    await expectAccessible(page, ['[role=dialog]']);
    await shoot(page, 'plan-ride-dialog');
    await dialog.getByRole('button', { name: 'Create Ride' }).click();
    await expectToast(page, 'Your ride has been successfully created!');
    await dialog.waitFor({ state: 'detached' });

    // The interested rider is told, with the ride to open; they are not joined for them.
    const rider = interested.page;
    await rider.goto('/');
    const bell = rider.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.click();
    const panel = rider.getByRole('dialog', { name: 'Notifications' });
    const told = panel.getByText(new RegExp(`is planned from ${POLL_TITLE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: join if you're riding`));
    await told.waitFor();
    await expectAccessible(rider, ['[role=dialog]']);
    await told.click();
    await rider.getByRole('heading', { name: POLL_TITLE }).waitFor();
    await rider.getByRole('button', { name: 'Join Ride' }).waitFor();

    // The ride page links back to the poll.
    const link = rider.getByRole('link', { name: POLL_TITLE });
    await link.waitFor();
    await expectAccessible(rider, ['[aria-labelledby="ride-facts-title"]']);
    await shoot(rider, 'ride-from-poll');
    await rider.setViewportSize({ width: 375, height: 900 });
    await link.click();
    await rider.getByRole('article', { name: POLL_TITLE }).getByText('Closed', { exact: true }).waitFor();
    expect(new URL(rider.url()).hash).toBe(`#poll-${pollId}`);
  });
});

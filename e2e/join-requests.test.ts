import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness';
import { PHONE_WIDTHS, animationsSettled, expectAccessible, expectNoSidewaysScroll, expectToast } from './support/page-checks';
import { createGroup } from './support/ride-steps';
import { rename, signedInRider, unique, type Rider } from './support/riders';
import { screenshotsDir } from './support/screenshots';

/**
 * A request to join an approval group reaches the owner live (count, list and
 * notification, without a reload), and the rider hears the decision, approved or declined. Two and
 * more riders in their own browser contexts, the real server, real SMTP for the sign-ins.
 */
vi.setConfig({ testTimeout: 120_000 });

const shotsDir = screenshotsDir('join-requests');

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const GROUP_NAME = 'Apennine Dawn Patrol';

/** Marks the page; `expectNoReload` then proves the page was never loaded again. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameLoad: boolean }).__sameLoad = true));
}
async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad)).toBe(true);
}


/** Screenshots once nothing moves (the popover and toasts animate in). */
async function shot(page: Page, name: string, fullPage = false) {
  await animationsSettled(page);
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage });
}

/** A visitor signed in over real SMTP with an e-mailed link, then given a handle. */
async function newRider(handle: string, viewport?: { width: number; height: number }): Promise<Rider & { email: string }> {
  const email = `${handle.toLowerCase()}@example.com`;
  const rider = await signedInRider(h, email, viewport);
  await rename(rider, handle);
  return { ...rider, email };
}

/**
 * Each test's own owner, signed in, with a group that asks for approval (names are unique), on the
 * group's open Pending tab: no test depends on another.
 */
async function ownerOnPendingTab(): Promise<{ owner: Rider; group: { id: string; slug: string; name: string } }> {
  const n = unique();
  const owner = await newRider(`captain_ana${n}`);
  const name = `${GROUP_NAME} ${n}`;
  const group = await createGroup(owner.page, name, {
    description: 'Sunrise loops over the passes, approval required.',
    location: 'Bologna, Emilia-Romagna, Italy',
    latitude: 44.4949,
    longitude: 11.3426,
    radiusKm: 80,
    membershipApprovalRequired: true,
  });
  await owner.page.goto(`/groups/${group.slug}?tab=pending`);
  await owner.page.getByText('No pending requests').waitFor();
  await markPage(owner.page);
  return { owner, group: { ...group, name } };
}

describe('join requests, live', () => {
  it('the owner sees a request arrive on the open Pending tab, approves it, and the rider is told', async () => {
    const { owner, group } = await ownerOnPendingTab();
    const { page } = owner;

    const approved = await newRider('Maximiliano_DelaRosa-Vasquez');
    await approved.page.goto(`/groups/${group.slug}`);
    await approved.page.getByRole('button', { name: 'Join Group' }).click();
    await approved.page.getByText('Membership application pending').first().waitFor();
    await markPage(approved.page);

    // Without a reload: the count, the list and a notification.
    const pendingTab = page.getByRole('tab', { name: /Pending Members/ });
    await pendingTab.getByLabel('1 pending').waitFor();
    const list = page.getByRole('list', { name: 'Pending members' });
    await list.getByRole('link', { name: approved.userId }).waitFor();
    await expectToast(page, `${approved.userId} wants to join ${group.name}`);
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).first().waitFor();
    await expectNoReload(page);
    // The rider is named by handle, never by e-mail address.
    expect(await page.locator('body').innerText()).not.toContain(approved.email);
    await expectAccessible(page);

    await page.getByRole('button', { name: `Approve ${approved.userId}` }).click();
    await expectToast(page, `${approved.userId} is now a member.`);
    await page.getByText('No pending requests').waitFor();
    expect(await pendingTab.getByLabel(/pending/).count()).toBe(0);

    // The rider, still on the same page load, is told and sees the group as a member.
    await expectToast(approved.page, 'Membership approved!');
    await expectToast(approved.page, `You're now a member of ${group.name}.`);
    await approved.page.getByRole('tab', { name: 'Polls' }).waitFor();
    await approved.page.getByText('Member', { exact: true }).first().waitFor();
    await approved.page.getByRole('button', { name: 'Notifications, 1 unread' }).first().waitFor();
    await expectNoReload(approved.page);
    // Told once: the approval watch does not announce the same approval again.
    await approved.page.reload();
    await approved.page.getByRole('tab', { name: 'Polls' }).waitFor();
    const toasts = await approved.page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts.join('\n'));
    expect(toasts.match(/Membership approved!/g)?.length ?? 0).toBeLessThanOrEqual(1);
  });

  it('a withdrawn request leaves the owner nothing to act on; a second rider is declined and told', async () => {
    const { owner, group } = await ownerOnPendingTab();
    const { page } = owner;
    const declined = await newRider('Bartholomew_Featherstonehaugh', { width: 375, height: 800 });
    await declined.page.goto(`/groups/${group.slug}`);
    await declined.page.getByRole('button', { name: 'Join Group' }).click();
    await declined.page.getByText('Membership application pending').first().waitFor();
    const pendingTab = page.getByRole('tab', { name: /Pending Members/ });
    await pendingTab.getByLabel('1 pending').waitFor();

    // Withdrawn before a decision: the owner's list, count and notification follow, still without a reload.
    await declined.page.getByRole('button', { name: 'Withdraw request' }).click();
    await declined.page.getByRole('button', { name: 'Join Group' }).waitFor();
    await page.getByText('No pending requests').waitFor();
    await page.getByRole('button', { name: 'Notifications', exact: true }).first().click();
    const panel = page.getByRole('dialog');
    // This owner was told of nothing else: the withdrawn request's notification went with it.
    await panel.getByText('No notifications', { exact: true }).waitFor();
    expect(await panel.getByText(`${declined.userId} wants to join`).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Asked again: one notification, which opens the Pending tab from anywhere.
    await declined.page.getByRole('button', { name: 'Join Group' }).click();
    await declined.page.getByText('Membership application pending').first().waitFor();
    await pendingTab.getByLabel('1 pending').waitFor();
    await page.getByRole('tab', { name: 'Members', exact: true }).click();
    await page.waitForURL((url) => url.search === '?tab=members');
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).first().click();
    const requestNotes = page.getByRole('dialog').getByRole('link', { name: new RegExp(`${declined.userId} wants to join`) });
    expect(await requestNotes.count()).toBe(1);
    await requestNotes.click();
    await page.waitForURL((url) => url.search === '?tab=pending');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expectNoReload(page);

    await page.getByRole('button', { name: `Decline ${declined.userId}` }).click();
    // A decline is asked first, with "Don't let them ask again" unticked: this one may ask again.
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.getByRole('checkbox', { name: "Don't let them ask again" }).isChecked()).toBe(false);
    await confirm.getByRole('button', { name: 'Decline' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expectToast(page, `${declined.userId}'s request was declined.`);
    await page.getByText('No pending requests').waitFor();

    await expectToast(declined.page, `Your request to join ${group.name} was declined`);
    await declined.page.getByRole('button', { name: 'Join Group' }).waitFor();
    await declined.page.getByRole('button', { name: /^Notifications/ }).first().click();
    await declined.page.getByRole('dialog').getByText('Membership request declined').waitFor();
    await expectAccessible(declined.page);
    await declined.page.keyboard.press('Escape');
    await declined.context.close();
  });

  it('looks right with long names at 375 and 1280 px, with no sideways scroll', async () => {
    const { owner, group } = await ownerOnPendingTab();
    const { page } = owner;
    const riders = ['Alessandra_Montgomery-Smythe', 'Konstantinos_Papadimitriou'];
    for (const handle of riders) {
      const rider = await newRider(handle);
      await rider.page.evaluate(async (id) => fetch(`/api/groups/${id}/join`, { method: 'POST' }), group.id);
      await rider.context.close();
    }
    await page.getByRole('tab', { name: /Pending Members/ }).getByLabel('2 pending').waitFor();
    await page.getByRole('list', { name: 'Pending members' }).getByRole('link', { name: riders[1]! }).waitFor();

    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'pending-1280');
    await page.getByRole('button', { name: /^Notifications/ }).first().click();
    await page.getByRole('dialog').getByRole('list', { name: 'Notifications' }).waitFor();
    await shot(page, 'notifications-1280');
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('list', { name: 'Pending members' }).waitFor();
    await shot(page, 'pending-375', true);
    await page.getByRole('button', { name: /^Notifications/ }).first().click();
    await page.getByRole('dialog').getByRole('list', { name: 'Notifications' }).waitFor();
    await shot(page, 'notifications-375');
    await page.keyboard.press('Escape');
    await expectNoSidewaysScroll(page, PHONE_WIDTHS);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness';
import { animationsSettled, expectAccessible, expectNoSidewaysScroll, expectToast } from './support/page-checks';
import { pageApi } from './support/page-api';
import { createGroup, newGuestRider } from './support/ride-steps';
import { screenshotsDir } from './support/screenshots';

/**
 * Clubs run by more than one person, end to end: the owner makes a co-organizer who approves a
 * request, hands the group over, removes a member who is told, and edits the group. Each rider in
 * their own browser context; each `it` builds its own group.
 */
vi.setConfig({ testTimeout: 180_000 });

const shotsDir = screenshotsDir('group-roles');
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

interface Rider {
  page: Page;
  id: string;
  handle: string;
}

async function rider(viewport?: { width: number; height: number }): Promise<Rider> {
  const { page } = await newGuestRider(h, viewport);
  const me = (await pageApi<{ id: string; userId: string }>(page, 'GET', '/api/users/current')).json;
  return { page, id: me.id, handle: me.userId };
}

/** A group with a long real-world name, its owner and plain members (joined through the API). */
async function clubWith(memberCount: number, viewport?: { width: number; height: number }) {
  const owner = await rider(viewport);
  const name = `Confraternita Motociclistica dei Passi Appenninici ${Math.random().toString(36).slice(2, 7)}`;
  const group = await createGroup(owner.page, name);
  const members: Rider[] = [];
  for (let i = 0; i < memberCount; i++) {
    const member = await rider();
    expect((await pageApi(member.page, 'POST', `/api/groups/${group.id}/join`)).status).toBe(200);
    members.push(member);
  }
  return { owner, members, group: { ...group, name } };
}

async function openMembers(page: Page, slug: string) {
  await page.goto(`/groups/${slug}?tab=members`);
  await page.getByRole('list', { name: 'Members' }).waitFor();
}

/** Chooses an action from a member's menu and confirms it. */
async function actOnMember(page: Page, handle: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${handle}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.waitFor();
  await confirm.getByRole('button', { name: action }).click();
  await confirm.waitFor({ state: 'detached' });
}

async function shot(page: Page, name: string) {
  await animationsSettled(page);
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

describe('group roles', () => {
  it('the owner makes a co-organizer, who then approves a request to join', async () => {
    const { owner, members, group } = await clubWith(1, PHONE);
    const [helper] = members as [Rider];
    expect((await pageApi(owner.page, 'PATCH', `/api/groups/${group.id}`, { membershipApprovalRequired: true })).status).toBe(200);

    await openMembers(owner.page, group.slug);
    await expectAccessible(owner.page, undefined, 'owner members tab');
    await owner.page.getByRole('button', { name: `Actions for ${helper.handle}` }).click();
    await owner.page.getByRole('menuitem', { name: 'Make co-organizer' }).waitFor();
    // An open menu hides the page behind it from assistive technology (Radix): the menu itself is checked.
    await expectAccessible(owner.page, ['[role="menu"]'], 'member menu');
    await shot(owner.page, 'members-menu-375');
    await owner.page.keyboard.press('Escape');
    await actOnMember(owner.page, helper.handle, 'Make co-organizer');
    await expectToast(owner.page, `${helper.handle} is now a co-organizer`);
    await owner.page.getByRole('list', { name: 'Members' }).getByText('Co-organizer').waitFor();
    await expectNoSidewaysScroll(owner.page);

    const asker = await rider();
    expect((await pageApi(asker.page, 'POST', `/api/groups/${group.id}/join`)).status).toBe(200);
    await helper.page.goto(`/groups/${group.slug}?tab=pending`);
    await helper.page.getByRole('button', { name: `Approve ${asker.handle}` }).click();
    await expect.poll(async () => (await pageApi<{ membershipStatus: string }>(asker.page, 'GET', `/api/groups/${group.id}`)).json.membershipStatus).toBe('member');
    await helper.page.goto(`/groups/${group.slug}?tab=members`);
    await helper.page.getByText(/You are a co-organizer/).waitFor();
    await expectAccessible(helper.page, undefined, 'co-organizer members tab');
  });

  it('the owner hands the group over and stays on as a co-organizer', async () => {
    const { owner, members, group } = await clubWith(1, DESKTOP);
    const [heir] = members as [Rider];
    await openMembers(owner.page, group.slug);
    await actOnMember(owner.page, heir.handle, 'Hand over ownership');
    await expectToast(owner.page, `${heir.handle} now owns ${group.name}`);
    // The page follows what the server now says: a co-organizer, no longer the owner.
    await owner.page.locator('h1').getByText(group.name).waitFor();
    await owner.page.getByText('Co-organizer', { exact: true }).first().waitFor();
    await shot(owner.page, 'handed-over-1280');

    await heir.page.goto(`/groups/${group.slug}?tab=members`);
    const heirRow = heir.page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: heir.handle });
    await heirRow.getByText('Owner').waitFor();
    const notes = (await pageApi<Array<{ type: string; message: string }>>(heir.page, 'GET', '/api/notifications')).json;
    expect(notes.find((n) => n.type === 'ownership_received')?.message).toBe(`${owner.handle} handed ${group.name} over to you`);
  });

  it('the owner removes a member, who is told', async () => {
    const { owner, members, group } = await clubWith(2, DESKTOP);
    const [leaving, staying] = members as [Rider, Rider];
    await openMembers(owner.page, group.slug);
    await actOnMember(owner.page, leaving.handle, 'Remove from group');
    await expectToast(owner.page, `${leaving.handle} was removed from ${group.name}`);
    await owner.page.getByRole('list', { name: 'Members' }).getByText(leaving.handle).waitFor({ state: 'detached' });
    await owner.page.getByRole('list', { name: 'Members' }).getByText(staying.handle).waitFor();

    await leaving.page.goto('/');
    await leaving.page.getByRole('button', { name: /Notifications, 1 unread/ }).click();
    await leaving.page.getByText(`You were removed from ${group.name}`).waitFor();
    await expectAccessible(leaving.page, undefined, 'removed rider notifications');
  });

  it('the owner edits the group: a new name moves its address, the old one still leads to it', async () => {
    for (const [viewport, width] of [[PHONE, 375], [DESKTOP, 1280]] as const) {
      const { owner, group } = await clubWith(0, viewport);
      const { page } = owner;
      await page.goto(`/groups/${group.slug}`);
      await page.getByRole('button', { name: `Actions for ${group.name}` }).click();
      await page.getByRole('menuitem', { name: 'Edit Group' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Group' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Group Name').inputValue()).toBe(group.name);
      await expectAccessible(page, undefined, 'edit group dialog');
      await expectNoSidewaysScroll(page);
      await shot(page, `edit-group-${width}`);

      const renamed = `Ночные всадники Апеннин ${Math.random().toString(36).slice(2, 7)}`;
      await dialog.getByLabel('Group Name').fill(renamed);
      await dialog.getByLabel(/Description/).fill('Dawn rides over the passes, espresso at the top.');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expectToast(page, `${renamed} has been updated.`);
      await page.locator('h1').getByText(renamed).waitFor();
      await page.waitForURL((url) => !url.pathname.endsWith(`/${group.slug}`));
      await page.getByText('Dawn rides over the passes, espresso at the top.').waitFor();
      await shot(page, `edited-group-${width}`);

      await page.goto(`/groups/${group.slug}`);
      await page.locator('h1').getByText(renamed).waitFor();
    }
  });
});

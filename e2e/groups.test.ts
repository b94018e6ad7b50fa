import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import jsQR from 'jsqr';
import { addMonths, format, startOfMonth, addDays } from 'date-fns';
import { startHarness, type Harness } from './support/harness';
import { animationsSettled, expectToast, recordToasts, expectAccessible } from './support/page-checks';
import { createGroup } from './support/ride-steps';
import { guestRider, joinGroup, unique, type Rider } from './support/riders';
import { pageApi } from './support/page-api';
import { screenshotsDir } from './support/screenshots';

/**
 * Groups, membership with approval, invitations and polls, end to end: the real server, Chromium,
 * and three riders in their own browser contexts (owner, applicant, invitee). Each test makes its
 * own riders and group: the form's flow in the first, through the API in the others.
 */
// Three browser contexts on a shared 2-core machine: give each step room.
vi.setConfig({ testTimeout: 120_000 });

let h: Harness;
const shotsDir = screenshotsDir('groups');

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

/** A new visitor (a guest account), past the welcome dialog. */
const newRider = (viewport?: { width: number; height: number }): Promise<Rider> => guestRider(h, viewport);

async function screenshot(page: Page, name: string) {
  // Once toasts and dialogs have finished animating.
  await animationsSettled(page);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** A small JPEG to crop, made on the fly. */
async function sampleImage(): Promise<string> {
  const file = path.join(shotsDir, 'sample-group.png');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#17191e"/><circle cx="320" cy="240" r="150" fill="#f98612"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

const GROUP_NAME = 'Bologna Night Riders';
const GROUP_SLUG = 'bologna-night-riders';

interface Group {
  id: string;
  slug: string;
  name: string;
}

/** An owner (a guest) and a group asking for approval, as the first test makes it through the form. */
async function ownerWithGroup(): Promise<{ owner: Rider; group: Group }> {
  const owner = await newRider();
  const name = `${GROUP_NAME} ${unique()}`;
  const group = await createGroup(owner.page, name, {
    description: 'Evening loops through the Apennine foothills. Espresso stop guaranteed.',
    radiusKm: 60,
    membershipApprovalRequired: true,
  });
  return { owner, group: { ...group, name } };
}

/** A member of the group, approved by its owner. */
async function memberOf(owner: Rider, group: Group): Promise<Rider> {
  const member = await newRider();
  await joinGroup(member, owner, group.id);
  return member;
}

/** The owner's poll "Dolomites weekend", as the poll test makes it through the form. */
async function createPoll(owner: Rider, group: Group): Promise<void> {
  const next = startOfMonth(addMonths(new Date(), 1));
  const created = await pageApi(owner.page, 'POST', '/api/polls', {
    groupId: group.id,
    title: 'Dolomites weekend',
    description: '',
    destination: 'Passo Giau',
    durationDays: 2,
    deadline: addDays(new Date(), 7).toISOString(),
    proposedDates: [format(addDays(next, 9), 'yyyy-MM-dd'), format(addDays(next, 11), 'yyyy-MM-dd')],
  });
  expect(created.status).toBe(201);
}

describe('groups', () => {
  it('creates a group with every field of the form, image included', async () => {
    const owner = await newRider();
    const { page } = owner;
    await page.goto('/groups');
    await page.getByRole('heading', { name: 'My Groups' }).waitFor();
    await page.getByText("You're not part of any groups yet").waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create Group' }).first().click();
    await page.waitForURL((url) => url.search === '?action=create');
    const dialog = page.getByRole('dialog', { name: 'Create Group' });

    // The rules the form checks itself.
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await dialog.getByText('Group name is required').waitFor();
    await dialog.getByText('Location is required').waitFor();
    await dialog.getByLabel('Group Name').fill('Night-Riders');
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await dialog.getByText('Group names cannot contain hyphens (reserved for URLs)').waitFor();

    await dialog.getByLabel('Group Name').fill(GROUP_NAME);
    await dialog.getByLabel('Description').fill('Evening loops through the Apennine foothills. Espresso stop guaranteed.');

    // A square image, cropped.
    await dialog.getByRole('button', { name: 'Add Image' }).click();
    const crop = page.getByRole('dialog', { name: 'Group Image' });
    await crop.locator('input[type=file]').setInputFiles(await sampleImage());
    await crop.getByRole('button', { name: 'Use Image' }).click();
    await crop.waitFor({ state: 'detached' });
    await dialog.getByRole('img', { name: 'Chosen group cover' }).waitFor();

    // Base location from the offline gazetteer.
    await dialog.getByRole('combobox', { name: 'Base Location' }).fill('Bologna');
    await dialog.getByRole('option', { name: /^Bologna/ }).first().click();
    expect(await dialog.getByRole('combobox', { name: 'Base Location' }).inputValue()).toMatch(/^Bologna/);

    // Radius: 50 by default, in steps of 5.
    const radius = dialog.getByRole('slider', { name: 'Riding Radius' });
    expect(await radius.getAttribute('aria-valuenow')).toBe('50');
    await radius.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await radius.getAttribute('aria-valuenow')).toBe('60');

    await dialog.getByRole('checkbox', { name: 'Require approval for new members' }).click();

    await dialog.getByRole('button', { name: /Timezone/ }).click();
    await page.getByRole('combobox', { name: 'Search timezones' }).fill('Berlin');
    await page.keyboard.press('Enter');
    await dialog.getByText('UTC+01:00 - Berlin').waitFor();

    await screenshot(page, 'create-group-dialog-1280');
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The group exists whatever happens to the image (the media API may not take group images yet).
    const toastText = await expectToast(page, 'Group created');
    const imageStored = toastText.includes('Your riding group has been successfully created!');
    expect(imageStored || toastText.includes('Group created successfully, but image upload failed. You can add an image later.')).toBe(true);
    expect(new URL(page.url()).search).toBe('');

    const card = page.getByRole('article', { name: GROUP_NAME });
    await card.waitFor();
    if (imageStored) await card.locator('img').first().waitFor();
    const cardText = await card.innerText();
    expect(cardText).toContain('1 member');
    expect(cardText).toMatch(/Bologna/);
    expect(cardText).toContain('60 km radius');
    expect(cardText).toContain('No upcoming rides');
    expect(cardText).toContain(`Created by ${owner.userId}`);
    expect(cardText).toContain('Active');

    const stored = await h.app.ctx.db.selectFrom('groups').selectAll().where('slug', '=', GROUP_SLUG).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: GROUP_NAME, radius_km: 60, membership_approval_required: 1, timezone_offset: 'UTC+01:00', timezone_name: 'Berlin' });
    expect(stored.latitude).not.toBeNull();

    // The card menu shows what the owner may do.
    await card.getByRole('button', { name: `Actions for ${GROUP_NAME}` }).click();
    const items = await page.getByRole('menuitem').allInnerTexts();
    expect(items).toEqual(['View Group', 'Manage Group', 'Delete Group']);
    await page.keyboard.press('Escape');

    // A second group whose name has the same URL is refused with a clear message.
    await page.getByRole('button', { name: 'Create Group' }).first().click();
    const again = page.getByRole('dialog', { name: 'Create Group' });
    await again.getByLabel('Group Name').fill('bologna night   riders!');
    await again.getByRole('combobox', { name: 'Base Location' }).fill('Modena');
    // Typed but not picked: leaving the field places it with the best suggestion, shown under the field.
    await again.getByRole('combobox', { name: 'Base Location' }).press('Tab');
    await again.getByText(/^Modena → /).waitFor();
    await again.getByRole('button', { name: 'Create Group' }).click();
    await again.getByText('A group with this name already exists. Please choose another name.').waitFor();
    await expectToast(page, 'Failed to create group');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });

    await screenshot(page, 'my-groups-1280');
    await card.getByRole('link', { name: GROUP_NAME }).click();
    await page.waitForURL((url) => url.pathname === `/groups/${GROUP_SLUG}`);
    await page.getByRole('heading', { name: GROUP_NAME, level: 1 }).waitFor();
    await page.getByText('Owner', { exact: true }).first().waitFor();
    await page.getByRole('tab', { name: 'Rides' }).waitFor();
    await page.getByText('No rides planned yet.').waitFor();
    await page.getByRole('tab', { name: 'Members', exact: true }).click();
    await page.getByRole('list', { name: 'Members' }).getByText(owner.userId).waitFor();
  });

  it('an applicant asks to join an approval group, the owner approves, the applicant is told', async () => {
    const { owner, group } = await ownerWithGroup();
    await owner.page.goto(`/groups/${group.slug}`);
    await owner.page.getByRole('heading', { name: group.name, level: 1 }).waitFor();
    const applicant = await newRider();
    const { page } = applicant;
    await page.goto(`/groups/${group.slug}`);
    await page.getByRole('heading', { name: `Join ${group.name}` }).waitFor();
    await expectAccessible(page);
    expect(await page.getByText('0 rides').count()).toBeGreaterThan(0);
    expect(await page.getByRole('tab').count()).toBe(0);
    await page.getByRole('button', { name: 'Join Group' }).click();
    await expectToast(page, 'Membership request submitted for approval');
    await page.getByText('Membership application pending').first().waitFor();

    // My Groups lists it with the Pending badge.
    await page.goto('/groups');
    const card = page.getByRole('article', { name: group.name });
    await expectAccessible(page);
    await card.getByText('Pending', { exact: true }).waitFor();
    await card.getByText('Membership application pending').waitFor();

    // The owner sees the request, with its count, and approves it.
    const ownerPage = owner.page;
    await ownerPage.reload();
    const pendingTab = ownerPage.getByRole('tab', { name: /Pending Members/ });
    await pendingTab.getByLabel('1 pending').waitFor();
    await pendingTab.click();
    await ownerPage.getByRole('list', { name: 'Pending members' }).getByText(applicant.userId).waitFor();
    await ownerPage.getByRole('button', { name: `Approve ${applicant.userId}` }).click();
    await expectToast(ownerPage, `${applicant.userId} is now a member.`);
    await ownerPage.getByText('No pending requests').waitFor();
    await ownerPage.getByRole('tab', { name: 'Members', exact: true }).click();
    await ownerPage.getByRole('list', { name: 'Members' }).getByText(applicant.userId).waitFor();

    // The applicant's open page is told at once by the live notification, and follows it.
    await expectToast(page, 'Membership approved!');
    await card.getByText('Pending', { exact: true }).waitFor({ state: 'detached' });
    await page.goto(`/groups/${group.slug}`);
    await page.getByText('Member', { exact: true }).first().waitFor();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Polls' }).waitFor();
    expect(await page.getByRole('tab', { name: /Pending Members/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create Ride' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Invite Member' }).count()).toBe(0);
  });

  it('an invitation link, opened in a fresh browser, ends on the group page as a member', async () => {
    const { owner, group } = await ownerWithGroup();
    const { page } = owner;
    await page.goto(`/groups/${group.slug}`);
    await page.getByRole('button', { name: 'Invite Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Invitation' });
    await dialog.getByRole('button', { name: 'Create Invitation' }).click();
    await dialog.getByText('Please enter your first name.').waitFor();
    await dialog.getByText("Please enter either the invitee's name or email address.").waitFor();
    await dialog.getByLabel('Your First Name').fill('Ana');
    // The owner has no confirmed address, so the server will not e-mail invitations for them.
    await dialog.getByText(/We e-mail invitations only for riders with a confirmed e-mail address/).waitFor();
    expect(await dialog.getByLabel('Invitee Email').isDisabled()).toBe(true);
    await dialog.getByLabel('Invitee Name').fill('Carla');
    await dialog.getByRole('button', { name: 'Create Invitation' }).click();

    const result = page.getByRole('dialog', { name: 'Invitation Created' });
    const qr = result.getByRole('img', { name: `QR code to join ${group.name}` });
    await expectAccessible(page);
    await qr.waitFor();
    const link = await result.getByLabel('Invitation Link').inputValue();
    expect(link).toMatch(new RegExp(`^${h.baseUrl}/invite/[A-Za-z0-9_-]{43}$`));
    expect(await result.innerText()).toMatch(/Expires on/);
    await screenshot(page, 'invitation-created-1280');

    // The QR code encodes exactly the link.
    const dataUrl = (await qr.getAttribute('src'))!;
    const { data, info } = await sharp(Buffer.from(dataUrl.split(',')[1]!, 'base64')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(link);

    // Create Another goes back to an empty form (keeping the inviter's name).
    await result.getByRole('button', { name: 'Create Another' }).click();
    const form = page.getByRole('dialog', { name: 'Create Invitation' });
    expect(await form.getByLabel('Invitee Name').inputValue()).toBe('');
    expect(await form.getByLabel('Your First Name').inputValue()).toBe('Ana');
    await page.keyboard.press('Escape');

    // The invitee, in a fresh browser at phone width.
    const { context, page: invitee } = await h.newPage({ width: 375, height: 812 });
    await recordToasts(invitee);
    await invitee.goto(link);
    await invitee.getByRole('heading', { name: group.name }).waitFor();
    await expectAccessible(invitee);
    const landing = await invitee.locator('main').innerText();
    expect(landing).toContain('Carla');
    expect(landing).toContain('Ana');
    expect(await invitee.getByRole('dialog').count()).toBe(0); // no welcome dialog on invite pages
    await screenshot(invitee, 'invite-landing-375');
    await invitee.setViewportSize({ width: 1280, height: 800 });
    await screenshot(invitee, 'invite-landing-1280');

    await invitee.getByRole('button', { name: 'Accept Invitation' }).click();
    await expectToast(invitee, 'Email Required');
    await invitee.getByLabel('Email Address').fill('carla@example.com');
    await invitee.getByRole('button', { name: 'Accept Invitation' }).click();
    // The landing says where the link went, then the group page opens without the welcome dialog.
    await invitee.getByText("You're in! Now check your email").waitFor();
    await invitee.getByRole('link', { name: `Go to ${group.name}` }).click();
    await invitee.waitForURL((url) => url.pathname === `/groups/${group.slug}`);
    await invitee.getByText('Member', { exact: true }).first().waitFor();
    await invitee.getByRole('tab', { name: 'Members', exact: true }).waitFor();
    expect(await invitee.getByRole('dialog').count()).toBe(0);
    const mail = await h.waitForMail('carla@example.com');
    expect(mail.text).toMatch(/\/auth\/magic-link\?token=/);

    // The link was for one rider.
    const other = await h.newPage();
    await other.page.goto(link);
    await other.page.getByText('Invalid Invitation: This invitation link is invalid or has expired.').waitFor();
    await other.context.close();
    await context.close();
  });

  it('a member creates a poll, another votes on it', async () => {
    const { owner, group } = await ownerWithGroup();
    const applicant = await memberOf(owner, group);
    const { page } = owner;
    await page.goto(`/groups/${group.slug}?tab=polls`);
    await page.getByText('No polls yet').waitFor();
    await page.getByRole('button', { name: 'Create Poll' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Poll' });
    await dialog.getByLabel('Poll Title').fill('Dolomites weekend');
    await expectAccessible(page);
    await dialog.getByLabel('Destination').fill('Passo Giau');
    await dialog.getByLabel('Duration').selectOption('2');
    const deadline = await dialog.getByLabel('Voting Deadline').inputValue();
    const days = (new Date(deadline).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);

    // No dates: refused with the toast.
    await dialog.getByRole('button', { name: 'Create Poll' }).click();
    await expectToast(page, 'You need to propose at least one date for the ride.');

    // Two days next month, picked out of order; kept sorted.
    const next = startOfMonth(addMonths(new Date(), 1));
    const later = addDays(next, 11);
    const sooner = addDays(next, 9);
    await dialog.getByRole('button', { name: /next month/i }).click();
    await dialog.getByRole('button', { name: new RegExp(format(later, 'PPPP')) }).click();
    await dialog.getByRole('button', { name: new RegExp(format(sooner, 'PPPP')) }).click();
    await screenshot(page, 'create-poll-dialog-1280');
    const chips = await dialog.getByRole('list', { name: 'Selected dates' }).getByRole('listitem').allInnerTexts();
    expect(chips.map((c) => c.trim())).toEqual([format(sooner, 'EEE, MMM d'), format(later, 'EEE, MMM d')]);
    await dialog.getByRole('button', { name: 'Create Poll' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectToast(page, 'Poll created');
    const poll = page.getByRole('article', { name: 'Dolomites weekend' });
    await poll.waitFor();
    expect(await poll.innerText()).toContain('Passo Giau');

    // The other member votes Interested with one preferred date.
    const member = applicant.page;
    await member.goto(`/groups/${group.slug}?tab=polls`);
    const card = member.getByRole('article', { name: 'Dolomites weekend' });
    await card.getByRole('button', { name: format(later, 'MMM d, yyyy') }).click();
    await card.getByRole('button', { name: 'Interested' }).click();
    await card.getByText("You're interested").waitFor();
    expect(await card.getByRole('button', { name: 'Interested' }).count()).toBe(0);
    const text = await card.innerText();
    expect(text).toMatch(/1\s+interested/);
    expect(text).toMatch(/1\s+response\b/);
    const stored = await h.app.ctx.db.selectFrom('poll_responses').selectAll().where('user_id', '=', applicant.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.preferred_dates)).toEqual([format(later, 'yyyy-MM-dd')]);

    // The owner votes Not Available.
    await poll.getByRole('button', { name: 'Not Available' }).click();
    await poll.getByText("You're not available").waitFor();
    expect(await poll.innerText()).toMatch(/2\s+responses/);
  });

  it('the owner manages the settings and deletes a group after confirming', async () => {
    const { owner, group } = await ownerWithGroup();
    const { page } = owner;
    await page.goto(`/groups/${group.slug}`);
    await page.getByRole('button', { name: `Actions for ${group.name}` }).click();
    await page.getByRole('menuitem', { name: 'Manage Group' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Group' });
    const approval = manage.getByRole('checkbox', { name: 'Require approval for new members' });
    await expectAccessible(page);
    expect(await approval.getAttribute('aria-checked')).toBe('true');
    await approval.click();
    await manage.getByRole('button', { name: /Timezone/ }).click();
    await page.getByRole('combobox', { name: 'Search timezones' }).fill('Athens');
    await page.keyboard.press('Enter');
    await manage.getByRole('button', { name: 'Save Changes' }).click();
    await manage.waitFor({ state: 'detached' });
    await expectToast(page, 'Settings updated');
    await page.getByText('UTC+02:00 · Athens').waitFor();
    expect(await page.getByText('Approval required').count()).toBe(0);

    // A group to delete, from the card menu.
    await page.goto('/groups?action=create');
    const create = page.getByRole('dialog', { name: 'Create Group' });
    await create.getByLabel('Group Name').fill('Short Lived');
    await create.getByRole('combobox', { name: 'Base Location' }).fill('Modena');
    await create.getByRole('option', { name: /^Modena/ }).first().click();
    await create.getByRole('button', { name: 'Create Group' }).click();
    await create.waitFor({ state: 'detached' });
    const card = page.getByRole('article', { name: 'Short Lived' });
    await card.getByRole('button', { name: 'Actions for Short Lived' }).click();
    await page.getByRole('menuitem', { name: 'Delete Group' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Group' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Actions for Short Lived' }).click();
    await page.getByRole('menuitem', { name: 'Delete Group' }).click();
    await confirm.getByRole('button', { name: 'Delete Group' }).click();
    await expectToast(page, 'Short Lived has been deleted.');
    await card.waitFor({ state: 'detached' });
    expect(await h.app.ctx.db.selectFrom('groups').select('id').where('slug', '=', 'short-lived').executeTakeFirst()).toBeUndefined();
  });

  it('looks right on a phone and on a desktop', async () => {
    const { owner, group } = await ownerWithGroup();
    await memberOf(owner, group);
    await createPoll(owner, group);
    const { page } = owner;
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await page.goto('/groups');
      await page.getByRole('article', { name: group.name }).waitFor();
      await expectAccessible(page);
      await screenshot(page, `my-groups-${width}`);
      await page.goto(`/groups/${group.slug}?tab=polls`);
      await page.getByRole('article', { name: 'Dolomites weekend' }).waitFor();
      await expectAccessible(page);
      await screenshot(page, `group-detail-polls-${width}`);
      await page.goto(`/groups/${group.slug}?tab=members`);
      await page.getByRole('list', { name: 'Members' }).waitFor();
      await expectAccessible(page);
      await screenshot(page, `group-detail-members-${width}`);
    }
    const outsider = await newRider({ width: 375, height: 812 });
    await outsider.page.goto(`/groups/${group.slug}`);
    await outsider.page.getByRole('button', { name: 'Join Group' }).waitFor();
    await expectAccessible(outsider.page);
    await screenshot(outsider.page, 'group-detail-outsider-375');
    await outsider.page.goto('/groups/no-such-group');
    await outsider.page.getByRole('heading', { name: 'Group not found' }).waitFor();
    await expectAccessible(outsider.page);
    await outsider.page.getByRole('link', { name: 'Back to Groups' }).waitFor();
    await outsider.context.close();
  });
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { linkFrom, startHarness, type Harness } from './support/harness';
import { PHONE_WIDTHS, animationsSettled, expectAccessible, expectNoSidewaysScroll, expectToast, recordToasts } from './support/page-checks';
import { pageApi } from './support/page-api';
import { createGroup } from './support/ride-steps';
import { currentUser, guestRider, signedInRider, unique, type Rider } from './support/riders';
import { screenshotsDir } from './support/screenshots';

/**
 * Invitations: a rider who already has an account accepts on a new device, members and the owner
 * opening a link, accepting is all or nothing, no welcome dialog after accepting, and the open
 * invitations list. Each test has its own owner and group, so none depends on another.
 * Real Chromium, the real server, a real SMTP server; axe-core checks each screen.
 */
vi.setConfig({ testTimeout: 120_000 });

let h: Harness;
const shotsDir = screenshotsDir('invitations');
const GROUP_NAME = 'Motorradfreundeskreisoberbayern Sonntagsausfahrten';

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

/** A visitor in a fresh browser; with `email`, signed in with that address through a mailed link. */
async function newRider(email?: string, viewport?: { width: number; height: number }): Promise<Rider> {
  return email ? signedInRider(h, email, viewport) : guestRider(h, viewport);
}

/**
 * The welcome dialog is not shown. The shell renders nothing of the page before it has the current
 * user, and the dialog in the same render as the page: once the page shows, it would be there.
 */
async function expectNoWelcome(page: Page) {
  expect(await page.getByRole('dialog').count()).toBe(0);
}

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await animationsSettled(page);
    await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
  }
}

interface Group {
  id: string;
  slug: string;
  name: string;
}

/** Each test's owner, signed in (invitations are mailed only for a confirmed address), with a group that asks for approval. */
async function ownerWithGroup(): Promise<{ owner: Rider; group: Group }> {
  const n = unique();
  const owner = await newRider(`owner-marco-${n}@example.com`);
  const name = `${GROUP_NAME} ${n}`;
  const group = await createGroup(owner.page, name, {
    description: 'Sunday rides through the Bavarian Alps, coffee in Tegernsee.',
    location: 'Munich, Bavaria, Germany',
    latitude: 48.137,
    longitude: 11.575,
    radiusKm: 100,
    membershipApprovalRequired: true,
  });
  return { owner, group: { ...group, name } };
}

async function invite(owner: Rider, group: Group, body: Record<string, unknown>): Promise<string> {
  const res = await pageApi<{ magicLink: string }>(owner.page, 'POST', `/api/groups/${group.id}/invite`, body);
  expect(res.status).toBe(201);
  return res.json.magicLink;
}

describe('invitations', () => {
  it('the owner opening their own link is told they are a member, and the link stays unused', async () => {
    const { owner, group } = await ownerWithGroup();
    const link = await invite(owner, group, { inviterFirstName: 'Marco', inviteeName: 'Giulia' });
    const { page } = owner;
    await page.goto(link);
    await page.getByRole('heading', { name: `You're already a member of ${group.name}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Accept Invitation' }).count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectNoSidewaysScroll(page, PHONE_WIDTHS);
    await shoot(page, 'already-member');
    await expectAccessible(page);

    await page.getByRole('link', { name: `Go to ${group.name}` }).click();
    await page.waitForURL((url) => url.pathname === `/groups/${group.slug}`);
    await page.getByText('Owner', { exact: true }).first().waitFor();

    // The invitee can still use it.
    const invitee = await newRider();
    await invitee.page.goto(link);
    await invitee.page.getByRole('button', { name: 'Accept Invitation' }).waitFor();
    await invitee.context.close();
  });

  it('a rider with an account, on a new device, gets a sign-in link that signs in and joins, without the welcome dialog', async () => {
    const { owner, group } = await ownerWithGroup();
    // Rita has an account (made on her old phone).
    const old = await newRider('rita.rossi@example.com');
    const ritaId = old.id;
    await old.context.close();

    const link = await invite(owner, group, { inviterFirstName: 'Marco', inviteeName: 'Rita' });
    // A new device: a fresh browser, no session, at phone width.
    const { context, page } = await h.newPage({ width: 375, height: 812 });
    await recordToasts(page);
    await page.goto(link);
    await page.getByRole('heading', { name: group.name }).waitFor();
    await page.getByLabel('Email Address').fill('rita.rossi@example.com');
    const mailsBefore = h.mails.length;
    await page.getByRole('button', { name: 'Accept Invitation' }).click();
    await page.getByText("You're in! Now check your email").waitFor();
    // The same answer as for a new address: nothing tells that this one has an account.
    expect(await page.locator('main').innerText()).toContain('rita.rossi@example.com');
    expect(await page.getByText('Email address is already in use').count()).toBe(0);
    await expectNoSidewaysScroll(page, PHONE_WIDTHS);
    await shoot(page, 'landing-existing-rider-after-submit');
    await expectAccessible(page);

    const mail = await h.waitForMail('rita.rossi@example.com', { after: mailsBefore });
    expect(mail.subject).toBe('Sign in to RoadCaptain to join the group');
    expect(mail.text).toContain('already belongs to an account');

    await page.goto(linkFrom(mail));
    await page.getByText('Taking you to your group...').waitFor();
    await page.waitForURL((url) => url.pathname === `/groups/${group.slug}`);
    await page.getByText('Member', { exact: true }).first().waitFor();
    await page.getByRole('tab', { name: 'Members', exact: true }).waitFor();
    await expectNoWelcome(page);
    const user = await currentUser(page);
    expect(user).toMatchObject({ id: ritaId, email: 'rita.rossi@example.com', isFirstVisit: false });

    // The owner sees Rita among the members, and no stray guest.
    const members = await pageApi<Array<{ id: string }>>(owner.page, 'GET', `/api/groups/${group.id}/members`);
    expect(members.json.map((m) => m.id).sort()).toEqual([owner.id, ritaId].sort());
    await context.close();
  });

  it('a new rider accepting with a new address lands on the group page without the welcome dialog', async () => {
    const { owner, group } = await ownerWithGroup();
    const link = await invite(owner, group, { inviterFirstName: 'Marco', inviteeName: 'Nico' });
    const { context, page } = await h.newPage({ width: 375, height: 812 });
    await page.goto(link);
    await page.getByLabel('Email Address').fill('nico.new@example.com');
    await page.getByRole('button', { name: 'Accept Invitation' }).click();
    await page.getByText("You're in! Now check your email").waitFor();
    const mail = await h.waitForMail('nico.new@example.com');
    expect(mail.subject).toContain('Confirm your e-mail address');
    await page.getByRole('link', { name: `Go to ${group.name}` }).click();
    await page.waitForURL((url) => url.pathname === `/groups/${group.slug}`);
    await page.getByText('Member', { exact: true }).first().waitFor();
    await expectNoWelcome(page);
    // A reload asks the server again: still no welcome.
    await page.reload();
    await page.getByText('Member', { exact: true }).first().waitFor();
    await expectNoWelcome(page);
    await context.close();
  });

  it('when the mail cannot be sent, the rider is not joined, the link still works, and the message says what to do', async () => {
    const { owner, group } = await ownerWithGroup();
    const link = await invite(owner, group, { inviterFirstName: 'Marco', inviteeName: 'Sara' });
    const { context, page } = await h.newPage({ width: 375, height: 812 });
    await recordToasts(page);
    await page.goto(link);
    await page.getByLabel('Email Address').fill('sara@example.com');
    const mailer = h.app.ctx.mailer;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      await page.getByRole('button', { name: 'Accept Invitation' }).click();
      const toasts = await expectToast(page, 'Failed to Join Group');
      expect(toasts).toContain('We could not send the e-mail, so you have not joined yet. Your invitation still works: please try again in a few minutes.');
    } finally {
      mailer.send = send;
    }
    expect((await pageApi<{ membershipStatus: string }>(page, 'GET', `/api/groups/${group.id}`)).json.membershipStatus).toBe('none');
    await expectAccessible(page);

    // Trying again, with the mail server back, works.
    await page.getByRole('button', { name: 'Accept Invitation' }).click();
    await page.getByText("You're in! Now check your email").waitFor();
    expect((await pageApi<{ membershipStatus: string }>(page, 'GET', `/api/groups/${group.id}`)).json.membershipStatus).toBe('member');
    await context.close();
  });

  it('the owner sees open invitations on the group page and revokes one; its link then answers like an invalid one', async () => {
    const { owner, group } = await ownerWithGroup();
    const revokedLink = await invite(owner, group, { inviterFirstName: 'Marco', inviteeName: 'Tobias', inviteeEmail: 'tobias.maximilian.huber-schwarzenberger@motorradfreunde-oberbayern.example' });
    await invite(owner, group, { inviterFirstName: 'Marco', inviteeEmail: 'lena@example.com' });
    const { page } = owner;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/groups/${group.slug}?tab=members`);
    const list = page.getByRole('list', { name: 'Open invitations' });
    await list.waitFor();
    const text = await list.innerText();
    expect(text).toContain('Tobias');
    expect(text).toContain('tobias.maximilian.huber-schwarzenberger@motorradfreunde-oberbayern.example');
    expect(text).toContain('lena@example.com');
    expect(text).toMatch(/Created .* by Marco/);
    expect(text).toMatch(/Expires /);
    await expectNoSidewaysScroll(page, PHONE_WIDTHS);
    await shoot(page, 'open-invitations');
    // This feature's part of the group page (the header belongs to the groups feature).
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Revoke the invitation for Tobias' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke Invitation' });
    await confirm.waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, 'Invitation revoked');
    await page.getByRole('button', { name: 'Revoke the invitation for Tobias' }).waitFor({ state: 'detached' });
    expect(await list.innerText()).toContain('lena@example.com');

    const stranger = await newRider();
    await stranger.page.goto(revokedLink);
    await stranger.page.getByText('Invalid Invitation: This invitation link is invalid or has expired.').waitFor();
    await stranger.context.close();
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, createTestApp, TestClient, tokenFromMail, type TestApp } from '../test/test-app';
import { hashToken } from '../platform/tokens';
import { hashIp, INVITATION_LINKS_PER_IP_PER_HOUR, TOO_MANY_INVITATION_LINKS_MESSAGE } from '../auth/link-rate-limits.service';
import { addMember, buildGroup, buildGuest, buildInvitation, buildInvitedGroup, buildRoles, makeCoOrganizer, type Rider } from '../test/factories';
import {
  INVALID_INVITATION_MESSAGE,
  INVITATION_MAIL_LIMIT_MESSAGE,
  INVITATION_MAIL_NEEDS_EMAIL_MESSAGE,
  INVITER_FIRST_NAME_INVALID,
} from '../../shared/invites/invitation';

/** Invitations people can trust: no address disclosed, limited mails, members burn nothing, all or nothing, revoking. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const address = (name: string) => `${name}-${crypto.randomBytes(4).toString('hex')}@example.com`;

/** The token of a new invitation. */
const invite = async (...args: Parameters<typeof buildInvitation>) => (await buildInvitation(...args)).token;

/**
 * An owner's group and invitation, completed on a device without a session with the address of a
 * rider who has an account: the sign-in link that mails is the rider's to open.
 */
async function inviteExistingRiderFromAnotherDevice(owner: Rider) {
  const group = await buildGroup(owner);
  const existing = await buildSignedInUser(t);
  const token = await invite(owner, group.id);
  const device = await buildGuest(t);
  await device.client.post(`/api/invite/${token}/complete`, { email: existing.user.email });
  return { owner, group, existing, token, device };
}

async function statusIn(client: TestClient, groupId: string): Promise<string> {
  return (await client.get(`/api/groups/${groupId}`)).json().membershipStatus;
}

async function invitationRow(token: string) {
  return t.app.ctx.db.selectFrom('invitations').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
}

async function isUsable(token: string): Promise<boolean> {
  return (await new TestClient(t.app).get(`/api/invite/${token}`)).statusCode === 200;
}

/**
 * Each mail is held until `together` mails are being sent, so that many requests are all past their
 * checks (the link is mailed after them) before any of them joins: the race, made certain.
 */
function withMailsHeldTogether<T>(together: number, run: () => Promise<T>): Promise<T> {
  const mailer = t.app.ctx.mailer;
  const send = mailer.send;
  let waiting = 0;
  let release!: () => void;
  const allArrived = new Promise<void>((resolve) => (release = resolve));
  mailer.send = async (mail) => {
    if (++waiting === together) release();
    await allArrived;
    return send(mail);
  };
  return run().finally(() => {
    mailer.send = send;
  });
}

function withFailingMailer<T>(run: () => Promise<T>): Promise<T> {
  const mailer = t.app.ctx.mailer;
  const send = mailer.send;
  mailer.send = async () => {
    throw new Error('SMTP down');
  };
  return run().finally(() => {
    mailer.send = send;
  });
}

describe('invitation mails', () => {
  it('are for riders with a confirmed address only; without one the link and QR code still work', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const before = t.mail.length;
    const res = await owner.client.post(`/api/groups/${group.id}/invite`, { inviterFirstName: 'Marco', inviteeEmail: 'victim@example.com' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(INVITATION_MAIL_NEEDS_EMAIL_MESSAGE);
    expect(t.mail.length).toBe(before);
    expect((await owner.client.get(`/api/groups/${group.id}/invitations`)).json()).toEqual([]);
    await invite(owner, group.id, { inviterFirstName: 'Marco', inviteeName: 'Giulia' });
  });

  it('are at most 20 a day per rider, counted in the database, then 429 with Retry-After', async () => {
    const owner = await buildSignedInUser(t);
    const group = await buildGroup(owner);
    const to = address('flood');
    const before = t.mail.filter((m) => m.to === to).length;
    const results = [];
    for (let i = 0; i < 21; i++) results.push(await owner.client.post(`/api/groups/${group.id}/invite`, { inviterFirstName: 'Marco', inviteeEmail: to }));
    expect(results.slice(0, 20).every((r) => r.statusCode === 201)).toBe(true);
    const refused = results[20]!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(INVITATION_MAIL_LIMIT_MESSAGE);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(86_000);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(t.mail.filter((m) => m.to === to).length - before).toBe(20);
    // Sharing by hand is not limited, and another rider has a budget of their own.
    await invite(owner, group.id, { inviterFirstName: 'Marco', inviteeName: 'Giulia' });
    // The count is the database's: a day later the budget is back.
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000).toISOString();
    await t.app.ctx.db.updateTable('invitations').set({ created_at: dayAgo }).where('inviter_id', '=', owner.user.id).execute();
    expect((await owner.client.post(`/api/groups/${group.id}/invite`, { inviterFirstName: 'Marco', inviteeEmail: to })).statusCode).toBe(201);
  });

  it('keep to the limit when asked for all at once', async () => {
    const owner = await buildSignedInUser(t);
    const group = await buildGroup(owner);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => owner.client.post(`/api/groups/${group.id}/invite`, { inviterFirstName: 'Marco', inviteeEmail: address(`burst${i}`) })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(10);
    const mailed = await t.app.ctx.db.selectFrom('invitations').select('id').where('inviter_id', '=', owner.user.id).where('invitee_email', 'is not', null).execute();
    expect(mailed).toHaveLength(20);
  });

  it.each([
    ['<b>Marco</b>'],
    ['Marco https://evil.example'],
    ['evil.example'],
    ['Visit evil. com'],
    ['www Marco'],
    ['Marco\nClick here'],
    ['Marco@evil'],
    ['Marco 1000€'],
    ['javascript:alert(1)'],
  ])('refuses the first name %j', async (inviterFirstName) => {
    const owner = await buildSignedInUser(t);
    const group = await buildGroup(owner);
    const res = await owner.client.post(`/api/groups/${group.id}/invite`, { inviterFirstName, inviteeEmail: address('x') });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVITER_FIRST_NAME_INVALID);
  });

  it('refuses huge first names without a 500, and keeps real ones', async () => {
    const owner = await buildSignedInUser(t);
    const group = await buildGroup(owner);
    for (const inviterFirstName of ['M'.repeat(51), 'M'.repeat(200_000)]) {
      const res = await owner.client.post(`/api/groups/${group.id}/invite`, { inviterFirstName, inviteeName: 'Giulia' });
      expect([400, 413]).toContain(res.statusCode);
    }
    for (const inviterFirstName of ['Jean-Luc', "O'Brien", 'Zoë', 'J. R.', 'Łukasz', '李']) {
      await invite(owner, group.id, { inviterFirstName, inviteeName: 'Giulia' });
    }
  });
});

describe('an address that already has an account', () => {
  it('answers exactly as for a free address, and mails that address a sign-in link instead of a confirmation', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const existing = await buildSignedInUser(t);
    const free = address('free');
    const answers = [];
    for (const email of [free, existing.user.email]) {
      const token = await invite(owner, group.id);
      const guest = await buildGuest(t);
      const res = await guest.client.post(`/api/invite/${token}/complete`, { email });
      expect(res.statusCode).toBe(200);
      // The guest joins at once in both cases, so the group page tells nothing either.
      expect(await statusIn(guest.client, group.id)).toBe('member');
      answers.push({ headers: Object.keys(res.headers).sort(), body: { ...res.json(), emailSentTo: res.json().emailSentTo === email ? 'the address' : 'other' } });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.body).toEqual({ success: true, groupId: group.id, groupSlug: group.slug, alreadyMember: false, emailSentTo: 'the address' });

    const confirm = [...t.mail].reverse().find((m) => m.to === free)!;
    expect(confirm.subject).toContain('Confirm your e-mail address');
    const signIn = [...t.mail].reverse().find((m) => m.to === existing.user.email)!;
    expect(signIn.subject).toBe('Sign in to RoadCaptain to join the group');
    expect(signIn.text).toContain('already belongs to an account');
    expect(signIn.text).toContain('sign in to your account and join the group');
    expect(signIn.text).not.toContain('Open this link to confirm');
  });

  it('following the sign-in link signs in to that account and makes it a member (the stray guest goes), once', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: true });
    const existing = await buildSignedInUser(t);
    const token = await invite(owner, group.id);
    // A new device: a fresh guest session.
    const device = await buildGuest(t);
    expect((await device.client.post(`/api/invite/${token}/complete`, { email: existing.user.email })).statusCode).toBe(200);
    const linkToken = tokenFromMail(t.mail, existing.user.email);

    const verified = await device.client.post('/api/auth/verify-magic-link', { token: linkToken });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true, status: 'signed_in', purpose: 'sign_in', groupSlug: group.slug });
    const me = (await device.client.get('/api/users/current')).json();
    expect(me).toMatchObject({ id: existing.user.id, email: existing.user.email, isFirstVisit: false });
    expect(await statusIn(device.client, group.id)).toBe('member');
    const members = (await owner.client.get(`/api/groups/${group.id}/members`)).json() as Array<{ id: string }>;
    expect(members.map((m) => m.id).sort()).toEqual([owner.user.id, existing.user.id].sort());
    expect((await invitationRow(token)).used_by_user_id).toBe(existing.user.id);
    const notes = (await owner.client.get('/api/notifications')).json() as Array<{ type: string; message: string }>;
    // Told once: one join, one notification.
    expect(notes.filter((n) => n.type === 'member_joined' && n.message.includes(existing.user.userId))).toHaveLength(1);

    // Replay: the link works once, and the invitation is used.
    expect((await new TestClient(t.app).post('/api/auth/verify-magic-link', { token: linkToken })).statusCode).toBe(401);
    expect(await isUsable(token)).toBe(false);
  });

  it('opened on another device without a session it still signs in and joins', async () => {
    const { group, existing } = await inviteExistingRiderFromAnotherDevice(await buildGuest(t));
    const phone = new TestClient(t.app);
    const linkToken = tokenFromMail(t.mail, existing.user.email);
    // Another browser is asked first ("Sign in as …?"), and nothing happens until it confirms.
    expect((await phone.post('/api/auth/verify-magic-link', { token: linkToken })).json()).toMatchObject({ status: 'confirmation_required', email: existing.user.email });
    expect(await statusIn(existing.client, group.id)).toBe('none');
    const verified = await phone.post('/api/auth/verify-magic-link', { token: linkToken, confirm: true });
    expect(verified.json()).toEqual({ success: true, status: 'signed_in', purpose: 'sign_in', groupSlug: group.slug });
    expect(await statusIn(existing.client, group.id)).toBe('member');
  });

  it('a sign-in link whose invitation was revoked meanwhile signs in and adds nothing beyond the guest’s own join', async () => {
    const { group, existing, device } = await inviteExistingRiderFromAnotherDevice(await buildSignedInUser(t));
    const [open] = (await t.app.ctx.db.selectFrom('invitations').select('id').where('group_id', '=', group.id).execute()) as Array<{ id: string }>;
    await t.app.ctx.db.updateTable('invitations').set({ revoked_at: new Date().toISOString() }).where('id', '=', open!.id).execute();
    const verified = await device.client.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, existing.user.email) });
    expect(verified.json()).toEqual({ success: true, status: 'signed_in', purpose: 'sign_in' });
    // The group opens no further: the account is a member only because the guest it signed in from
    // had joined before the revocation, and a guest's memberships move with it.
    expect(await statusIn(existing.client, group.id)).toBe('member');
  });

  it('a plain sign-in link does not carry an invitation', async () => {
    const rider = await buildSignedInUser(t);
    const browser = new TestClient(t.app);
    const res = await browser.post('/api/auth/magic-link', { email: rider.user.email }, { 'x-forwarded-for': '10.9.9.9' });
    expect(res.statusCode).toBe(200);
    const verified = await browser.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, rider.user.email) });
    expect(verified.json()).toEqual({ success: true, status: 'signed_in', purpose: 'sign_in' });
  });
});

describe('members and the owner do not use the invitation', () => {
  it('tells insiders they are already members, answers them without using it, and keeps it for the invitee', async () => {
    const r = await buildRoles(t);
    const token = await invite(r.owner, r.group.id);
    const views = {
      owner: (await r.owner.client.get(`/api/invite/${token}`)).json(),
      member: (await r.member.client.get(`/api/invite/${token}`)).json(),
      pending: (await r.pending.client.get(`/api/invite/${token}`)).json(),
      guest: (await r.guest.client.get(`/api/invite/${token}`)).json(),
      outsider: (await r.outsider.client.get(`/api/invite/${token}`)).json(),
      anonymous: (await r.anonymous.get(`/api/invite/${token}`)).json(),
    };
    expect(Object.fromEntries(Object.entries(views).map(([who, v]) => [who, v.alreadyMember]))).toEqual({
      owner: true,
      member: true,
      pending: false,
      guest: false,
      outsider: false,
      anonymous: false,
    });

    const before = t.mail.length;
    for (const insider of [r.owner, r.member]) {
      const res = await insider.client.post(`/api/invite/${token}/complete`, { email: address('insider') });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, groupId: r.group.id, groupSlug: r.group.slug, alreadyMember: true, emailSentTo: null });
    }
    expect(t.mail.length).toBe(before);
    expect(await isUsable(token)).toBe(true);
    expect((await r.anonymous.post(`/api/invite/${token}/complete`, { email: address('anon') })).statusCode).toBe(401);

    // The pending applicant it may be meant for: joins, and the request is gone.
    expect((await r.pending.client.post(`/api/invite/${token}/complete`, { email: address('pending') })).json().alreadyMember).toBe(false);
    expect(await statusIn(r.pending.client, r.group.id)).toBe('member');
    expect((await r.owner.client.get(`/api/groups/${r.group.id}/membership-requests`)).json()).toEqual([]);
    expect(await isUsable(token)).toBe(false);
  });

  it('the outsider with a confirmed address joins without being asked for one', async () => {
    const r = await buildRoles(t);
    const token = await invite(r.owner, r.group.id);
    const before = t.mail.length;
    const res = await r.outsider.client.post(`/api/invite/${token}/complete`);
    expect(res.json()).toEqual({ success: true, groupId: r.group.id, groupSlug: r.group.slug, alreadyMember: false, emailSentTo: null });
    expect(t.mail.length).toBe(before);
    expect(await statusIn(r.outsider.client, r.group.id)).toBe('member');
  });
});

describe('accepting is all or nothing', () => {
  it('when the mail server fails, the rider is not joined, the invitation is unused, and the message says what to do', async () => {
    const { group, invitation: { token } } = await buildInvitedGroup(t);
    const guest = await buildGuest(t);
    const email = address('smtp');
    const res = await withFailingMailer(() => guest.client.post(`/api/invite/${token}/complete`, { email }));
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('We could not send the e-mail, so you have not joined yet. Your invitation still works: please try again in a few minutes.');
    expect(await statusIn(guest.client, group.id)).toBe('none');
    expect(await isUsable(token)).toBe(true);
    expect((await guest.client.get('/api/users/current')).json().isFirstVisit).toBe(true);
    // Trying again works.
    expect((await guest.client.post(`/api/invite/${token}/complete`, { email })).statusCode).toBe(200);
    expect(await statusIn(guest.client, group.id)).toBe('member');
  });

  it('when the per-address mail limit is reached, the rider is not joined and the invitation is unused (429 with Retry-After)', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const email = address('limit');
    for (let i = 0; i < 5; i++) {
      const token = await invite(owner, group.id);
      expect((await (await buildGuest(t)).client.post(`/api/invite/${token}/complete`, { email })).statusCode).toBe(200);
    }
    const token = await invite(owner, group.id);
    const guest = await buildGuest(t);
    const res = await guest.client.post(`/api/invite/${token}/complete`, { email });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toBe('Too many e-mails were sent to this address in the last hour. You have not joined yet and your invitation still works: please try again later.');
    expect(await statusIn(guest.client, group.id)).toBe('none');
    expect(await isUsable(token)).toBe(true);
  });

  it('a whole club behind one IP address can accept: invitation links are not counted per IP', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const clubIp = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < 25; i++) {
      const token = await invite(owner, group.id);
      const rider = await buildGuest(t);
      const res = await rider.client.post(`/api/invite/${token}/complete`, { email: address(`club${i}`) }, clubIp);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await owner.client.get(`/api/groups/${group.id}`)).json().memberCount).toBe(26);
    // ...and they do not use up that network's sign-in budget either.
    expect((await new TestClient(t.app).post('/api/auth/magic-link', { email: address('after') }, clubIp)).statusCode).toBe(200);
  });

  it('invitation links have a limit of their own per network, so accepting cannot mail the world', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const ip = { 'x-forwarded-for': '203.0.113.78' };
    // The hour's budget is taken up by earlier acceptances from this network (written as rows, not sent).
    const now = new Date().toISOString();
    const rows = Array.from({ length: INVITATION_LINKS_PER_IP_PER_HOUR }, (_, i) => ({
      id: crypto.randomUUID(),
      token_hash: `filler-${crypto.randomUUID()}-${i}`,
      email: `filler${i}@example.com`,
      purpose: 'confirm_email',
      requested_by_user_id: null,
      requester_ip_hash: hashIp('203.0.113.78'),
      created_at: now,
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
      counts_toward_ip_limit: 0,
    }));
    await t.app.ctx.db.insertInto('magic_links').values(rows).execute();

    const token = await invite(owner, group.id);
    const rider = await buildGuest(t);
    const res = await rider.client.post(`/api/invite/${token}/complete`, { email: address('one-too-many') }, ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toBe(`${TOO_MANY_INVITATION_LINKS_MESSAGE} You have not joined yet and your invitation still works: please try again later.`);
    expect(await statusIn(rider.client, group.id)).toBe('none');
    expect(await isUsable(token)).toBe(true);
    // A rider on that network asking for their own sign-in link is not held back by it.
    expect((await new TestClient(t.app).post('/api/auth/magic-link', { email: address('own') }, ip)).statusCode).toBe(200);
  });

  it('two completions at once: one joins, the other is told the link is invalid and its mailed link is withdrawn', async () => {
    const { owner, group, invitation: { token } } = await buildInvitedGroup(t);
    const a = await buildGuest(t);
    const b = await buildGuest(t);
    const emails = [address('ra'), address('rb')];
    const results = await withMailsHeldTogether(2, () =>
      Promise.all([a.client.post(`/api/invite/${token}/complete`, { email: emails[0] }), b.client.post(`/api/invite/${token}/complete`, { email: emails[1] })]),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const loser = results[0]!.statusCode === 404 ? 0 : 1;
    expect(results[loser]!.json().message).toBe(INVALID_INVITATION_MESSAGE);
    expect((await owner.client.get(`/api/groups/${group.id}`)).json().memberCount).toBe(2);
    // Both links were mailed; the loser's no longer works.
    const loserClient = loser === 0 ? a : b;
    expect((await loserClient.client.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, emails[loser]!) })).statusCode).toBe(401);
    expect(await statusIn(loserClient.client, group.id)).toBe('none');
    expect((await invitationRow(token)).used_by_user_id).toBe((loser === 0 ? b : a).user.id);
  });

  it('the same rider completing twice at once joins once', async () => {
    const { owner, group, invitation: { token } } = await buildInvitedGroup(t);
    const rider = await buildSignedInUser(t);
    const results = await Promise.all([rider.client.post(`/api/invite/${token}/complete`), rider.client.post(`/api/invite/${token}/complete`)]);
    // One joins; the other finds it used (404) or finds the rider a member already (200, nothing used).
    expect(results.filter((r) => r.statusCode === 200 && r.json().alreadyMember === false)).toHaveLength(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
    expect((await owner.client.get(`/api/groups/${group.id}`)).json().memberCount).toBe(2);
  });
});

describe('open invitations and revoking', () => {
  it('lists the open invitations for the owner only, each role answered', async () => {
    const r = await buildRoles(t);
    await invite(r.owner, r.group.id, { inviterFirstName: 'Marco', inviteeName: 'Giulia' });
    const used = await invite(r.owner, r.group.id, { inviterFirstName: 'Marco', inviteeName: 'Used' });
    await (await buildGuest(t)).client.post(`/api/invite/${used}/complete`, { email: address('used') });
    await invite(r.owner, r.group.id, { inviterFirstName: 'Marco', inviteeName: 'Expired' });
    await t.app.ctx.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('invitee_name', '=', 'Expired').execute();

    const url = `/api/groups/${r.group.id}/invitations`;
    expect((await r.anonymous.get(url)).statusCode).toBe(401);
    for (const who of [r.guest, r.outsider, r.pending, r.member]) expect((await who.client.get(url)).statusCode).toBe(403);
    const res = await r.owner.client.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list).toHaveLength(1);
    expect(list[0]).toEqual({ id: expect.any(String), inviterFirstName: 'Marco', inviteeName: 'Giulia', inviteeEmail: null, createdAt: expect.any(String), expiresAt: expect.any(String) });
    expect(JSON.stringify(list)).not.toContain('token');
    expect((await r.owner.client.get('/api/groups/nope/invitations')).statusCode).toBe(404);
  });

  it('revoking: owner only; the link then answers like an invalid one, for viewing, completing and signing in', async () => {
    const r = await buildRoles(t);
    const token = await invite(r.owner, r.group.id, { inviterFirstName: 'Marco', inviteeName: 'Giulia' });
    const [open] = (await r.owner.client.get(`/api/groups/${r.group.id}/invitations`)).json() as Array<{ id: string }>;
    const url = `/api/groups/${r.group.id}/invitations/${open!.id}`;
    expect((await r.anonymous.request('DELETE', url)).statusCode).toBe(401);
    for (const who of [r.guest, r.outsider, r.pending, r.member]) expect((await who.client.request('DELETE', url)).statusCode).toBe(403);
    expect(await isUsable(token)).toBe(true);

    // Another owner's group cannot reach it.
    const other = await buildGuest(t);
    const otherGroup = await buildGroup(other);
    expect((await other.client.request('DELETE', `/api/groups/${otherGroup.id}/invitations/${open!.id}`)).statusCode).toBe(404);

    const revoked = await r.owner.client.request('DELETE', url);
    expect(revoked.statusCode).toBe(200);
    expect((await r.owner.client.request('DELETE', url)).statusCode).toBe(404);
    expect((await r.owner.client.get(`/api/groups/${r.group.id}/invitations`)).json()).toEqual([]);
    const guest = await buildGuest(t);
    for (const res of [await guest.client.get(`/api/invite/${token}`), await guest.client.post(`/api/invite/${token}/complete`, { email: address('late') })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(INVALID_INVITATION_MESSAGE);
    }
    expect(await statusIn(guest.client, r.group.id)).toBe('none');
  });

  it('a co-organizer’s invitations stop working when they may no longer invite: removed, made a plain member, or gone', async () => {
    const r = await buildRoles(t);
    const second = await buildGuest(t);
    await addMember(r.owner, second, r.group.id);
    await makeCoOrganizer(r.owner, second, r.group.id);
    const removedOwn = await invite(r.coOrganizer, r.group.id, { inviterFirstName: 'Cora', inviteeName: 'Me again' });
    const removedOther = await invite(r.coOrganizer, r.group.id, { inviterFirstName: 'Cora', inviteeName: 'A friend' });
    const demoted = await invite(second, r.group.id, { inviterFirstName: 'Sam', inviteeName: 'A friend' });
    const owners = await invite(r.owner, r.group.id, { inviterFirstName: 'Marco', inviteeName: 'Giulia' });
    expect((await r.owner.client.get(`/api/groups/${r.group.id}/invitations`)).json()).toHaveLength(4);

    expect((await r.owner.client.delete(`/api/groups/${r.group.id}/members/${r.coOrganizer.user.id}`)).statusCode).toBe(200);
    expect((await r.owner.client.put(`/api/groups/${r.group.id}/members/${second.user.id}/role`, { role: 'member' })).statusCode).toBe(200);

    // The removed co-organizer cannot walk back into the approval group with a link of their own.
    for (const res of [await r.coOrganizer.client.get(`/api/invite/${removedOwn}`), await r.coOrganizer.client.post(`/api/invite/${removedOwn}/complete`, {})]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(INVALID_INVITATION_MESSAGE);
    }
    expect(await statusIn(r.coOrganizer.client, r.group.id)).toBe('none');
    const visitor = await buildGuest(t);
    for (const token of [removedOther, demoted]) {
      expect((await visitor.client.post(`/api/invite/${token}/complete`, { email: address('visitor') })).statusCode).toBe(404);
    }
    expect(await statusIn(visitor.client, r.group.id)).toBe('none');
    // The owner's list shows only what still works, and the owner's own invitation does.
    expect(((await r.owner.client.get(`/api/groups/${r.group.id}/invitations`)).json() as Array<{ inviteeName: string }>).map((i) => i.inviteeName)).toEqual(['Giulia']);
    expect(await isUsable(owners)).toBe(true);
  });

  it('a used invitation cannot be revoked', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    await invite(owner, group.id);
    const [open] = (await owner.client.get(`/api/groups/${group.id}/invitations`)).json() as Array<{ id: string }>;
    const row = await t.app.ctx.db.selectFrom('invitations').select('id').where('id', '=', open!.id).executeTakeFirstOrThrow();
    await t.app.ctx.db.updateTable('invitations').set({ used_at: new Date().toISOString() }).where('id', '=', row.id).execute();
    expect((await owner.client.request('DELETE', `/api/groups/${group.id}/invitations/${open!.id}`)).statusCode).toBe(404);
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, createTestApp, TestClient, tokenFromMail, type TestApp } from '../test/test-app';
import { buildGroup, buildGuest, buildRide, inDays, type Rider } from '../test/factories';
import { MAGIC_LINK_INVALID_MESSAGE } from '../../shared/auth/magic-link';
import { issueLink } from './auth.service';
import { MAGIC_LINKS_PER_IP_PER_HOUR } from './link-rate-limits.service';
import { groupsRepository } from '../groups/groups.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let counter = 0;
const uniqueEmail = (name = 'rider') => `${name}${++counter}-${crypto.randomBytes(3).toString('hex')}@example.com`;
/** Each browser asks from its own address, so the per-IP limit does not bite. */
const ipOf = () => ({ 'x-forwarded-for': `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}` });
const NONCE = 'rc_link_nonce';

async function askLink(client: TestClient, email: string): Promise<string> {
  const res = await client.post('/api/auth/magic-link', { email }, ipOf());
  expect(res.statusCode).toBe(200);
  return tokenFromMail(t.mail, email);
}

const me = async (client: TestClient) => (await client.get('/api/users/current')).json() as { id: string; userId: string; email: string | null; firstName: string | null };
const linkRow = (email: string) => t.app.ctx.db.selectFrom('magic_links').selectAll().where('email', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
const userExists = async (id: string) => (await t.app.ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

describe('a sign-in link is bound to the browser that asked for it', () => {
  it('sets an HttpOnly nonce cookie, keeps the same one for later links, and stores only its hash', async () => {
    const client = new TestClient(t.app);
    const first = await client.post('/api/auth/magic-link', { email: uniqueEmail() }, ipOf());
    const cookie = first.cookies.find((c) => c.name === NONCE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = await client.post('/api/auth/magic-link', { email: uniqueEmail() }, ipOf());
    expect(second.cookies.find((c) => c.name === NONCE)!.value).toBe(cookie.value);
    const stored = await t.app.ctx.db.selectFrom('magic_links').select('browser_nonce_hash').execute();
    expect(stored.some((l) => l.browser_nonce_hash === cookie.value)).toBe(false);
    expect(stored.some((l) => l.browser_nonce_hash === crypto.createHash('sha256').update(cookie.value).digest('hex'))).toBe(true);
  });

  it('signs the asking browser in at once, for every link it asked for', async () => {
    const client = new TestClient(t.app);
    await client.get('/api/users/current');
    const a = uniqueEmail();
    const b = uniqueEmail();
    const tokenA = await askLink(client, a);
    const tokenB = await askLink(client, b);
    const resB = await client.post('/api/auth/verify-magic-link', { token: tokenB });
    expect(resB.json()).toEqual({ success: true, status: 'signed_in', purpose: 'sign_in' });
    expect((await me(client)).email).toBe(b);
    const resA = await client.post('/api/auth/verify-magic-link', { token: tokenA });
    expect(resA.json()).toMatchObject({ success: true, status: 'signed_in' });
    expect((await me(client)).email).toBe(a);
  });

  it('in another browser asks first and consumes nothing, so a mail scanner or a curious click changes nothing', async () => {
    const requester = new TestClient(t.app);
    const email = uniqueEmail();
    const token = await askLink(requester, email);

    const scanner = new TestClient(t.app);
    const guest = await me(scanner);
    const sessionBefore = scanner.cookie;
    const peek = await scanner.post('/api/auth/verify-magic-link', { token });
    expect(peek.statusCode).toBe(200);
    expect(peek.json()).toEqual({ success: false, status: 'confirmation_required', purpose: 'sign_in', email });
    expect(peek.cookies.find((c) => c.name === 'rc_session')).toBeUndefined();
    expect(scanner.cookie).toBe(sessionBefore);
    expect(await me(scanner)).toMatchObject({ id: guest.id, email: null });
    expect((await linkRow(email)).consumed_at).toBeNull();

    // The link still works for the one who asked.
    expect((await requester.post('/api/auth/verify-magic-link', { token })).json()).toMatchObject({ status: 'signed_in' });
    expect((await me(requester)).email).toBe(email);
  });

  it('cannot hand a victim guest to an attacker: confirming signs the victim into the address account and leaves the guest alone', async () => {
    // The attacker asks for a link to an address of their own and gets the victim to open it.
    const attacker = new TestClient(t.app);
    const attackerEmail = uniqueEmail('attacker');
    const token = await askLink(attacker, attackerEmail);

    const victim = await buildGuest(t);
    const group = await buildGroup(victim);
    await victim.client.patch(`/api/users/${victim.user.id}`, { firstName: 'Vera' });
    const victimGuestSession = victim.client.cookie;

    expect((await victim.client.post('/api/auth/verify-magic-link', { token })).json()).toMatchObject({ status: 'confirmation_required', email: attackerEmail });
    const confirmed = await victim.client.post('/api/auth/verify-magic-link', { token, confirm: true });
    expect(confirmed.json()).toEqual({ success: true, status: 'signed_in', purpose: 'sign_in' });
    const now = await me(victim.client);
    expect(now.email).toBe(attackerEmail);
    expect(now.id).not.toBe(victim.user.id);
    expect(now.firstName).toBeNull();

    // The victim's guest keeps its address-less account, its group and its profile.
    const guestRow = await t.app.ctx.db.selectFrom('users').selectAll().where('id', '=', victim.user.id).executeTakeFirstOrThrow();
    expect(guestRow).toMatchObject({ email: null, first_name: 'Vera' });
    const groupRow = await t.app.ctx.db.selectFrom('groups').select('creator_id').where('id', '=', group.id).executeTakeFirstOrThrow();
    expect(groupRow.creator_id).toBe(victim.user.id);
    // The old session was rotated away all the same.
    const old = new TestClient(t.app);
    old.cookie = victimGuestSession;
    expect((await old.post('/api/users/mark-welcome-seen')).statusCode).toBe(401);

    // The attacker, signing in to their address, gets nothing of the victim's.
    const token2 = await askLink(attacker, attackerEmail);
    await attacker.post('/api/auth/verify-magic-link', { token: token2 });
    const mine = (await attacker.get('/api/groups')).json() as unknown;
    expect(JSON.stringify(mine)).not.toContain(group.id);
  });

  it('confirming in another browser signs into the account that already owns the address', async () => {
    const owner = await buildSignedInUser(t);
    const token = await askLink(owner.client, owner.user.email);
    const other = await buildGuest(t);
    const res = await other.client.post('/api/auth/verify-magic-link', { token, confirm: true });
    expect(res.statusCode).toBe(200);
    expect((await me(other.client)).id).toBe(owner.user.id);
    expect(await userExists(other.user.id)).toBe(true);
  });

  it('refuses a replayed token, in the same, a third, or a confirming browser', async () => {
    const requester = new TestClient(t.app);
    const email = uniqueEmail();
    const token = await askLink(requester, email);
    const other = new TestClient(t.app);
    expect((await other.post('/api/auth/verify-magic-link', { token, confirm: true })).statusCode).toBe(200);
    for (const [client, body] of [
      [requester, { token }],
      [other, { token, confirm: true }],
      [new TestClient(t.app), { token }],
      [new TestClient(t.app), { token, confirm: true }],
    ] as const) {
      const res = await client.post('/api/auth/verify-magic-link', body);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MAGIC_LINK_INVALID_MESSAGE);
    }
  });

  it('lets exactly one of two racing confirmations win, and the loser stays who it was', async () => {
    const email = uniqueEmail();
    const token = await askLink(new TestClient(t.app), email);
    const a = await buildGuest(t);
    const b = await buildGuest(t);
    const results = await Promise.all([a, b].map((r) => r.client.post('/api/auth/verify-magic-link', { token, confirm: true })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const loser = results[0]!.statusCode === 401 ? a : b;
    expect(await me(loser.client)).toMatchObject({ id: loser.user.id, email: null });
    const accounts = await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(accounts).toHaveLength(1);
  });

  it('treats a forged or guessed nonce cookie as another browser, and replaces a malformed one', async () => {
    const requester = new TestClient(t.app);
    const email = uniqueEmail();
    const token = await askLink(requester, email);
    const realNonce = requester.jar.get(NONCE)!;

    const forger = new TestClient(t.app);
    forger.jar.set(NONCE, crypto.randomBytes(32).toString('base64url'));
    expect((await forger.post('/api/auth/verify-magic-link', { token })).json()).toMatchObject({ status: 'confirmation_required' });
    // The hash that is stored is no nonce either.
    forger.jar.set(NONCE, (await linkRow(email)).browser_nonce_hash!);
    expect((await forger.post('/api/auth/verify-magic-link', { token })).json()).toMatchObject({ status: 'confirmation_required' });
    expect((await linkRow(email)).consumed_at).toBeNull();

    const malformed = new TestClient(t.app);
    malformed.jar.set(NONCE, 'short');
    await malformed.post('/api/auth/magic-link', { email: uniqueEmail() }, ipOf());
    expect(malformed.jar.get(NONCE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(malformed.jar.get(NONCE)).not.toBe(realNonce);
  });

  it('binds an e-mail confirmation too: another browser must confirm, and nothing changes before it does', async () => {
    const rider = await buildSignedInUser(t);
    const newEmail = uniqueEmail('moved');
    expect((await rider.client.patch(`/api/users/${rider.user.id}`, { email: newEmail }, )).statusCode).toBe(200);
    const token = tokenFromMail(t.mail, newEmail);

    const phone = new TestClient(t.app);
    const peek = await phone.post('/api/auth/verify-magic-link', { token });
    expect(peek.json()).toEqual({ success: false, status: 'confirmation_required', purpose: 'confirm_email', email: newEmail });
    expect((await me(rider.client)).email).toBe(rider.user.email);
    expect((await linkRow(newEmail)).consumed_at).toBeNull();

    // Where the rider is signed in, it confirms at once.
    expect((await rider.client.post('/api/auth/verify-magic-link', { token })).json()).toMatchObject({ status: 'signed_in', purpose: 'confirm_email' });
    expect((await me(rider.client))).toMatchObject({ id: rider.user.id, email: newEmail });
  });

  it('issueLink: a link bound to no browser always asks, and one sent on someone else\'s behalf is not counted per IP', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < MAGIC_LINKS_PER_IP_PER_HOUR + 2; i++) {
      await issueLink(t.app.ctx, {
        email: uniqueEmail('invitee'),
        ip,
        purpose: 'sign_in',
        requestedByUserId: null,
        browserNonce: null,
        countTowardIpLimit: false,
        language: null,
        invitationId: 'inv-1',
        mail: (_i18n, { to, link }) => ({ to, subject: 'You are invited', text: `Join us: ${link}`, html: `<a href="${link}">Join</a>` }),
      });
    }
    const last = t.mail.at(-1)!;
    expect(last.subject).toBe('You are invited');
    expect((await linkRow(last.to)).invitation_id).toBe('inv-1');
    // The IP may still ask for its own links.
    expect((await new TestClient(t.app).post('/api/auth/magic-link', { email: uniqueEmail() }, { 'x-forwarded-for': ip })).statusCode).toBe(200);
    const token = tokenFromMail(t.mail, last.to);
    expect((await new TestClient(t.app).post('/api/auth/verify-magic-link', { token })).json()).toMatchObject({ status: 'confirmation_required' });
  });
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
async function buildPoll(creator: Rider, groupId: string) {
  const res = await creator.client.post('/api/polls', {
    title: 'Alps weekend',
    destination: 'Bormio',
    durationDays: 2,
    deadline: inDays(7),
    groupId,
    proposedDates: [`${day(10)}T00:00:00.000Z`, `${day(20)}T00:00:00.000Z`],
  });
  if (res.statusCode !== 201) throw new Error(`buildPoll: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
}

async function insertMedia(ownerId: string, associatedType: string, associatedId: string) {
  const id = crypto.randomUUID();
  await t.app.ctx.db
    .insertInto('media')
    .values({ id, owner_id: ownerId, url: `/api/media/${id}/file`, filename: `k-${id}`, thumbnail_filename: null, original_name: 'a.jpg', description: null, mime_type: 'image/jpeg', file_type: 'image', size: 10, associated_type: associatedType, associated_id: associatedId, created_at: new Date().toISOString() })
    .execute();
  return id;
}

describe('a guest who signs into an existing account in its own browser keeps what it did', () => {
  it('moves memberships, requests, seats, votes, comments, media, created things and profile answers; the account wins where both have one', async () => {
    const db = t.app.ctx.db;
    const account = await buildSignedInUser(t, uniqueEmail('account'));
    const host = await buildGuest(t);
    const open = await buildGroup(host);
    const shared = await buildGroup(host);
    const strict = await buildGroup(host, { membershipApprovalRequired: true });
    const ride = await buildRide(host, shared.id);
    const sharedRide = await buildRide(host, shared.id);
    const poll = await buildPoll(host, shared.id);
    const sharedPoll = await buildPoll(host, shared.id);

    // The account already is in `shared`, rides `sharedRide` and voted on `sharedPoll`.
    await account.client.post(`/api/groups/${shared.id}/join`);
    await account.client.post(`/api/rides/${sharedRide.id}/join`);
    await account.client.post(`/api/polls/${sharedPoll.id}/respond`, { response: 'no', preferredDates: [] });
    const accountSeat = await db.selectFrom('ride_participants').selectAll().where('ride_id', '=', sharedRide.id).where('user_id', '=', account.user.id).executeTakeFirstOrThrow();

    // Later the rider, in another browser and signed out, does things as a guest.
    const guest = await buildGuest(t);
    const g = guest.client;
    expect((await g.post(`/api/groups/${open.id}/join`)).statusCode).toBeLessThan(300);
    await g.post(`/api/groups/${shared.id}/join`);
    await g.post(`/api/groups/${strict.id}/join`);
    expect((await g.post(`/api/rides/${ride.id}/join`)).statusCode).toBeLessThan(300);
    await g.post(`/api/rides/${sharedRide.id}/join`);
    expect((await g.post(`/api/polls/${poll.id}/respond`, { response: 'yes', preferredDates: [day(10)] })).statusCode).toBe(200);
    await g.post(`/api/polls/${sharedPoll.id}/respond`, { response: 'yes', preferredDates: [day(10)] });
    expect((await g.post(`/api/rides/${ride.id}/comments`, { content: 'Count me in' })).statusCode).toBe(201);
    const ownGroup = await buildGroup(guest);
    const ownRide = await buildRide(guest, ownGroup.id);
    await g.patch(`/api/users/${guest.user.id}`, { firstName: 'Gina', bio: 'Guest bio' });
    const gallery = await insertMedia(guest.user.id, 'profile', guest.user.id);
    const rideMedia = await insertMedia(guest.user.id, 'ride', ride.id);
    // Cards of the rides concerned, built now, must be forgotten by the move.
    await g.get('/api/rides/upcoming');

    // Now the guest signs into the account, in this browser.
    const token = await askLink(g, account.user.email);
    expect((await g.post('/api/auth/verify-magic-link', { token })).json()).toMatchObject({ status: 'signed_in' });
    const now = await me(g);
    expect(now.id).toBe(account.user.id);
    expect(now.userId).toBe(account.user.userId);
    expect(now.firstName).toBe('Gina');
    expect(await userExists(guest.user.id)).toBe(false);

    const members = await db.selectFrom('group_members').selectAll().where('user_id', '=', account.user.id).execute();
    expect(members.map((m) => m.group_id).sort()).toEqual([open.id, shared.id, ownGroup.id].sort());
    const requests = await db.selectFrom('membership_requests').select('group_id').where('user_id', '=', account.user.id).execute();
    expect(requests).toEqual([{ group_id: strict.id }]);
    const seats = await db.selectFrom('ride_participants').selectAll().where('user_id', '=', account.user.id).execute();
    expect(seats.map((s) => s.ride_id).sort()).toEqual([ride.id, sharedRide.id, ownRide.id].sort());
    expect(seats.find((s) => s.ride_id === sharedRide.id)!.joined_at).toBe(accountSeat.joined_at);
    const votes = await db.selectFrom('poll_responses').selectAll().where('user_id', '=', account.user.id).execute();
    expect(Object.fromEntries(votes.map((v) => [v.poll_id, v.response]))).toEqual({ [poll.id]: 'yes', [sharedPoll.id]: 'no' });
    expect(await db.selectFrom('ride_comments').select('content').where('user_id', '=', account.user.id).execute()).toEqual([{ content: 'Count me in' }]);
    const media = await db.selectFrom('media').select(['id', 'owner_id', 'associated_id']).where('id', 'in', [gallery, rideMedia]).execute();
    expect(media.every((m) => m.owner_id === account.user.id)).toBe(true);
    expect(media.find((m) => m.id === gallery)!.associated_id).toBe(account.user.id);
    expect((await db.selectFrom('groups').select('creator_id').where('id', '=', ownGroup.id).executeTakeFirstOrThrow()).creator_id).toBe(account.user.id);
    expect((await db.selectFrom('rides').select('owner_id').where('id', '=', ownRide.id).executeTakeFirstOrThrow()).owner_id).toBe(account.user.id);
    // Nothing of the guest is left anywhere.
    for (const table of ['group_members', 'membership_requests', 'ride_participants', 'poll_responses', 'ride_comments', 'sessions'] as const) {
      expect(await db.selectFrom(table).select('user_id').where('user_id', '=', guest.user.id).execute()).toEqual([]);
    }

    // What the API shows agrees: the ride the guest created names the account in its first seat,
    // and the lists are built from fresh cards.
    const ownRideView = (await g.get(`/api/rides/${ownRide.id}`)).json() as { participants: Array<{ id: string }>; isParticipant: boolean };
    expect(ownRideView.participants[0]!.id).toBe(account.user.id);
    expect(ownRideView.isParticipant).toBe(true);
    const upcoming = JSON.stringify((await g.get('/api/rides/upcoming')).json());
    expect(upcoming).not.toContain(guest.user.id);
    expect(upcoming).toContain(ride.id);
    const myGroups = JSON.stringify((await g.get('/api/groups')).json());
    expect(myGroups).toContain(open.id);
    expect(myGroups).toContain(ownGroup.id);
  });

  it('keeps the first seat for the owner when the account already sat in a ride the guest created', async () => {
    const db = t.app.ctx.db;
    const account = await buildSignedInUser(t, uniqueEmail('account'));
    const guest = await buildGuest(t);
    const group = await buildGroup(guest);
    const ride = await buildRide(guest, group.id);
    await account.client.post(`/api/groups/${group.id}/join`);
    expect((await account.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBeLessThan(300);
    const token = await askLink(guest.client, account.user.email);
    await guest.client.post('/api/auth/verify-magic-link', { token });
    const seats = await db.selectFrom('ride_participants').selectAll().where('ride_id', '=', ride.id).execute();
    expect(seats.map((s) => s.user_id)).toEqual([account.user.id]);
    const view = (await guest.client.get(`/api/rides/${ride.id}`)).json() as { participants: Array<{ id: string }> };
    expect(view.participants.map((p) => p.id)).toEqual([account.user.id]);
  });

  it('keeps the co-organizer role a guest held: on a group the account was in as a member, and on one it joins through the merge', async () => {
    const db = t.app.ctx.db;
    const owner = await buildGuest(t);
    const account = await buildSignedInUser(t, uniqueEmail('account'));
    const guest = await buildGuest(t);
    const both = await buildGroup(owner);
    const guestOnly = await buildGroup(owner);
    await account.client.post(`/api/groups/${both.id}/join`);
    for (const group of [both, guestOnly]) {
      await guest.client.post(`/api/groups/${group.id}/join`);
      expect((await owner.client.put(`/api/groups/${group.id}/members/${guest.user.id}/role`, { role: 'co_organizer' })).statusCode).toBe(200);
    }
    const token = await askLink(guest.client, account.user.email);
    await guest.client.post('/api/auth/verify-magic-link', { token });
    const roles = await db.selectFrom('group_members').select(['group_id', 'role']).where('user_id', '=', account.user.id).execute();
    expect(Object.fromEntries(roles.map((r) => [r.group_id, r.role]))).toEqual({ [both.id]: 'co_organizer', [guestOnly.id]: 'co_organizer' });
    // The account now acts as one: it sees the group's join requests.
    expect((await guest.client.get(`/api/groups/${both.id}/membership-requests`)).statusCode).toBe(200);
  });

  it("cancels, and keeps counting, the address confirmations the guest had asked for", async () => {
    const account = await buildSignedInUser(t, uniqueEmail('account'));
    const guest = await buildGuest(t);
    const wanted = uniqueEmail('wanted');
    expect((await guest.client.patch(`/api/users/${guest.user.id}`, { email: wanted })).statusCode).toBe(200);
    const confirmToken = tokenFromMail(t.mail, wanted);
    const token = await askLink(guest.client, account.user.email);
    await guest.client.post('/api/auth/verify-magic-link', { token });
    expect((await me(guest.client)).id).toBe(account.user.id);
    const row = await linkRow(wanted);
    expect(row.cancelled_at).not.toBeNull();
    expect(row.requested_by_user_id).toBe(account.user.id);
    expect((await guest.client.post('/api/auth/verify-magic-link', { token: confirmToken })).statusCode).toBe(401);
    expect((await me(guest.client)).email).toBe(account.user.email);
  });

  it('never merges on the confirm path in another browser, nor a signed-in account into another', async () => {
    const account = await buildSignedInUser(t, uniqueEmail('account'));
    const host = await buildGuest(t);
    const group = await buildGroup(host);

    const guest = await buildGuest(t);
    await guest.client.post(`/api/groups/${group.id}/join`);
    const token = await askLink(new TestClient(t.app), account.user.email);
    await guest.client.post('/api/auth/verify-magic-link', { token, confirm: true });
    expect((await me(guest.client)).id).toBe(account.user.id);
    expect(await userExists(guest.user.id)).toBe(true);
    expect(await groupsRepository.isMember(t.app.ctx.db, group.id, account.user.id)).toBe(false);

    const other = await buildSignedInUser(t, uniqueEmail('other'));
    await other.client.post(`/api/groups/${group.id}/join`);
    const token2 = await askLink(other.client, account.user.email);
    await other.client.post('/api/auth/verify-magic-link', { token: token2 });
    expect((await me(other.client)).id).toBe(account.user.id);
    expect(await userExists(other.user.id)).toBe(true);
    expect(await groupsRepository.isMember(t.app.ctx.db, group.id, other.user.id)).toBe(true);
  });
});

describe('signing out', () => {
  it('after logout, asking for a sign-in link creates no guest and starts no session', async () => {
    const rider = await buildSignedInUser(t);
    await rider.client.post('/api/auth/logout');
    expect(rider.client.cookie).toBeNull();
    const count = async () => (await t.app.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    const res = await rider.client.post('/api/auth/magic-link', { email: rider.user.email }, ipOf());
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'rc_session')).toBeUndefined();
    expect(Number(await count())).toBe(before);
    // And the link, opened in that browser, signs straight into the account.
    await rider.client.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, rider.user.email) });
    expect((await me(rider.client)).id).toBe(rider.user.id);
  });
});

describe('why a link was not sent', () => {
  it('answers a refused address with 400 and its message, and too many links with 429 and Retry-After in seconds', async () => {
    const bad = await new TestClient(t.app).post('/api/auth/magic-link', { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid email address');
    const ip = { 'x-forwarded-for': '203.0.113.50' };
    let limited = null;
    for (let i = 0; i < MAGIC_LINKS_PER_IP_PER_HOUR + 1 && !limited; i++) {
      const res = await new TestClient(t.app).post('/api/auth/magic-link', { email: uniqueEmail() }, ip);
      if (res.statusCode === 429) limited = res;
    }
    expect(limited).not.toBeNull();
    const seconds = Number(limited!.headers['retry-after']);
    expect(Number.isInteger(seconds)).toBe(true);
    expect(seconds).toBeGreaterThan(3500);
    expect(seconds).toBeLessThanOrEqual(3600);
  });
});

import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildSignedInUser, randomIp, TestClient, tokenFromMail } from '../test/test-app';
import { buildGuest } from '../test/factories';
import { newId } from '../platform/tokens';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

const signedIn = async (client: TestClient) => (await client.get('/api/auth/sessions')).statusCode === 200;

async function putInOneGroup(...userIds: string[]) {
  const groupId = newId();
  const now = new Date().toISOString();
  await t.app.ctx.db
    .insertInto('groups')
    .values({ id: groupId, name: `G${groupId.slice(0, 8)}`, slug: `g${groupId.slice(0, 8)}`, location: 'Sydney', creator_id: userIds[0]!, created_at: now, radius_km: 50, membership_approval_required: 0, timezone_offset: 'UTC+10:00', timezone_name: 'Sydney', timezone: 'Australia/Sydney', description: null, latitude: null, longitude: null, group_image_url: null })
    .execute();
  for (const id of userIds) await t.app.ctx.db.insertInto('group_members').values({ group_id: groupId, user_id: id, joined_at: now }).execute();
}

describe('PATCH /api/users/{id}', () => {
  it('saves profile fields and settings for the rider’s own account', async () => {
    const { client, user } = await buildGuest(t);
    const res = await client.patch(`/api/users/${user.id}`, {
      firstName: ' Ana ',
      lastName: 'Rossi',
      bio: 'Twisties before breakfast',
      location: 'Bologna, Emilia-Romagna, Italy',
      latitude: 44.4949,
      longitude: 11.3426,
      preferredUnits: 'miles',
      timezoneOffset: 'UTC+05:45',
      timezoneName: 'Kathmandu',
    });
    expect(res.statusCode).toBe(200);
    const me = (await client.get('/api/users/current')).json();
    expect(me).toMatchObject({ firstName: 'Ana', lastName: 'Rossi', bio: 'Twisties before breakfast', latitude: 44.4949, longitude: 11.3426, preferredUnits: 'miles', timezoneOffset: 'UTC+05:45', timezoneName: 'Kathmandu' });
  });

  it('answers 404 for anyone else’s account and changes nothing', async () => {
    const owner = await buildGuest(t);
    const intruder = await buildGuest(t);
    const res = await intruder.client.patch(`/api/users/${owner.user.id}`, { firstName: 'Hacked' });
    expect(res.statusCode).toBe(404);
    expect((await owner.client.get('/api/users/current')).json().firstName).toBeNull();
    expect((await new TestClient(t.app).patch(`/api/users/${owner.user.id}`, { firstName: 'x' })).statusCode).toBe(401);
  });

  it.each([
    [{ userId: 'ab' }, 'User ID must be at least 3 characters'],
    [{ userId: 'has space' }, 'User ID may only contain letters, numbers, hyphens and underscores'],
    [{ email: 'nope' }, 'Invalid email address'],
    [{ timezoneOffset: 'UTC+05:15' }, 'Please select a valid timezone'],
    [{ timezoneOffset: 'GMT+1' }, 'Please select a valid timezone'],
    [{ timezoneName: '' }, 'Timezone name is required'],
    [{ profileVisibility: 'friends' }, undefined],
    [{ preferredUnits: 'furlongs' }, undefined],
    [{ latitude: 91 }, undefined],
    [{ isFirstVisit: true }, undefined],
  ])('refuses %j with 400 and saves nothing', async (body, message) => {
    const { client, user } = await buildGuest(t);
    const res = await client.patch(`/api/users/${user.id}`, { firstName: 'Kept', ...body });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect((await client.get('/api/users/current')).json().firstName).toBeNull();
  });

  it('changes the handle at most twice', async () => {
    const { client, user } = await buildGuest(t);
    const base = `h${Date.now().toString(36)}`;
    expect((await client.patch(`/api/users/${user.id}`, { userId: `${base}a` })).statusCode).toBe(200);
    expect((await client.patch(`/api/users/${user.id}`, { userId: `${base}b` })).statusCode).toBe(200);
    const third = await client.patch(`/api/users/${user.id}`, { userId: `${base}c` });
    expect(third.statusCode).toBe(403);
    expect(third.json().message).toBe('Username change limit reached');
    expect((await client.get('/api/users/current')).json()).toMatchObject({ userId: `${base}b`, userIdChangesCount: 2 });
    // Saving the same handle again is not a change.
    expect((await client.patch(`/api/users/${user.id}`, { userId: `${base}b`, firstName: 'Same' })).statusCode).toBe(200);
  });

  it('refuses a handle another rider holds, regardless of case', async () => {
    const a = await buildGuest(t);
    const b = await buildGuest(t);
    const res = await b.client.patch(`/api/users/${b.user.id}`, { userId: a.user.userId.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Username is already taken');
    expect((await b.client.get('/api/users/current')).json().userIdChangesCount).toBe(0);
  });

  it('does not take a new e-mail address until the link sent to it is opened', async () => {
    const { client, user } = await buildGuest(t);
    const email = `new-${Date.now()}@example.com`;
    const res = await client.patch(`/api/users/${user.id}`, { email });
    expect(res.statusCode).toBe(200);
    expect(res.json().emailConfirmationSentTo).toBe(email);
    expect((await client.get('/api/users/current')).json().email).toBeNull();
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toMatch(/Confirm your e-mail address/);

    expect((await client.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, email) })).statusCode).toBe(200);
    const me = (await client.get('/api/users/current')).json();
    expect(me).toMatchObject({ id: user.id, email });
    const notes = (await client.get('/api/notifications')).json();
    expect(notes[0]).toMatchObject({ type: 'profile_updated', title: 'Email confirmed' });
  });

  it('answers an address another account holds byte for byte like a free one, and mails its owner a sign-in link instead', async () => {
    const { client, user } = await buildGuest(t);
    const address = `taken-later-${Date.now()}@example.com`;
    const patch = () => client.request('PATCH', `/api/users/${user.id}`, { email: address.toUpperCase() }, { 'x-forwarded-for': randomIp() });

    // While the address is free: a confirmation link.
    const free = await patch();
    expect(t.mail.at(-1)!.subject).toBe('Confirm your e-mail address for RoadCaptain');
    await client.post('/api/auth/email-change/cancel');

    // Another rider takes the address; asking for it again answers exactly the same.
    const holder = await buildSignedInUser(t, address);
    const before = t.mail.length;
    const taken = await patch();
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.body).toBe(free.body);
    expect(taken.headers['content-length']).toBe(free.headers['content-length']);
    expect(free.json()).toMatchObject({ email: null, emailConfirmationSentTo: address, pendingEmail: address });
    // ...and so does the current user after a reload.
    expect((await client.get('/api/users/current')).json().pendingEmail).toBe(address);

    const mail = t.mail.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe(address);
    expect(mail[0]!.subject).toBe('This address already has a RoadCaptain account');
    expect(mail[0]!.text).toContain('This address already has a RoadCaptain account');
    expect(mail[0]!.text).not.toMatch(/confirm it/i);

    // Its link signs into the account that holds the address; the asking account gets nothing.
    const opener = new TestClient(t.app);
    await opener.get('/api/users/current');
    // Another browser must confirm first (the link is bound to the browser that asked).
    expect((await opener.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, address), confirm: true })).statusCode).toBe(200);
    expect((await opener.get('/api/users/current')).json()).toMatchObject({ id: holder.user.id, email: address });
    expect((await client.get('/api/users/current')).json()).toMatchObject({ id: user.id, email: null, pendingEmail: null });
    expect(await signedIn(holder.client)).toBe(true);
  });

  it('still refuses a taken handle with 409', async () => {
    const a = await buildGuest(t);
    const b = await buildGuest(t);
    const res = await b.client.patch(`/api/users/${b.user.id}`, { userId: a.user.userId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Username is already taken');
  });

  it('changes nothing when the link to a new address cannot be sent (its limits): no field, no handle, no handle change counted', async () => {
    const { client, user } = await buildGuest(t);
    const address = `busy-${crypto.randomBytes(4).toString('hex')}@example.com`;
    // The address's sign-in links for this hour are used up (by anyone).
    for (let i = 0; i < 5; i++) expect((await new TestClient(t.app).post('/api/auth/magic-link', { email: address }, { 'x-forwarded-for': randomIp() })).statusCode).toBe(200);
    const handle = `busy${crypto.randomBytes(3).toString('hex')}`;
    const res = await client.patch(`/api/users/${user.id}`, { userId: handle, bio: 'New bio', email: address });
    expect(res.statusCode).toBe(429);
    expect((await client.get('/api/users/current')).json()).toMatchObject({ userId: user.userId, bio: null, userIdChangesCount: 0, pendingEmail: null });
  });

  it('treats an empty e-mail as absent', async () => {
    const { client, user } = await buildGuest(t);
    const res = await client.patch(`/api/users/${user.id}`, { email: '', firstName: 'Jo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: null, firstName: 'Jo', emailConfirmationSentTo: null });
  });
});

describe('GET /api/users/check-username/{username}', () => {
  it('reports availability regardless of case, counting the rider’s own handle as available', async () => {
    const a = await buildGuest(t);
    const b = await buildGuest(t);
    expect((await b.client.get(`/api/users/check-username/${a.user.userId.toUpperCase()}`)).json()).toEqual({ available: false });
    expect((await a.client.get(`/api/users/check-username/${a.user.userId}?excludeUserId=${a.user.id}`)).json()).toEqual({ available: true });
    expect((await b.client.get(`/api/users/check-username/${a.user.userId}?excludeUserId=${a.user.id}`)).json()).toEqual({ available: false });
    expect((await b.client.get(`/api/users/check-username/free${Date.now()}`)).json()).toEqual({ available: true });
    expect((await b.client.get('/api/users/check-username/ab')).json()).toEqual({ available: false });
  });
});

describe('GET /api/users/profile/{username}: visibility', () => {
  it.each([
    ['public', { owner: 200, mate: 200, stranger: 200, anonymous: 200 }],
    ['groups', { owner: 200, mate: 200, stranger: 404, anonymous: 404 }],
    ['private', { owner: 200, mate: 404, stranger: 404, anonymous: 404 }],
  ] as const)('%s profile', async (visibility, expected) => {
    const owner = await buildGuest(t);
    const mate = await buildGuest(t);
    const stranger = await buildGuest(t);
    await owner.client.patch(`/api/users/${owner.user.id}`, { profileVisibility: visibility, bio: 'Loves gravel' });
    await putInOneGroup(owner.user.id, mate.user.id);
    const path = `/api/users/profile/${owner.user.userId}`;
    const results = {
      owner: await owner.client.get(path),
      mate: await mate.client.get(path),
      stranger: await stranger.client.get(path),
      anonymous: await t.app.inject({ method: 'GET', url: path }),
    };
    for (const [who, res] of Object.entries(results)) expect([who, res.statusCode]).toEqual([who, expected[who as keyof typeof expected]]);
    const hidden = Object.values(results).find((r) => r.statusCode === 404);
    const missing = await stranger.client.get('/api/users/profile/nobody-has-this-handle');
    if (hidden) expect(hidden.json()).toEqual(missing.json());
    const seen = results.owner.json();
    expect(seen).toMatchObject({ userId: owner.user.userId, bio: 'Loves gravel', abilities: { edit: true } });
    expect(seen).not.toHaveProperty('email');
    if (expected.mate === 200) expect(results.mate.json().abilities).toEqual({ edit: false });
  });

  it('finds a profile regardless of the handle’s case', async () => {
    const owner = await buildGuest(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/profile/${owner.user.userId.toUpperCase()}` })).statusCode).toBe(200);
  });
});

describe('PUT /api/users/{id}/motorcycles', () => {
  it('keeps complete rows and drops incomplete ones', async () => {
    const { client, user } = await buildGuest(t);
    const res = await client.request('PUT', `/api/users/${user.id}/motorcycles`, {
      motorcycles: [
        { brand: 'Ducati', model: 'Multistrada V4', year: 2024, color: 'Red' },
        { brand: 'Honda', model: '', year: 2001, color: 'Black' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/users/current')).json().motorcycles).toEqual([{ brand: 'Ducati', model: 'Multistrada V4', year: 2024, color: 'Red' }]);
  });

  it.each([
    [[{ brand: 'BMW', model: '', year: 2020, color: 'Blue' }], 'Please add at least one motorcycle with all fields filled.'],
    [[], 'Please add at least one motorcycle with all fields filled.'],
    [[{ brand: 'BMW', model: 'R 80', year: 1899, color: 'White' }], undefined],
    [[{ brand: 'BMW', model: 'R 1300', year: new Date().getUTCFullYear() + 2, color: 'White' }], undefined],
  ])('refuses %j with 400', async (motorcycles, message) => {
    const { client, user } = await buildGuest(t);
    const res = await client.request('PUT', `/api/users/${user.id}/motorcycles`, { motorcycles });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect((await client.get('/api/users/current')).json().motorcycles).toEqual([]);
  });

  it('accepts next year’s model and refuses other accounts', async () => {
    const { client, user } = await buildGuest(t);
    const other = await buildGuest(t);
    const bike = { brand: 'KTM', model: '890 Adventure', year: new Date().getUTCFullYear() + 1, color: 'Orange' };
    expect((await client.request('PUT', `/api/users/${user.id}/motorcycles`, { motorcycles: [bike] })).statusCode).toBe(200);
    expect((await other.client.request('PUT', `/api/users/${user.id}/motorcycles`, { motorcycles: [bike] })).statusCode).toBe(404);
  });
});

describe('PUT /api/users/{id}/location', () => {
  it('sets the place and its coordinates', async () => {
    const { client, user } = await buildGuest(t);
    const res = await client.request('PUT', `/api/users/${user.id}/location`, { location: 'Hobart, TAS, Australia', latitude: -42.8821, longitude: 147.3272 });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/users/current')).json()).toMatchObject({ location: 'Hobart, TAS, Australia', latitude: -42.8821, longitude: 147.3272 });
  });

  it('refuses out-of-range coordinates and other accounts', async () => {
    const { client, user } = await buildGuest(t);
    const other = await buildGuest(t);
    expect((await client.request('PUT', `/api/users/${user.id}/location`, { location: 'X', latitude: 100, longitude: 0 })).statusCode).toBe(400);
    expect((await other.client.request('PUT', `/api/users/${user.id}/location`, { location: 'X', latitude: 1, longitude: 1 })).statusCode).toBe(404);
  });
});

describe('an address waiting for confirmation', () => {
  async function waiting() {
    const { client, user } = await buildGuest(t);
    const email = `waiting-${crypto.randomBytes(4).toString('hex')}-a-rather-long-address@example.com`;
    const ip = randomIp();
    expect((await client.request('PATCH', `/api/users/${user.id}`, { email }, { 'x-forwarded-for': ip })).statusCode).toBe(200);
    return { client, user, email, ip };
  }

  it('is on the current user after a reload, until it is confirmed', async () => {
    const { client, email } = await waiting();
    expect((await client.get('/api/users/current')).json()).toMatchObject({ email: null, pendingEmail: email });
    await client.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, email) });
    expect((await client.get('/api/users/current')).json()).toMatchObject({ email, pendingEmail: null });
  });

  it('is gone once its link expired', async () => {
    const { client, user } = await waiting();
    await t.app.ctx.db.updateTable('magic_links').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('requested_by_user_id', '=', user.id).execute();
    expect((await client.get('/api/users/current')).json().pendingEmail).toBeNull();
  });

  it('Resend mails a new link and the old one stops working', async () => {
    const { client, email } = await waiting();
    const oldToken = tokenFromMail(t.mail, email);
    const res = await client.post('/api/auth/email-change/resend', undefined, { 'x-forwarded-for': randomIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, emailConfirmationSentTo: email });
    const newToken = tokenFromMail(t.mail, email);
    expect(newToken).not.toBe(oldToken);
    expect((await client.post('/api/auth/verify-magic-link', { token: oldToken })).statusCode).toBe(401);
    expect((await client.post('/api/auth/verify-magic-link', { token: newToken })).statusCode).toBe(200);
    expect((await client.get('/api/users/current')).json().email).toBe(email);
  });

  it('Resend keeps to the per-address limit of the sign-in links', async () => {
    const { client } = await waiting();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await client.post('/api/auth/email-change/resend', undefined, { 'x-forwarded-for': randomIp() })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('Cancel ends the open link: nothing waits, and the mailed link no longer works', async () => {
    const { client, email } = await waiting();
    const token = tokenFromMail(t.mail, email);
    expect((await client.post('/api/auth/email-change/cancel')).json()).toEqual({ success: true });
    expect((await client.get('/api/users/current')).json().pendingEmail).toBeNull();
    expect((await client.post('/api/auth/verify-magic-link', { token })).statusCode).toBe(401);
    expect((await client.get('/api/users/current')).json().email).toBeNull();
    const resend = await client.post('/api/auth/email-change/resend');
    expect(resend.statusCode).toBe(404);
    expect(resend.json()).toMatchObject({ message: 'No address is waiting for confirmation' });
  });

  it('is one at a time: asking for another address ends the link to the one asked for before', async () => {
    const { client, user, email: first } = await waiting();
    const second = `second-${crypto.randomBytes(4).toString('hex')}@example.com`;
    expect((await client.patch(`/api/users/${user.id}`, { email: second })).statusCode).toBe(200);
    // The first address's owner can no longer confirm it, here or anywhere.
    expect((await new TestClient(t.app).post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, first), confirm: true })).statusCode).toBe(401);
    expect((await client.get('/api/users/current')).json()).toMatchObject({ email: null, pendingEmail: second });
  });

  it('once an address is confirmed, no other address the account asked for can take the account back', async () => {
    // A guest asks for an address of its own, then for a victim's...
    const asker = await buildGuest(t);
    const own = `asker-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const victimAddress = `victim-${crypto.randomBytes(4).toString('hex')}@example.com`;
    expect((await asker.client.patch(`/api/users/${asker.user.id}`, { email: own })).statusCode).toBe(200);
    const ownToken = tokenFromMail(t.mail, own);
    expect((await asker.client.patch(`/api/users/${asker.user.id}`, { email: victimAddress })).statusCode).toBe(200);
    // ...whose owner confirms it and so has the account, signing the asker out...
    const victim = new TestClient(t.app);
    expect((await victim.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, victimAddress), confirm: true })).statusCode).toBe(200);
    expect((await victim.get('/api/users/current')).json()).toMatchObject({ id: asker.user.id, email: victimAddress });
    await victim.patch(`/api/users/${asker.user.id}`, { bio: 'Mine now' });
    // ...and the asker's earlier link cannot move the account back to the asker's address.
    const back = new TestClient(t.app);
    expect((await back.post('/api/auth/verify-magic-link', { token: ownToken, confirm: true })).statusCode).toBe(401);
    expect(await signedIn(back)).toBe(false);
    expect((await victim.get('/api/users/current')).json()).toMatchObject({ id: asker.user.id, email: victimAddress, bio: 'Mine now' });
  });

  it('is the rider’s own: nobody else sees, resends or cancels it', async () => {
    const { client, email } = await waiting();
    const other = await buildGuest(t);
    expect((await other.client.get('/api/users/current')).json().pendingEmail).toBeNull();
    expect((await other.client.post('/api/auth/email-change/resend')).statusCode).toBe(404);
    await other.client.post('/api/auth/email-change/cancel');
    expect((await client.get('/api/users/current')).json().pendingEmail).toBe(email);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/email-change/cancel' })).statusCode).toBe(401);
  });
});

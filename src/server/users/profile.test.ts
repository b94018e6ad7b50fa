import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, createTestApp, TestClient, tokenFromMail, type TestApp } from '../test/test-app';
import { newId } from '../platform/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function guest() {
  const client = new TestClient(t.app);
  const user = (await client.get('/api/users/current')).json() as { id: string; userId: string };
  return { client, user };
}

async function putInOneGroup(...userIds: string[]) {
  const groupId = newId();
  const now = new Date().toISOString();
  await t.app.ctx.db
    .insertInto('groups')
    .values({ id: groupId, name: `G${groupId.slice(0, 8)}`, slug: `g${groupId.slice(0, 8)}`, location: 'Sydney', creator_id: userIds[0]!, created_at: now, radius_km: 50, membership_approval_required: 0, timezone_offset: 'UTC+10:00', timezone_name: 'Sydney', description: null, latitude: null, longitude: null, group_image_url: null })
    .execute();
  for (const id of userIds) await t.app.ctx.db.insertInto('group_members').values({ group_id: groupId, user_id: id, joined_at: now }).execute();
}

describe('PATCH /api/users/{id}', () => {
  it('saves profile fields and settings for the rider’s own account', async () => {
    const { client, user } = await guest();
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
    const owner = await guest();
    const intruder = await guest();
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
    const { client, user } = await guest();
    const res = await client.patch(`/api/users/${user.id}`, { firstName: 'Kept', ...body });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect((await client.get('/api/users/current')).json().firstName).toBeNull();
  });

  it('changes the handle at most twice', async () => {
    const { client, user } = await guest();
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
    const a = await guest();
    const b = await guest();
    const res = await b.client.patch(`/api/users/${b.user.id}`, { userId: a.user.userId.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Username is already taken');
    expect((await b.client.get('/api/users/current')).json().userIdChangesCount).toBe(0);
  });

  it('does not take a new e-mail address until the link sent to it is opened', async () => {
    const { client, user } = await guest();
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

  it('refuses an address another account holds with the spec’s message', async () => {
    const holder = await buildSignedInUser(t);
    const { client, user } = await guest();
    const before = t.mail.length;
    const res = await client.patch(`/api/users/${user.id}`, { email: holder.user.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Email address is already in use');
    expect(t.mail.length).toBe(before);
  });

  it('treats an empty e-mail as absent', async () => {
    const { client, user } = await guest();
    const res = await client.patch(`/api/users/${user.id}`, { email: '', firstName: 'Jo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: null, firstName: 'Jo', emailConfirmationSentTo: null });
  });
});

describe('GET /api/users/check-username/{username}', () => {
  it('reports availability regardless of case, counting the rider’s own handle as available', async () => {
    const a = await guest();
    const b = await guest();
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
    const owner = await guest();
    const mate = await guest();
    const stranger = await guest();
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
    const owner = await guest();
    expect((await t.app.inject({ method: 'GET', url: `/api/users/profile/${owner.user.userId.toUpperCase()}` })).statusCode).toBe(200);
  });
});

describe('PUT /api/users/{id}/motorcycles', () => {
  it('keeps complete rows and drops incomplete ones', async () => {
    const { client, user } = await guest();
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
    const { client, user } = await guest();
    const res = await client.request('PUT', `/api/users/${user.id}/motorcycles`, { motorcycles });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect((await client.get('/api/users/current')).json().motorcycles).toEqual([]);
  });

  it('accepts next year’s model and refuses other accounts', async () => {
    const { client, user } = await guest();
    const other = await guest();
    const bike = { brand: 'KTM', model: '890 Adventure', year: new Date().getUTCFullYear() + 1, color: 'Orange' };
    expect((await client.request('PUT', `/api/users/${user.id}/motorcycles`, { motorcycles: [bike] })).statusCode).toBe(200);
    expect((await other.client.request('PUT', `/api/users/${user.id}/motorcycles`, { motorcycles: [bike] })).statusCode).toBe(404);
  });
});

describe('PUT /api/users/{id}/location', () => {
  it('sets the place and its coordinates', async () => {
    const { client, user } = await guest();
    const res = await client.request('PUT', `/api/users/${user.id}/location`, { location: 'Hobart, TAS, Australia', latitude: -42.8821, longitude: 147.3272 });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/users/current')).json()).toMatchObject({ location: 'Hobart, TAS, Australia', latitude: -42.8821, longitude: 147.3272 });
  });

  it('refuses out-of-range coordinates and other accounts', async () => {
    const { client, user } = await guest();
    const other = await guest();
    expect((await client.request('PUT', `/api/users/${user.id}/location`, { location: 'X', latitude: 100, longitude: 0 })).statusCode).toBe(400);
    expect((await other.client.request('PUT', `/api/users/${user.id}/location`, { location: 'X', latitude: 1, longitude: 1 })).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { buildRide, buildRoles } from '../test/factories';
import { PHOTO, postMultipart } from '../media/media.test-helpers';
import { findNulCharacter, NUL_CHARACTER_MESSAGE, TOO_DEEP_MESSAGE } from './nul-characters';

/**
 * U+0000 in any text a rider sends is a 400 naming the field, on both engines (PostgreSQL text
 * cannot hold it: it was a 500 there, and stored as sent on SQLite).
 */
let t: TestApp;
let r: Awaited<ReturnType<typeof buildRoles>>;
let rideId: string;
beforeAll(async () => {
  t = await createTestApp();
  r = await buildRoles(t);
  rideId = (await buildRide(r.owner, r.group.id)).id;
});
afterAll(async () => t.close());

describe('findNulCharacter', () => {
  it('names the first string value or key holding U+0000', () => {
    expect(findNulCharacter({ a: 'fine', b: [{ c: 'x\u0000' }] })).toBe('b.0.c');
    expect(findNulCharacter({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findNulCharacter({ a: 'fine', n: 1, z: null })).toBeNull();
    expect(findNulCharacter({ a: ['x\u0000'], b: 'y\u0000' })).toBe('a.0');
  });
});

describe('input nested too deeply', () => {
  it('is a 400 on any JSON route, for anyone, where it was a stack overflow and a 500', async () => {
    const arrays = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    const objects = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    for (const payload of [arrays, objects]) {
      for (const [client, url] of [
        [r.member.client, '/api/groups'],
        [r.member.client, `/api/rides/${rideId}/comments`],
        [r.anonymous, '/api/auth/magic-link'],
      ] as const) {
        const res = await client.post(url, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: TOO_DEEP_MESSAGE });
      }
    }
    // The deepest body the API takes is far from the limit.
    expect((await r.owner.client.patch(`/api/rides/${rideId}`, { waypoints: [{ name: 'Passo', latitude: 46, longitude: 10 }] })).statusCode).toBe(200);
  });
});

describe('half of a UTF-16 pair alone in a JSON body', () => {
  it('is a 400 naming the field, and nothing saved; a whole emoji passes', async () => {
    // Written as JSON escapes, as a client may send them: "\ud83c" with no second half.
    const res = await r.member.client.post(`/api/rides/${rideId}/comments`, '{"content":"Lone \\ud83c end"}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'broken_character', field: 'content' });
    expect((await r.member.client.get(`/api/rides/${rideId}/comments`)).json()).toEqual({ comments: [], hasEarlier: false });
    const named = await r.owner.client.patch(`/api/rides/${rideId}`, '{"name":"Passo \\udc00 Gavia"}');
    expect(named.statusCode).toBe(400);
    expect(named.json()).toMatchObject({ code: 'broken_character', field: 'name' });
    const whole = await r.owner.client.patch(`/api/rides/${rideId}`, '{"description":"Whole \\ud83c\\udfcd end"}');
    expect(whole.statusCode, whole.body).toBe(200);
    expect((whole.json() as { description: string }).description).toBe('Whole \u{1F3CD} end');
  });
});

describe('NUL characters in requests', () => {
  it('in a JSON body: 400 naming the field, and nothing saved', async () => {
    const res = await r.member.client.post(`/api/rides/${rideId}/comments`, { content: 'See you\u0000 there' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: NUL_CHARACTER_MESSAGE, field: 'content' });
    expect((await r.member.client.get(`/api/rides/${rideId}/comments`)).json()).toEqual({ comments: [], hasEarlier: false });
  });

  it('in a nested JSON field', async () => {
    const res = await r.owner.client.patch(`/api/rides/${rideId}`, { waypoints: [{ name: 'Passo\u0000', latitude: 46, longitude: 10 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: NUL_CHARACTER_MESSAGE, field: 'waypoints.0.name' });
  });

  it('in a query string', async () => {
    const res = await r.member.client.get('/api/groups/search?q=Riders%00');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: NUL_CHARACTER_MESSAGE, field: 'q' });
  });

  it.each(['/api/groups/%00', '/api/rides/%00/comments', '/api/users/profile/a%00b', `/api/groups/x%00/rides/y`])('in a path id: GET %s answers 400', async (url) => {
    const res = await r.member.client.get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NUL_CHARACTER_MESSAGE);
  });

  it('in a multipart field or file name: 400, and no media stored', async () => {
    const upload = (parts: Parameters<typeof postMultipart>[3]) => postMultipart(t, '/api/media', r.owner.client, parts);
    const described = await upload([
      { name: 'associatedType', value: 'ride' },
      { name: 'associatedId', value: rideId },
      { name: 'description', value: 'Stelvio\u0000' },
      { name: 'file', filename: 'stelvio.jpg', type: 'image/jpeg', data: PHOTO },
    ]);
    expect(described.statusCode).toBe(400);
    expect(described.json().message).toBe(NUL_CHARACTER_MESSAGE);
    const named = await upload([
      { name: 'associatedType', value: 'ride' },
      { name: 'associatedId', value: rideId },
      { name: 'file', filename: 'stelvio\u0000.jpg', type: 'image/jpeg', data: PHOTO },
    ]);
    expect(named.statusCode).toBe(400);
    expect((await r.owner.client.get(`/api/media?associatedType=ride&associatedId=${rideId}`)).json()).toEqual([]);
  });
});

import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildGuest } from '../test/factories';
import { newId } from '../platform/tokens';
import * as slugsMigration from './migrations/016_slugs';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

describe('migration 016', () => {
  it('gives groups that had the empty slug a real one, and every group its name key', async () => {
    const { client, user } = await buildGuest(t);
    const db = t.app.ctx.db;
    // The database as it was before 016, holding what the old slug rule made: "" for a name
    // without Latin letters (only one such group could exist), the Latin slug otherwise.
    await slugsMigration.down(db as unknown as Kysely<unknown>);
    const now = new Date().toISOString();
    const row = (name: string, slug: string) => ({
      id: newId(),
      name,
      slug,
      location: 'Moscow',
      creator_id: user.id,
      created_at: now,
      radius_km: 50,
      membership_approval_required: 0 as const,
      timezone_offset: 'UTC+03:00',
      timezone_name: 'Moscow',
      timezone: 'Europe/Moscow',
      description: null,
      latitude: null,
      longitude: null,
      group_image_url: null,
    });
    const cyrillic = row('Мотоклуб Москва', '');
    const latin = row('Motoklub Moskva', 'motoklub-moskva');
    await db.insertInto('groups').values([latin, cyrillic]).execute();
    await db.insertInto('group_members').values({ group_id: cyrillic.id, user_id: user.id, joined_at: now }).execute();

    await slugsMigration.up(db as unknown as Kysely<unknown>);

    const repaired = (await client.get(`/api/groups/${cyrillic.id}`)).json();
    expect(repaired.slug).toBe('motoklub-moskva-2');
    expect((await client.get('/api/groups/by-name/motoklub-moskva-2')).json().id).toBe(cyrillic.id);
    expect((await client.get('/api/groups/by-name/motoklub-moskva')).json().id).toBe(latin.id);
    const keys = await db.selectFrom('groups').select(['id', 'name_key']).where('id', 'in', [cyrillic.id, latin.id]).execute();
    expect(Object.fromEntries(keys.map((k) => [k.id, k.name_key]))).toEqual({ [cyrillic.id]: 'мотоклуб москва', [latin.id]: 'motoklub moskva' });
    // The name rule now holds for the old rows too.
    const again = await client.post('/api/groups', {
      name: 'МОТОКЛУБ МОСКВА',
      location: 'Moscow',
      timezoneOffset: 'UTC+03:00',
      timezoneName: 'Moscow',
    });
    expect(again.statusCode).toBe(409);
  });
});

import { describe, expect, it } from 'vitest';
import { TestClient } from '../test/test-app';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

describe('POST /api/events (the app’s own activity log)', () => {
  it('records a welcome action with the rider and its properties', async () => {
    const client = new TestClient(t.app);
    const me = (await client.get('/api/users/current')).json();
    const res = await client.post('/api/events', { category: 'onboarding', event: 'welcome_action', properties: { action: 'join_group' } });
    expect(res.statusCode).toBe(202);
    const rows = await t.app.ctx.db.selectFrom('activity_events').selectAll().where('user_id', '=', me.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ category: 'onboarding', event: 'welcome_action' });
    expect(JSON.parse(rows[0]!.properties)).toEqual({ action: 'join_group' });
  });

  it.each([
    [{}],
    [{ category: '', event: 'x' }],
    [{ category: 'a', event: 'b', properties: { nested: { deep: 1 } } }],
    [{ category: 'a'.repeat(65), event: 'b' }],
    // What one event may store is capped: 20 properties, names up to 64 characters, about 2 KB in all.
    [{ category: 'a', event: 'b', properties: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i])) }],
    [{ category: 'a', event: 'b', properties: { ['k'.repeat(65)]: 1 } }],
    [{ category: 'a', event: 'b', properties: { a: 'x'.repeat(500), b: 'x'.repeat(500), c: 'x'.repeat(500), d: 'x'.repeat(500), e: 'x'.repeat(100) } }],
  ])(
    'refuses %j with 400 and stores nothing',
    async (body) => {
      const client = new TestClient(t.app);
      await client.get('/api/users/current');
      const before = (await t.app.ctx.db.selectFrom('activity_events').select('id').execute()).length;
      expect((await client.post('/api/events', body)).statusCode).toBe(400);
      expect((await t.app.ctx.db.selectFrom('activity_events').select('id').execute()).length).toBe(before);
    },
  );

  it('takes properties up to the cap', async () => {
    const client = new TestClient(t.app);
    await client.get('/api/users/current');
    const properties = { a: 'x'.repeat(500), b: 'x'.repeat(500), c: 'x'.repeat(500), d: 'x'.repeat(500) };
    expect((await client.post('/api/events', { category: 'a', event: 'b', properties })).statusCode).toBe(202);
  });

  it('needs a session', async () => {
    expect((await new TestClient(t.app).post('/api/events', { category: 'a', event: 'b' })).statusCode).toBe(401);
  });
});

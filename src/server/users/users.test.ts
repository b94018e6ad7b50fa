import { describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../test/test-app';
import { currentUserSchema } from '../../shared/users/current-user';
import { removeAbandonedGuests } from './users.service';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

describe('GET /api/users/current', () => {
  it('creates a guest with a generated URL-safe handle and every field of the Current user', async () => {
    const client = new TestClient(t.app);
    const res = await client.get('/api/users/current');
    expect(res.statusCode).toBe(200);
    const cookie = res.headers['set-cookie'] as string;
    expect(cookie).toMatch(/rc_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const user = currentUserSchema.parse(res.json());
    expect(user.userId).toMatch(/^[a-z0-9_-]{3,30}$/);
    expect(user).toMatchObject({
      userIdChangesCount: 0,
      email: null,
      isFirstVisit: true,
      profileVisibility: 'public',
      preferredUnits: 'kilometers',
      timezoneOffset: 'UTC+00:00',
      timezoneName: 'UTC',
      motorcycles: [],
    });
    expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);
  });

  it('returns the same account while the session lasts, and a new guest without it', async () => {
    const client = new TestClient(t.app);
    const first = (await client.get('/api/users/current')).json();
    const again = await client.get('/api/users/current');
    expect(again.json().id).toBe(first.id);
    expect(again.headers['set-cookie']).toBeUndefined();
    const stranger = (await new TestClient(t.app).get('/api/users/current')).json();
    expect(stranger.id).not.toBe(first.id);
    expect(stranger.userId).not.toBe(first.userId);
  });

  it('treats an unknown or malformed session cookie as no session', async () => {
    const client = new TestClient(t.app);
    client.cookie = 'rc_session=forged';
    const res = await client.get('/api/users/current');
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toMatch(/rc_session=/);
  });

  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://rides.example' });
    try {
      const res = await new TestClient(secure.app).get('/api/users/current');
      expect(res.headers['set-cookie']).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  });
});

describe('POST /api/users/mark-welcome-seen', () => {
  it('clears isFirstVisit for that account only', async () => {
    const client = new TestClient(t.app);
    await client.get('/api/users/current');
    const other = new TestClient(t.app);
    await other.get('/api/users/current');
    expect((await client.post('/api/users/mark-welcome-seen')).statusCode).toBe(200);
    expect((await client.get('/api/users/current')).json().isFirstVisit).toBe(false);
    expect((await other.get('/api/users/current')).json().isFirstVisit).toBe(true);
  });

  it('needs a session', async () => {
    const res = await new TestClient(t.app).post('/api/users/mark-welcome-seen');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
  });
});

describe('guest clean-up', () => {
  it('removes guests with no data unseen for 30 days, and keeps everyone else', async () => {
    const idle = new TestClient(t.app);
    const idleUser = (await idle.get('/api/users/current')).json();
    const recent = new TestClient(t.app);
    const recentUser = (await recent.get('/api/users/current')).json();
    const long = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString();
    await t.app.ctx.db.updateTable('users').set({ last_seen_at: long }).where('id', '=', idleUser.id).execute();

    // An idle guest who joined a group keeps the account (and the group its member).
    const joiner = new TestClient(t.app);
    const joinerUser = (await joiner.get('/api/users/current')).json();
    const group = await joiner.post('/api/groups', { name: `Idle ${Date.now()}`, location: 'Oslo', timezoneOffset: 'UTC+01:00', timezoneName: 'Berlin' });
    expect(group.statusCode).toBe(201);
    await t.app.ctx.db.updateTable('users').set({ last_seen_at: long }).where('id', '=', joinerUser.id).execute();

    await removeAbandonedGuests(t.app.ctx.db);
    const ids = (await t.app.ctx.db.selectFrom('users').select('id').execute()).map((r) => r.id);
    expect(ids).not.toContain(idleUser.id);
    expect(ids).toContain(recentUser.id);
    expect(ids).toContain(joinerUser.id);
  });
});

import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../test/test-app';
import { housekeepingJobs } from '../housekeeping';
import { EVENTS_PER_SESSION_PER_HOUR, NEW_GUESTS_PER_ADDRESS_PER_HOUR } from './write-limits';
import { hashIp } from '../auth/link-rate-limits.service';

// The general write limit (POST/PUT/PATCH/DELETE under /api), per session and per client address,
// counted in the database. Tests set small limits; the defaults are 120 and 600 a minute.

// Counts are per fixed minute of the clock: a test that began just before a minute ends would see
// its count start again halfway. Each test starts its clock at the beginning of a minute instead of
// waiting for one: only Date is faked and it runs on in real time (timers, sockets and the database
// are untouched), and the app under test reads the same clock.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() - (Date.now() % 60_000));
});
afterEach(() => {
  vi.useRealTimers();
});

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
});
async function testApp(env: Record<string, string>): Promise<TestApp> {
  const app = await createTestApp(env);
  apps.push(app);
  return app;
}

async function guest(t: TestApp): Promise<TestClient> {
  const client = new TestClient(t.app);
  expect((await client.get('/api/users/current')).statusCode).toBe(200);
  return client;
}

const write = (client: TestClient, headers: Record<string, string> = {}) => client.post('/api/users/mark-welcome-seen', undefined, headers);

describe('write limit per session', () => {
  it('answers 429 with Retry-After and a JSON message past the limit; reads and other sessions go on', async () => {
    const t = await testApp({ WRITE_LIMIT_PER_SESSION: '5' });
    const client = await guest(t);
    for (let i = 0; i < 5; i++) expect((await write(client)).statusCode).toBe(200);
    const limited = await write(client);
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json()).toMatchObject({ message: expect.stringMatching(/Too many changes/) });
    // Every method that writes counts; reads do not.
    expect((await client.request('PUT', '/api/users/nobody/location', { location: 'x' })).statusCode).toBe(429);
    expect((await client.request('DELETE', '/api/rides/00000000-0000-0000-0000-000000000000')).statusCode).toBe(429);
    expect((await client.get('/api/users/current')).statusCode).toBe(200);
    // The same address with another session is not limited by this session's count.
    expect((await write(await guest(t))).statusCode).toBe(200);
  });

  it('holds against concurrent requests: exactly the limit gets through', async () => {
    const t = await testApp({ WRITE_LIMIT_PER_SESSION: '5' });
    const client = await guest(t);
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => write(client)))).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});

describe('write limit per client address', () => {
  it('limits many sessions from one address', async () => {
    const t = await testApp({ WRITE_LIMIT_PER_ADDRESS: '8' });
    const from = { 'x-forwarded-for': '203.0.113.9' };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await write(await guest(t), from)).statusCode);
    expect(statuses).toEqual([...Array(8).fill(200), ...Array(4).fill(429)]);
    // Another address is not limited.
    expect((await write(await guest(t), { 'x-forwarded-for': '203.0.113.10' })).statusCode).toBe(200);
  });

  it('without TRUST_PROXY a forged X-Forwarded-For per request does not get past it', async () => {
    const t = await testApp({ TRUST_PROXY: '', WRITE_LIMIT_PER_ADDRESS: '8' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await write(await guest(t), { 'x-forwarded-for': `198.51.100.${i + 1}` })).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
  });
});

describe('activity log', () => {
  it(`takes at most ${EVENTS_PER_SESSION_PER_HOUR} events per session an hour`, async () => {
    const t = await testApp({});
    const client = await guest(t);
    const statuses: number[] = [];
    for (let i = 0; i < EVENTS_PER_SESSION_PER_HOUR + 3; i++) statuses.push((await client.post('/api/events', { category: 'onboarding', event: 'welcome_action', properties: { i } })).statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(EVENTS_PER_SESSION_PER_HOUR);
    expect(statuses.slice(EVENTS_PER_SESSION_PER_HOUR)).toEqual([429, 429, 429]);
    const stored = await t.app.ctx.db.selectFrom('activity_events').select('id').execute();
    expect(stored).toHaveLength(EVENTS_PER_SESSION_PER_HOUR);
    const limited = await client.post('/api/events', { category: 'onboarding', event: 'welcome_action' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many activity events/);
  });
});

describe('the counter’s commit', () => {
  it('does not wait for the disk, and leaves SQLite’s connection at synchronous=FULL for everything else', async () => {
    const t = await testApp({});
    const client = await guest(t);
    await Promise.all(Array.from({ length: 5 }, () => write(client)));
    if (t.app.ctx.engine === 'sqlite') {
      const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(t.app.ctx.db);
      expect(rows[0]!.synchronous).toBe(2); // FULL
    }
    const counts = await t.app.ctx.db.selectFrom('write_counters').select(['key', 'count']).where('key', 'like', 'w:%').execute();
    expect(counts.map((c) => Number(c.count)).sort()).toEqual([5, 5]);
  });
});

describe('housekeeping', () => {
  it('removes counters of windows that ended over an hour ago', async () => {
    const t = await testApp({});
    await write(await guest(t));
    const old = new Date(Date.now() - 2 * 3600 * 1000).toISOString();
    await t.app.ctx.db.insertInto('write_counters').values({ key: 'w:a:old', window_start: old, count: 3 }).execute();
    const job = housekeepingJobs(t.app.ctx).find((j) => j.name === 'remove-old-write-counters')!;
    await job.run();
    const rows = await t.app.ctx.db.selectFrom('write_counters').selectAll().execute();
    expect(rows.map((r) => r.key)).not.toContain('w:a:old');
    expect(rows.length).toBeGreaterThan(0);
  });
});

// Several app processes on one PostgreSQL database (as on several machines) share the counts.
describe.runIf(process.env.TEST_DATABASE_URL)('write limit across app processes on PostgreSQL', () => {
  it('one session writing through two processes at once gets exactly the limit through', async () => {
    const a = await testApp({ WRITE_LIMIT_PER_SESSION: '6' });
    const b = await testApp({ WRITE_LIMIT_PER_SESSION: '6', DATABASE_URL: a.config.databaseUrl! });
    const onA = await guest(a);
    const onB = new TestClient(b.app);
    onB.cookie = onA.cookie;
    const statuses = (await Promise.all(Array.from({ length: 20 }, (_, i) => write(i % 2 === 0 ? onA : onB)))).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(14);
  });
});

describe('guests made by reading the current user', () => {
  it('a client address that keeps dropping its cookies is refused new guests past the hourly limit; signed-in riders there go on', async () => {
    const t = await testApp({});
    const ip = '198.51.100.23';
    const rider = new TestClient(t.app);
    expect((await rider.get('/api/users/current', { 'x-forwarded-for': ip })).statusCode).toBe(200);
    // The hour's budget is spent (written as the counter, not made one by one).
    const hour = 3600_000;
    const windowStart = new Date(Date.now() - (Date.now() % hour)).toISOString();
    await t.app.ctx.db
      .updateTable('write_counters')
      .set({ count: NEW_GUESTS_PER_ADDRESS_PER_HOUR })
      .where('key', '=', `g:a:${hashIp(ip)}`)
      .where('window_start', '=', windowStart)
      .execute();
    const users = async () => Number((await t.app.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await users();

    const refused = await new TestClient(t.app).get('/api/users/current', { 'x-forwarded-for': ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toBe('Too many new visitors from this network. Please try again later.');
    expect(refused.cookies).toEqual([]);
    expect(await users()).toBe(before);

    // A rider with a session on that network is not a new guest, and another network is not held back.
    expect((await rider.get('/api/users/current', { 'x-forwarded-for': ip })).statusCode).toBe(200);
    expect((await new TestClient(t.app).get('/api/users/current', { 'x-forwarded-for': '198.51.100.24' })).statusCode).toBe(200);
  });

  it('are made for our own pages only: another site cannot make its visitors’ browsers spend their network’s budget', async () => {
    const t = await testApp({});
    const ip = '198.51.100.31';
    const users = async () => Number((await t.app.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await users();
    // An <img> or no-cors fetch on another site's page: no cookie goes with it, and none is kept.
    const theirs: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    ];
    for (const headers of theirs) {
      const res = await new TestClient(t.app).get('/api/users/current', { 'x-forwarded-for': ip, ...headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: 'Cross-site requests are not allowed' });
      expect(res.cookies).toEqual([]);
    }
    expect(await users()).toBe(before);
    const counted = await t.app.ctx.db.selectFrom('write_counters').select('count').where('key', '=', `g:a:${hashIp(ip)}`).execute();
    expect(counted).toEqual([]);

    // Our own pages (and a typed address, and clients that are not browsers) still get a guest.
    const ours: Array<Record<string, string>> = [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, {}];
    for (const headers of ours) {
      expect((await new TestClient(t.app).get('/api/users/current', { 'x-forwarded-for': ip, ...headers })).statusCode).toBe(200);
    }
    // A rider who has a session is only read, from anywhere.
    const rider = new TestClient(t.app);
    await rider.get('/api/users/current', { 'x-forwarded-for': ip });
    expect((await rider.get('/api/users/current', { 'x-forwarded-for': ip, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(200);
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_LINKS_PER_EMAIL_PER_HOUR, MAGIC_LINKS_PER_IP_PER_HOUR } from './auth/link-rate-limits.service';
import { housekeepingJobs } from './housekeeping';
import { fetchFileAs, fileOf, PHOTO, postMultipart, storedFiles } from './media/media.test-helpers';
import { openEventStream } from './test/event-stream';
import { buildGroup, buildGuest, buildRide, rideBody } from './test/factories';
import type { Ride } from '../shared/rides/ride';
import type { Series } from '../shared/series/series-rule';
import { createTestApp, TestClient, type TestApp } from './test/test-app';
import { startTestBucket, type TestBucket } from './test/test-s3';
import { createStorage } from './platform/storage';

// README, "Several servers": app servers that share DATABASE_URL (PostgreSQL), STORAGE_URL and
// PUBLIC_URL serve one club behind a load balancer, whichever server a request reaches. Two apps
// here, each with its own DATA_DIR, one database and one bucket (s3rver on loopback).

/** The same rider on the other server: the session lives in the database, so its cookie works there too. */
function sameRiderOn(t: TestApp, client: TestClient): TestClient {
  const other = new TestClient(t.app);
  for (const [name, value] of client.jar) other.jar.set(name, value);
  return other;
}

const WRITE_LIMIT = 6;

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app servers, one club (needs PostgreSQL: runs when TEST_DATABASE_URL is set)', () => {
  let bucket: TestBucket;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    bucket = await startTestBucket();
    const shared = { ...bucket.env, WRITE_LIMIT_PER_SESSION: String(WRITE_LIMIT) };
    a = await createTestApp(shared);
    b = await createTestApp({ ...shared, DATABASE_URL: a.config.databaseUrl! });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await bucket?.close();
  });

  it('runs two servers on separate DATA_DIRs', () => {
    expect(a.config.dataDir).not.toBe(b.config.dataDir);
    expect(a.config.databaseUrl).toBe(b.config.databaseUrl);
  });

  it('serves a file uploaded through A from B, byte ranges included, and keeps it off both disks', async () => {
    const rider = await buildGuest(a);
    const uploaded = await postMultipart(a, '/api/media', rider.client, [fileOf(PHOTO, 'pass.jpg')]);
    expect(uploaded.statusCode).toBe(201);
    const { url } = uploaded.json() as { url: string };

    const whole = await fetchFileAs(b, null, url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals((await fetchFileAs(a, null, url)).rawPayload)).toBe(true);
    const size = whole.rawPayload.length;
    const ranged = await fetchFileAs(b, null, url, { range: 'bytes=100-1099' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-1099/${size}`);
    expect(ranged.rawPayload.equals(whole.rawPayload.subarray(100, 1100))).toBe(true);
    const suffix = await fetchFileAs(b, null, url, { range: 'bytes=-500' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(whole.rawPayload.subarray(size - 500))).toBe(true);

    // The bytes are in the bucket, not on either server's disk.
    expect(storedFiles(a)).toEqual([]);
    expect(storedFiles(b)).toEqual([]);
    // Deleted through B, gone for A.
    expect((await sameRiderOn(b, rider.client).delete(`/api/media/${(uploaded.json() as { id: string }).id}`)).statusCode).toBe(200);
    expect((await fetchFileAs(a, null, url)).statusCode).toBe(404);
  });

  it('delivers a notification caused on A to a live stream on B', async () => {
    const owner = await buildGuest(a);
    const group = await buildGroup(owner, { name: 'Two Servers Riders' });
    const stream = await openEventStream(b.app, owner.client.cookie!);
    try {
      const rider = await buildGuest(a);
      expect((await rider.client.post(`/api/groups/${group.id}/join`)).statusCode).toBe(200);
      await expect.poll(() => stream.text(), { timeout: 10_000 }).toContain('event: notification');
      expect(stream.text()).toContain('Two Servers Riders');
    } finally {
      stream.close();
    }
  });

  it('counts the write limit of a session across both servers', async () => {
    const rider = await buildGuest(a);
    const onB = sameRiderOn(b, rider.client);
    const statuses: number[] = [];
    // Invalid writes still count (the limit is checked before the body is read): 400 each, until 429.
    for (let i = 0; i < WRITE_LIMIT + 2; i++) statuses.push((await (i % 2 === 0 ? rider.client : onB).post('/api/groups', {})).statusCode);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(WRITE_LIMIT);
    expect(statuses.slice(WRITE_LIMIT)).toEqual([429, 429]);
  });

  it('counts sign-in links per e-mail and per address across both servers', async () => {
    const email = `rider-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const perEmail: number[] = [];
    for (let i = 0; i <= MAGIC_LINKS_PER_EMAIL_PER_HOUR; i++) {
      const app = i % 2 === 0 ? a : b;
      perEmail.push((await new TestClient(app.app).post('/api/auth/magic-link', { email }, { 'x-forwarded-for': `198.51.100.${i + 1}` })).statusCode);
    }
    expect(perEmail).toEqual([...Array<number>(MAGIC_LINKS_PER_EMAIL_PER_HOUR).fill(200), 429]);

    const address = { 'x-forwarded-for': '203.0.113.9' };
    const perAddress: number[] = [];
    for (let i = 0; i <= MAGIC_LINKS_PER_IP_PER_HOUR; i++) {
      const app = i % 2 === 0 ? a : b;
      perAddress.push((await new TestClient(app.app).post('/api/auth/magic-link', { email: `r${i}-${crypto.randomBytes(3).toString('hex')}@example.com` }, address)).statusCode);
    }
    expect(perAddress).toEqual([...Array<number>(MAGIC_LINKS_PER_IP_PER_HOUR).fill(200), 429]);
  });

  it('sends a ride reminder once when the scheduler runs on both servers', async () => {
    const owner = await buildGuest(a);
    const group = await buildGroup(owner);
    const inTwoDays = new Date(Date.now() + 2.5 * 86_400_000).toISOString();
    const ride = await buildRide(owner, group.id, { name: 'Twin Server Run', startDate: inTwoDays, endDate: inTwoDays });
    const member = await buildGuest(b);
    expect((await member.client.post(`/api/groups/${group.id}/join`)).statusCode).toBe(200);
    expect((await member.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);

    const remindersJob = (t: TestApp) => housekeepingJobs(t.app.ctx).find((job) => job.name === 'ride-reminders')!;
    for (let round = 0; round < 3; round++) await Promise.all([remindersJob(a).run(), remindersJob(b).run()]);

    for (const rider of [owner, member]) {
      const notes = (await rider.client.get('/api/notifications')).json() as Array<{ type: string; message: string }>;
      expect(notes.filter((n) => n.type === 'ride_reminder')).toEqual([expect.objectContaining({ message: "Don't forget about Twin Server Run" })]);
    }
  });
  it('makes each ride of a series once when the scheduler runs on both servers', async () => {
    const owner = await buildGuest(a);
    const group = await buildGroup(owner);
    const rider = await buildGuest(b);
    expect((await rider.client.post(`/api/groups/${group.id}/join`)).statusCode).toBe(200);
    const startDate = '2026-12-06T08:00:00.000Z';
    const created = await owner.client.post('/api/rides', rideBody(group.id, { name: 'Twin Sundays', startDate, endDate: startDate, timezoneOffset: 'UTC+01:00', timezoneName: 'Rome', repeats: { rule: { frequency: 'weekly', weekdays: ['SU'] }, timezone: 'Europe/Rome' } }));
    expect(created.statusCode).toBe(201);
    const seriesId = (created.json() as Ride).series!.id;
    expect((await rider.client.post(`/api/series/${seriesId}/join`)).statusCode).toBe(200);
    // Forget how far the series got, so both servers make every day of the window at once.
    await a.app.ctx.db.updateTable('ride_series').set({ made_until: null }).where('id', '=', seriesId).execute();

    const seriesJob = (t: TestApp) => housekeepingJobs(t.app.ctx).find((job) => job.name === 'ride-series')!;
    for (let round = 0; round < 2; round++) await Promise.all([seriesJob(a).run(), seriesJob(b).run()]);

    const rides = ((await owner.client.get(`/api/series/${seriesId}`)).json() as Series).upcoming;
    expect(rides.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rides.map((r) => r.day)).size).toBe(rides.length);
    for (const ride of rides) expect(((await rider.client.get(`/api/rides/${ride.id}`)).json() as Ride).participantCount).toBe(2);
  });
  it("sweeps a ride's older picture from the shared bucket once when the job runs on both servers; the new one stays", async () => {
    const owner = await buildGuest(a);
    const group = await buildGroup(owner);
    const ride = await buildRide(owner, group.id, { name: 'Twin Pictures', startLatitude: 44.91 });
    const keysOf = async () => (await a.app.ctx.db.selectFrom('preview_pictures').select('key').where('subject_id', '=', ride.id).orderBy('checked_at').execute()).map((r) => r.key);
    // Any version's address answers today's picture, drawn and recorded by the server it reaches.
    expect((await new TestClient(a.app).get(`/og/rides/${ride.id}/any.png`)).statusCode).toBe(200);
    const [old] = await keysOf();
    expect((await owner.client.patch(`/api/rides/${ride.id}`, { startLatitude: 44.92 })).statusCode).toBe(200);
    const fresh = await new TestClient(b.app).get(`/og/rides/${ride.id}/any.png`);
    expect(fresh.statusCode).toBe(200);
    const current = (await keysOf()).find((key) => key !== old)!;
    // Both rows due now, as hours after they were recorded.
    await a.app.ctx.db.updateTable('preview_pictures').set({ checked_at: new Date(0).toISOString() }).where('subject_id', '=', ride.id).execute();

    const sweepJob = (t: TestApp) => housekeepingJobs(t.app.ctx).find((job) => job.name === 'sweep-preview-pictures')!;
    await Promise.all([sweepJob(a).run(), sweepJob(b).run()]);
    expect(await keysOf()).toEqual([current]);
    expect(await createStorage(a.config).stat(old!)).toBeNull();
    for (const t of [a, b]) expect((await new TestClient(t.app).get(`/og/rides/${ride.id}/any.png`)).rawPayload.equals(fresh.rawPayload)).toBe(true);
  });
});

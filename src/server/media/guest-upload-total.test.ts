import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { MB } from '../../shared/media/limits';
import { GUEST_UPLOAD_TOTAL_CODE, guestUploadTotalMessage, storageLimitMessage } from '../../shared/media/storage-usage';
import { createTestApp, randomIp, tokenFromMail, uniqueEmail, type TestApp, type TestClient } from '../test/test-app';
import { housekeepingJobs } from '../housekeeping';
import { buildGuest } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { expectNothingLeftBehind, fileOf, gpxOfSize, multipartBody, type Part } from './media.test-helpers';

// Guests (riders without an e-mail, one made on a browser's first visit) share one upload total
// per client address and day (GUEST_UPLOAD_MB_PER_ADDRESS_PER_DAY): before, each new guest had the
// whole guest quota again, and one address may make 1,000 guests an hour. Bug-report screenshots
// count in the rider's own storage limit and, for guests, in that total.

const ENV = { GUEST_UPLOAD_MB_PER_ADDRESS_PER_DAY: '2', MEDIA_GUEST_QUOTA_MB: '1', MEDIA_QUOTA_MB: '3' };
const t = useTestApp(ENV);

/** A multipart POST from `address` (X-Forwarded-For, which the test app trusts). */
async function postFrom(url: string, client: TestClient, address: string, parts: Part[], app: FastifyInstance = t.app): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(parts);
  return app.inject({ method: 'POST', url, headers: { 'content-type': contentType, cookie: client.cookieHeader!, 'x-forwarded-for': address }, payload });
}

const uploadGpx = (client: TestClient, address: string, bytes: number, app?: FastifyInstance) =>
  postFrom('/api/media', client, address, [{ name: 'associatedType', value: 'profile' }, fileOf(gpxOfSize(bytes), 'ride.gpx', 'application/gpx+xml')], app);

const bugReport = (client: TestClient, address: string, screenshot: Buffer) =>
  postFrom('/api/bug-reports', client, address, [
    { name: 'title', value: 'Map does not load' },
    { name: 'description', value: 'The ride map stays grey on my phone.' },
    { name: 'screenshot', filename: 'screen.png', type: 'image/png', data: screenshot },
  ]);

/** A PNG of noise, which re-encodes to about as many bytes as it has (about 0.4 MB at 380 px). */
const noisePng = (side = 380) => sharp({ create: { width: side, height: side, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();

const usedBytes = async (client: TestClient) => ((await client.get('/api/media/storage')).json() as { usedBytes: number }).usedBytes;

function expectGuestTotalRefusal(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(413);
  // Sizes as data, in bytes: the web writes them in the rider's numbers.
  expect(res.json()).toMatchObject({ message: guestUploadTotalMessage(2 * MB, 3 * MB), code: GUEST_UPLOAD_TOTAL_CODE, params: { totalBytes: 2 * MB, totalMb: 2, riderLimitBytes: 3 * MB, riderLimitMb: 3 } });
  expect(res.json().message).toBe("Guests on this network have used today's 2 MB upload allowance. Add your email address to keep uploading, up to your own 3 MB storage limit.");
}

describe('the guests of one client address share one upload total a day', () => {
  it('stops many guests from one address together at the total; a guest from another address is unaffected', async () => {
    const address = randomIp();
    for (let i = 0; i < 3; i++) {
      const guest = await buildGuest(t);
      expect((await uploadGpx(guest.client, address, 0.6 * MB)).statusCode).toBe(201);
    }
    // The fourth guest's own quota (1 MB) is untouched, but the address has 0.2 MB of its 2 MB left.
    const fourth = await buildGuest(t);
    expectGuestTotalRefusal(await expectNothingLeftBehind(t, () => uploadGpx(fourth.client, address, 0.6 * MB)));
    // A refused upload spends nothing: what is left still fits.
    expect((await uploadGpx(fourth.client, address, 0.15 * MB)).statusCode).toBe(201);
    expectGuestTotalRefusal(await uploadGpx((await buildGuest(t)).client, address, 0.1 * MB));

    const elsewhere = await buildGuest(t);
    expect((await uploadGpx(elsewhere.client, randomIp(), 0.6 * MB)).statusCode).toBe(201);
  });

  it('gives back what an upload reserved when it fails after the bytes arrived', async () => {
    const address = randomIp();
    const guest = await buildGuest(t);
    expect((await uploadGpx(guest.client, address, 0.9 * MB)).statusCode).toBe(201);
    // Not a GPX, an image or a video: refused after it was received (and counted).
    const junk = await postFrom('/api/media', (await buildGuest(t)).client, address, [{ name: 'associatedType', value: 'profile' }, fileOf(Buffer.alloc(Math.round(0.9 * MB), 'x'), 'x.gpx', 'application/gpx+xml')]);
    expect(junk.statusCode).toBe(415);
    expect((await uploadGpx((await buildGuest(t)).client, address, 0.9 * MB)).statusCode).toBe(201);
  });

  it('lifts a guest who adds an e-mail address to the rider quota, outside the address total', async () => {
    const address = randomIp();
    for (let i = 0; i < 3; i++) expect((await uploadGpx((await buildGuest(t)).client, address, 0.6 * MB)).statusCode).toBe(201);
    const guest = await buildGuest(t);
    expectGuestTotalRefusal(await uploadGpx(guest.client, address, 0.6 * MB));

    const email = uniqueEmail('lifted');
    expect((await guest.client.patch(`/api/users/${guest.user.id}`, { email })).statusCode).toBe(200);
    expect((await guest.client.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, email) })).statusCode).toBe(200);
    expect((await uploadGpx(guest.client, address, 0.6 * MB)).statusCode).toBe(201);
    // Past the guest quota of 1 MB: the rider's own 3 MB apply.
    expect((await uploadGpx(guest.client, address, 0.6 * MB)).statusCode).toBe(201);
    expect((await guest.client.get('/api/media/storage')).json()).toMatchObject({ limitBytes: 3 * MB });
  });

  it('lets uploads sent at once from one address together stay within the total', async () => {
    const address = randomIp();
    const guests = await Promise.all(Array.from({ length: 8 }, () => buildGuest(t)));
    const answers = await Promise.all(guests.map((g) => uploadGpx(g.client, address, 0.45 * MB)));
    // 2 MB holds four files of 0.45 MB, not five.
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(4);
    for (const refused of answers.filter((r) => r.statusCode !== 201)) expectGuestTotalRefusal(refused);
    const stored = await Promise.all(guests.map((g) => usedBytes(g.client)));
    expect(stored.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2 * MB);
  });
});

describe('bug-report screenshots count', () => {
  it("in the rider's own storage limit", async () => {
    const address = randomIp();
    const guest = await buildGuest(t);
    const screenshot = await noisePng();
    expect((await bugReport(guest.client, address, screenshot)).statusCode).toBe(201);
    const used = await usedBytes(guest.client);
    expect(used).toBeGreaterThan(0.3 * MB);
    // 1 MB for a guest: another GPX that fits only without the screenshot is refused.
    const res = await expectNothingLeftBehind(t, () => uploadGpx(guest.client, address, MB - used + 0.05 * MB));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(storageLimitMessage(MB));
    // And a screenshot past what is left is refused too, with the report.
    expect((await uploadGpx(guest.client, address, 0.5 * MB)).statusCode).toBe(201);
    const over = await expectNothingLeftBehind(t, () => bugReport(guest.client, address, screenshot));
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(storageLimitMessage(MB));
  });

  it("in the guests' address total", async () => {
    const address = randomIp();
    for (let i = 0; i < 3; i++) expect((await uploadGpx((await buildGuest(t)).client, address, 0.55 * MB)).statusCode).toBe(201);
    const guest = await buildGuest(t);
    const screenshot = await noisePng();
    // 0.35 MB left: the screenshot (about 0.4 MB) does not fit.
    expectGuestTotalRefusal(await expectNothingLeftBehind(t, () => bugReport(guest.client, address, screenshot)));
    const small = await noisePng(120);
    expect((await bugReport(guest.client, address, small)).statusCode).toBe(201);
    // What the small one took is gone from the total.
    const left = 2 * MB - 3 * gpxOfSize(0.55 * MB).length - (await usedBytes(guest.client));
    expectGuestTotalRefusal(await uploadGpx((await buildGuest(t)).client, address, left + 1000));
    expect((await uploadGpx((await buildGuest(t)).client, address, left - 1000)).statusCode).toBe(201);
  });
});

describe('the totals are kept in the database', () => {
  it('housekeeping removes the days before yesterday, and keeps today and yesterday (a reservation made before midnight is given back after it)', async () => {
    const day = 24 * 3600 * 1000;
    const today = Date.now() - (Date.now() % day);
    const rows = [0, 1, 2].map((daysAgo) => ({ key: `u:a:housekeeping-${daysAgo}`, window_start: new Date(today - daysAgo * day).toISOString(), bytes: 10 }));
    await t.app.ctx.db.insertInto('upload_counters').values(rows).execute();
    await housekeepingJobs(t.app.ctx).find((j) => j.name === 'remove-old-upload-counters')!.run();
    const kept = await t.app.ctx.db.selectFrom('upload_counters').select('key').where('key', 'like', 'u:a:housekeeping-%').execute();
    expect(kept.map((r) => r.key).sort()).toEqual(['u:a:housekeeping-0', 'u:a:housekeeping-1']);
  });
});

// Several app processes on one PostgreSQL database (as on several machines) share one total.
describe.runIf(process.env.TEST_DATABASE_URL)('the guest total across app processes on PostgreSQL', () => {
  it('guests of one address uploading through two processes at once together stay within the total', async () => {
    const a: TestApp = await createTestApp(ENV);
    const b: TestApp = await createTestApp({ ...ENV, DATABASE_URL: a.config.databaseUrl! });
    try {
      const address = randomIp();
      const onA = await Promise.all(Array.from({ length: 4 }, () => buildGuest(a)));
      const onB = await Promise.all(Array.from({ length: 4 }, () => buildGuest(b)));
      const answers = await Promise.all([...onA.map((g) => uploadGpx(g.client, address, 0.45 * MB, a.app)), ...onB.map((g) => uploadGpx(g.client, address, 0.45 * MB, b.app))]);
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(4);
      expect(answers.filter((r) => r.statusCode === 413)).toHaveLength(4);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

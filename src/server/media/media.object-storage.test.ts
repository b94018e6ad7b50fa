import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBugReports } from '../bug-reports/bug-reports.list';
import { createStorage } from '../platform/storage';
import { buildGuest } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { startTestBucket, type TestBucket } from '../test/test-s3';
import { fetchFile, fileOf, gpxFixture, PHOTO, postMultipart, storedFiles, syntheticMp4 } from './media.test-helpers';

// With STORAGE_URL every stored file goes to the bucket, none to DATA_DIR: photos and their
// thumbnails, videos (served in ranges), GPX tracks, bug-report screenshots; deleting an item removes
// its objects. On both engines.
let bucket: TestBucket;
let t: TestApp;
beforeAll(async () => {
  bucket = await startTestBucket();
  t = await createTestApp(bucket.env);
});
afterAll(async () => {
  await t?.close();
  await bucket?.close();
});

const keyOf = (url: string) => url.split('/').pop()!;

describe('media on STORAGE_URL (an S3-protocol bucket)', () => {
  it('stores a photo and its thumbnail in the bucket, serves them, and removes both with the item', async () => {
    const rider = await buildGuest(t);
    const res = await postMultipart(t, '/api/media', rider.client, [fileOf(PHOTO, 'pass.jpg')]);
    expect(res.statusCode).toBe(201);
    const item = res.json() as { id: string; url: string; thumbnailUrl: string };
    const storage = createStorage(t.config);
    expect(storage.locate(keyOf(item.url))).toMatch(/^s3:\/\/roadcaptain\/club\//);
    expect(await storage.stat(keyOf(item.url))).not.toBeNull();
    expect(await storage.stat(keyOf(item.thumbnailUrl))).not.toBeNull();
    expect((await fetchFile(t, item.thumbnailUrl)).statusCode).toBe(200);
    expect(storedFiles(t)).toEqual([]);

    expect((await rider.client.delete(`/api/media/${item.id}`)).statusCode).toBe(200);
    expect(await storage.stat(keyOf(item.url))).toBeNull();
    expect(await storage.stat(keyOf(item.thumbnailUrl))).toBeNull();
    expect((await fetchFile(t, item.url)).statusCode).toBe(404);
  });

  it('serves a video in byte ranges from the bucket', async () => {
    const rider = await buildGuest(t);
    const { file } = syntheticMp4(256 * 1024);
    const item = (await postMultipart(t, '/api/media', rider.client, [fileOf(file, 'ride.mp4', 'video/mp4')])).json() as { url: string };
    const whole = (await fetchFile(t, item.url)).rawPayload;
    expect(whole.length).toBe(file.length);
    const middle = await fetchFile(t, item.url, { range: 'bytes=100000-100099' });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(whole.subarray(100000, 100100))).toBe(true);
    const open = await fetchFile(t, item.url, { range: 'bytes=200000-' });
    expect(open.rawPayload.equals(whole.subarray(200000))).toBe(true);
    expect((await fetchFile(t, item.url, { range: `bytes=${file.length}-` })).statusCode).toBe(416);
  });

  it('keeps GPX tracks and the copies others get in the bucket', async () => {
    const rider = await buildGuest(t);
    const res = await postMultipart(t, '/api/media', rider.client, [fileOf(gpxFixture('gpxpy-Mojstrovka.gpx'), 'loop.gpx', 'application/gpx+xml')]);
    expect(res.statusCode).toBe(201);
    const item = res.json() as { url: string };
    expect((await fetchFile(t, item.url)).rawPayload.toString()).toContain('<gpx');
    // Others get a copy without the privacy zone, made from the original in the bucket and kept there.
    expect(await createStorage(t.config).stat(keyOf(item.url).replace(/\.gpx$/, '.others-500m.gpx'))).not.toBeNull();
    expect(storedFiles(t)).toEqual([]);
  });

  it('keeps bug-report screenshots in the bucket, where npm run bug-reports points', async () => {
    const rider = await buildGuest(t);
    const res = await postMultipart(t, '/api/bug-reports', rider.client, [
      { name: 'title', value: 'Map does not load' },
      { name: 'description', value: 'The ride map stays grey on my phone after I open a ride.' },
      { name: 'screenshot', filename: 'phone.jpg', type: 'image/jpeg', data: PHOTO },
    ]);
    expect(res.statusCode).toBe(201);
    const [listed] = await listBugReports(t.app.ctx.db, createStorage(t.config));
    expect(listed!.screenshotPath).toMatch(/^s3:\/\/roadcaptain\/club\/[a-z0-9-]+\.jpg$/);
    expect(storedFiles(t)).toEqual([]);
  });
});

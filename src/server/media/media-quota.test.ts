import fs from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MB } from '../../shared/media/limits';
import { storageLimitMessage } from '../../shared/media/storage-usage';
import { buildSignedInUser, type TestClient } from '../test/test-app';
import { buildGuest, buildRide, buildRoles } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { expectNothingLeftBehind, fetchFileAs, multipartBody, fileOf, gpxOfSize, postMultipart, rowCount, storedPathOf } from './media.test-helpers';

// Storage limits (MEDIA_QUOTA_MB, and MEDIA_GUEST_QUOTA_MB for riders without a confirmed e-mail),
// and the media of a deleted ride or group: gone at once, files included.

const t = useTestApp({ MEDIA_QUOTA_MB: '2', MEDIA_GUEST_QUOTA_MB: '1' });

const uploadGpx = (client: TestClient, bytes: Buffer, target: Record<string, string> = { associatedType: 'profile' }) =>
  postMultipart(t, '/api/media', client, [...Object.entries(target).map(([name, value]) => ({ name, value })), fileOf(bytes, 'ride.gpx', 'application/gpx+xml')]);

describe('storage limits', () => {
  it("refuses a guest's upload past 100 MB (here 1 MB) with 413 naming the limit, keeping nothing", async () => {
    const guest = await buildGuest(t);
    const first = gpxOfSize(0.6 * MB);
    expect((await uploadGpx(guest.client, first)).statusCode).toBe(201);
    const res = await expectNothingLeftBehind(t, () => uploadGpx(guest.client, gpxOfSize(0.6 * MB)));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Your uploads would exceed your 1 MB storage limit');
    expect(res.json()).toMatchObject({ code: 'storage_limit_exceeded', params: { limitBytes: MB, limitMb: 1 } });
    // What still fits is accepted.
    expect((await uploadGpx(guest.client, gpxOfSize(0.3 * MB))).statusCode).toBe(201);
  });

  it('gives a rider with a confirmed e-mail the larger limit, and names it', async () => {
    const rider = await buildSignedInUser(t);
    expect((await uploadGpx(rider.client, gpxOfSize(1.2 * MB))).statusCode).toBe(201);
    const res = await expectNothingLeftBehind(t, () => uploadGpx(rider.client, gpxOfSize(0.9 * MB)));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(storageLimitMessage(2 * MB));
    expect(res.json().message).toBe('Your uploads would exceed your 2 MB storage limit');
  });

  it('refuses by the declared size before reading the file, and by the real size when the declaration understates it', async () => {
    const guest = await buildGuest(t);
    const big = gpxOfSize(1.5 * MB);
    const declared = await expectNothingLeftBehind(t, () => uploadGpx(guest.client, big));
    expect(declared.statusCode).toBe(413);
    expect(declared.json().message).toBe(storageLimitMessage(MB));
    // Chunked (no Content-Length): the file is cut off at the room left while it streams.
    const { payload, contentType } = multipartBody([{ name: 'associatedType', value: 'profile' }, fileOf(big, 'ride.gpx', 'application/gpx+xml')]);
    const streamed = await expectNothingLeftBehind(t, () =>
      t.app.inject({ method: 'POST', url: '/api/media', headers: { 'content-type': contentType, 'transfer-encoding': 'chunked', cookie: guest.client.cookie! }, payload: streamOf(payload) }),
    );
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().message).toBe(storageLimitMessage(MB));
  });

  it('lets only one of two racing uploads through when each fits alone but both do not', async () => {
    const guest = await buildGuest(t);
    const answers = await Promise.all([uploadGpx(guest.client, gpxOfSize(0.6 * MB)), uploadGpx(guest.client, gpxOfSize(0.6 * MB))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 413]);
    const usage = (await guest.client.get('/api/media/storage')).json() as { usedBytes: number; limitBytes: number };
    expect(usage.usedBytes).toBeLessThanOrEqual(usage.limitBytes);
  });

  it('tells the rider what they use of their limit; anonymous visitors have no storage', async () => {
    const guest = await buildGuest(t);
    const before = (await guest.client.get('/api/media/storage')).json();
    expect(before).toEqual({ usedBytes: 0, limitBytes: MB });
    const file = gpxOfSize(0.25 * MB);
    await uploadGpx(guest.client, file);
    expect((await guest.client.get('/api/media/storage')).json()).toEqual({ usedBytes: file.length, limitBytes: MB });
    const rider = await buildSignedInUser(t);
    expect((await rider.client.get('/api/media/storage')).json()).toEqual({ usedBytes: 0, limitBytes: 2 * MB });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/media/storage' });
    expect(anonymous.statusCode).toBe(401);
  });
});

/** A body without a length, sent in 64 KB pieces. */
function streamOf(buffer: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < buffer.length; i += 64 * 1024) yield buffer.subarray(i, i + 64 * 1024);
    })(),
  );
}

describe('deleting a ride or a group takes its media at once', () => {
  async function mediaOf(client: TestClient, target: Record<string, string>) {
    const res = await uploadGpx(client, gpxOfSize(20_000), target);
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; url: string };
  }

  const gone = async (client: TestClient, item: { id: string; url: string }) => {
    expect((await client.get(`/api/media/${item.id}`)).statusCode).toBe(404);
    expect((await fetchFileAs(t, client, item.url)).statusCode).toBe(404);
    expect(fs.existsSync(storedPathOf(t, item.url))).toBe(false);
  };

  it('a deleted ride: its media are not served and their files are gone, before any sweep', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    const item = await mediaOf(r.owner.client, { associatedType: 'ride', associatedId: ride.id });
    const kept = await mediaOf(r.member.client, { associatedType: 'group', associatedId: r.group.id });
    expect(fs.existsSync(storedPathOf(t, item.url))).toBe(true);
    const filesBefore = await rowCount(t, 'media_files');
    expect((await r.owner.client.delete(`/api/rides/${ride.id}`)).statusCode).toBe(200);
    await gone(r.owner.client, item);
    expect(await rowCount(t, 'media_files')).toBe(filesBefore - 1);
    // The group's own media stay.
    expect((await r.member.client.get(`/api/media/${kept.id}`)).statusCode).toBe(200);
  });

  it("a deleted group: its gallery and its rides' media are not served and their files are gone", async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    const rideItem = await mediaOf(r.owner.client, { associatedType: 'ride', associatedId: ride.id });
    const groupItem = await mediaOf(r.member.client, { associatedType: 'group', associatedId: r.group.id });
    // Others' copies of a GPX (privacy zones) go too.
    expect((await fetchFileAs(t, r.outsider.client, rideItem.url)).statusCode).toBe(200);
    const unrelated = await mediaOf(r.member.client, { associatedType: 'profile' });
    const filesBefore = await rowCount(t, 'media_files');
    expect((await r.owner.client.delete(`/api/groups/${r.group.id}`)).statusCode).toBe(200);
    await gone(r.owner.client, rideItem);
    await gone(r.member.client, groupItem);
    expect(await rowCount(t, 'media_files')).toBe(filesBefore - 3);
    expect((await r.member.client.get(`/api/media/${unrelated.id}`)).statusCode).toBe(200);
    // The files no longer count against the uploaders' limits.
    expect((await r.member.client.get('/api/media/storage')).json().usedBytes).toBe(fs.statSync(storedPathOf(t, unrelated.url)).size);
  });
});

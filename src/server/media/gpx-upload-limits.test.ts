import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gpxTooManyPointsMessage } from '../../shared/gpx/gpx';
import { GPX_MAX_POINTS } from '../../shared/media/limits';
import { buildSignedInUser, createTestApp, type TestApp } from '../test/test-app';
import { gpxFilesBeingRead } from './media.gpx';
import { expectNothingLeftBehind, fileOf, postMultipart } from './media.test-helpers';

// The largest GPX a rider may upload is read off the request thread: other requests are answered
// while it is read; one point more is refused, naming the limit, and nothing of it is kept.

let t: TestApp;
let rider: Awaited<ReturnType<typeof buildSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  rider = await buildSignedInUser(t);
});
afterAll(async () => t.close());

/** A GPX track of `count` points (a long day of one-second fixes, with elevations and times). */
function longTrack(count: number): Buffer {
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="test"><trk><name>All day</name><trkseg>'];
  const start = Date.UTC(2026, 5, 1, 5);
  for (let i = 0; i < count; i++) {
    lines.push(`<trkpt lat="${(44 + i * 0.00001).toFixed(6)}" lon="${(11 + Math.sin(i / 900) * 0.05).toFixed(6)}"><ele>${200 + (i % 300)}</ele><time>${new Date(start + i * 1000).toISOString()}</time></trkpt>`);
  }
  lines.push('</trkseg></trk></gpx>');
  return Buffer.from(lines.join('\n'));
}

const uploadGpx = (bytes: Buffer) => postMultipart(t, '/api/media', rider.client, [{ name: 'associatedType', value: 'profile' }, fileOf(bytes, 'all-day.gpx', 'application/gpx+xml')]);

describe('GPX uploads at the point limit', () => {
  it('answers other requests while the largest accepted GPX is read', async () => {
    const uploading = uploadGpx(longTrack(GPX_MAX_POINTS));
    let uploadDone = false;
    void uploading.then(() => {
      uploadDone = true;
    });
    // Once the worker thread is reading the file, the request thread still answers.
    await vi.waitFor(() => expect(gpxFilesBeingRead()).toBe(1), { timeout: 60_000, interval: 5 });
    const answers = await Promise.all([rider.client.get('/api/users/current'), rider.client.get(`/api/media?userId=${rider.user.id}`)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(gpxFilesBeingRead()).toBe(1);
    expect(uploadDone).toBe(false);

    const res = await uploading;
    expect(res.statusCode).toBe(201);
    expect(res.json().gpx.summary.pointCount).toBe(GPX_MAX_POINTS);
    expect(gpxFilesBeingRead()).toBe(0);
  });

  it('refuses one point more with a 400 naming the limit, keeping nothing', async () => {
    const res = await expectNothingLeftBehind(t, () => uploadGpx(longTrack(GPX_MAX_POINTS + 1)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(gpxTooManyPointsMessage(GPX_MAX_POINTS));
    expect(res.json().message).toContain('200,000');
  });
});

import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { distanceKm } from '../../shared/geo/coordinates';
import { parseGpx } from '../../shared/gpx/gpx';
import { type TestClient } from '../test/test-app';
import { buildRide, buildRoles } from '../test/factories';
import { fetchFileAs, fileOf, postMultipart, storedPathOf } from './media.test-helpers';
import { useTestApp } from '../test/use-test-app';

// Privacy zones: a GPX goes to anyone but its uploader without its first and last stretch
// (the rider's preference, 500 m unless changed) and without times, as a file, as map data and in
// the summary of lists; the uploader gets what they uploaded.

const t = useTestApp();

const HOME = { lat: 44.5, lon: 11.3 };
const metresFromHome = (p: { lat: number; lon: number }) => distanceKm(HOME, p) * 1000;

/** A 6 km ride out of the driveway and back, a fix every 20 m, with times and a waypoint at home. */
function homeRideGpx(): Buffer {
  const stepDeg = 20 / 111_195;
  const out = Array.from({ length: 150 }, (_, i) => HOME.lat + i * stepDeg);
  const lats = [...out, ...[...out].reverse()];
  const points = lats.map((lat, i) => `<trkpt lat="${lat.toFixed(7)}" lon="${HOME.lon}"><ele>120</ele><time>${new Date(Date.UTC(2026, 4, 3, 7) + i * 5000).toISOString()}</time></trkpt>`).join('\n');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Garmin" xmlns="http://www.topografix.com/GPX/1/1"><metadata><name>Morning loop</name><time>2026-05-03T07:00:00Z</time></metadata>` +
      `<wpt lat="${HOME.lat}" lon="${HOME.lon}"><name>Home</name></wpt><trk><name>Morning loop</name><trkseg>${points}</trkseg></trk></gpx>`,
  );
}

const upload = (client: TestClient, associatedType: string, associatedId: string, bytes = homeRideGpx()) =>
  postMultipart(t, '/api/media', client, [
    { name: 'associatedType', value: associatedType },
    { name: 'associatedId', value: associatedId },
    fileOf(bytes, 'morning-loop.gpx', 'application/gpx+xml'),
  ]);

async function world() {
  const r = await buildRoles(t);
  const ride = await buildRide(r.owner, r.group.id);
  // The group owner shares the ride's GPX (anyone may see a ride's media); a member shares one with the group.
  const rideGpx = (await upload(r.owner.client, 'ride', ride.id)).json() as { id: string; url: string };
  const groupGpx = (await upload(r.member.client, 'group', r.group.id)).json() as { id: string; url: string };
  return { ...r, ride, rideGpx, groupGpx };
}
let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
});

async function downloaded(client: TestClient | null, url: string) {
  const res = await fetchFileAs(t, client, url);
  expect(res.statusCode).toBe(200);
  return { res, text: res.body, data: parseGpx(res.body) };
}

const trackPoints = (data: ReturnType<typeof parseGpx>) => data.tracks.flatMap((tr) => tr.points);

describe('a GPX downloaded by others', () => {
  it.each(['anonymous', 'outsider', 'guest', 'member'] as const)('reaches the %s trimmed 500 m at both ends and without times (ride GPX)', async (role) => {
    const client = role === 'anonymous' ? null : w[role].client;
    const { res, text, data } = await downloaded(client, w.rideGpx.url);
    expect(text).not.toContain('<time>');
    const points = trackPoints(data);
    expect(points.length).toBeGreaterThan(200);
    expect(Math.min(...points.map(metresFromHome))).toBeGreaterThanOrEqual(500);
    expect(data.waypoints).toEqual([]);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="morning-loop.gpx"/);
  });

  it('reaches the group owner trimmed when a member uploaded it', async () => {
    const { text, data } = await downloaded(w.owner.client, w.groupGpx.url);
    expect(text).not.toContain('<time>');
    expect(Math.min(...trackPoints(data).map(metresFromHome))).toBeGreaterThanOrEqual(500);
  });

  it('reaches the uploader exactly as uploaded', async () => {
    const { res } = await downloaded(w.owner.client, w.rideGpx.url);
    expect(res.rawPayload.equals(homeRideGpx())).toBe(true);
    const own = await downloaded(w.member.client, w.groupGpx.url);
    expect(own.res.rawPayload.equals(homeRideGpx())).toBe(true);
    expect(own.res.headers['cache-control']).toBe('private, no-cache');
  });

  it('still hides a group GPX from outsiders and anonymous visitors', async () => {
    expect((await fetchFileAs(t, null, w.groupGpx.url)).statusCode).toBe(404);
    expect((await fetchFileAs(t, w.outsider.client, w.groupGpx.url)).statusCode).toBe(404);
  });
});

describe('what the API says of a GPX to others', () => {
  it('draws the map without the zones and without times for others, whole for the uploader', async () => {
    const others = (await w.outsider.client.get(`/api/media/${w.rideGpx.id}/gpx`)).json() as ReturnType<typeof parseGpx>;
    expect(Math.min(...trackPoints(others).map(metresFromHome))).toBeGreaterThanOrEqual(500);
    expect(trackPoints(others).every((p) => p.time === null)).toBe(true);
    expect(others.summary.startTime).toBeNull();
    const anonymous = await fetchFileAs(t, null, `/api/media/${w.rideGpx.id}/gpx`);
    expect(Math.min(...trackPoints(anonymous.json()).map(metresFromHome))).toBeGreaterThanOrEqual(500);
    const own = (await w.owner.client.get(`/api/media/${w.rideGpx.id}/gpx`)).json() as ReturnType<typeof parseGpx>;
    expect(metresFromHome(trackPoints(own)[0]!)).toBeLessThan(1);
    expect(trackPoints(own)[0]!.time).toBe('2026-05-03T07:00:00.000Z');
  });

  it('lists the item with trimmed bounds and no start or end time for others', async () => {
    const list = (await w.outsider.client.get(`/api/media?associatedType=ride&associatedId=${w.ride.id}`)).json() as Array<{ id: string; gpx: { bounds: { minLat: number }; summary: { startTime: string | null; endTime: string | null } } }>;
    const item = list.find((i) => i.id === w.rideGpx.id)!;
    expect(item.gpx.summary.startTime).toBeNull();
    expect(item.gpx.summary.endTime).toBeNull();
    expect(metresFromHome({ lat: item.gpx.bounds.minLat, lon: HOME.lon })).toBeGreaterThanOrEqual(500);
    const own = (await w.owner.client.get(`/api/media/${w.rideGpx.id}`)).json() as { gpx: { bounds: { minLat: number }; summary: { startTime: string } } };
    expect(own.gpx.bounds.minLat).toBeCloseTo(HOME.lat, 6);
    expect(own.gpx.summary.startTime).toBe('2026-05-03T07:00:00.000Z');
  });
});

describe("the uploader's privacy zone preference", () => {
  const setZone = async (zone: string) => {
    const res = await w.owner.client.patch(`/api/users/${w.owner.user.id}`, { gpxPrivacyZone: zone });
    expect(res.statusCode).toBe(200);
    expect(res.json().user?.gpxPrivacyZone ?? res.json().gpxPrivacyZone).toBe(zone);
  };

  it('is 500 m until the rider changes it, and refuses anything but the four choices', async () => {
    const me = (await w.owner.client.get('/api/users/current')).json();
    expect(me.gpxPrivacyZone).toBe('500m');
    const bad = await w.owner.client.patch(`/api/users/${w.owner.user.id}`, { gpxPrivacyZone: '5km' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
  });

  it('changes what others get at once: 1 km, then none (every point, still no times)', async () => {
    await setZone('1km');
    const wide = await downloaded(w.outsider.client, w.rideGpx.url);
    expect(Math.min(...trackPoints(wide.data).map(metresFromHome))).toBeGreaterThanOrEqual(1000);
    const drawn = (await w.outsider.client.get(`/api/media/${w.rideGpx.id}/gpx`)).json() as ReturnType<typeof parseGpx>;
    expect(Math.min(...trackPoints(drawn).map(metresFromHome))).toBeGreaterThanOrEqual(1000);

    await setZone('none');
    const none = await downloaded(null, w.rideGpx.url);
    expect(trackPoints(none.data)).toHaveLength(300);
    expect(none.text).not.toContain('<time>');
    expect(none.data.waypoints.map((p) => p.name)).toEqual(['Home']);
    expect(wide.res.headers.etag).not.toBe(none.res.headers.etag);

    await setZone('200m');
    const narrow = await downloaded(w.anonymous, w.rideGpx.url);
    const nearest = Math.min(...trackPoints(narrow.data).map(metresFromHome));
    expect(nearest).toBeGreaterThanOrEqual(200);
    expect(nearest).toBeLessThan(500);
    await setZone('500m');
  });
});

describe('deleting a GPX', () => {
  it("removes others' trimmed copies with the original", async () => {
    const ride = await buildRide(w.owner, w.group.id);
    const item = (await upload(w.owner.client, 'ride', ride.id)).json() as { id: string; url: string };
    await downloaded(null, item.url);
    const keys = async () => (await t.app.ctx.db.selectFrom('media_files').select('key').where('media_id', '=', item.id).execute()).map((r) => r.key);
    const stored = await keys();
    expect(stored).toHaveLength(2);
    expect((await w.owner.client.delete(`/api/media/${item.id}`)).statusCode).toBe(200);
    expect(await keys()).toEqual([]);
    for (const key of stored) expect(fs.existsSync(storedPathOf(t, `/media/files/${key}`))).toBe(false);
  });
});

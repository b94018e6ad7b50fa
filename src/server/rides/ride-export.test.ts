import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { buildRide, buildRoles } from '../test/factories';
import { parseGpx } from '../../shared/gpx/gpx';
import { distanceKm } from '../../shared/geo/coordinates';
import { fileOf, postMultipart } from '../media/media.test-helpers';
import { GARMIN_GPXX_NS, GARMIN_TRP_NS, ITN_COMPACT_MAX_LINES, ITN_MAX_LINES } from './navigator-files';

// A fake OSRM router on loopback: the road between each pair of asked points is `perLeg` points
// on a gentle curve, so a routed ride has as many road points as a test wants; its distance is the
// length of that road, as a real router's is.
let perLeg = 20;
const router = http.createServer((req, res) => {
  const match = /\/route\/v1\/driving\/([^?]+)/.exec(req.url ?? '');
  const asked = match![1]!.split(';').map((pair) => pair.split(',').map(Number) as [number, number]);
  const coordinates: Array<[number, number]> = [asked[0]!];
  for (let leg = 0; leg + 1 < asked.length; leg++) {
    const [lon0, lat0] = asked[leg]!;
    const [lon1, lat1] = asked[leg + 1]!;
    for (let i = 1; i <= perLeg; i++) {
      const f = i / perLeg;
      const bend = i === perLeg ? 0 : Math.sin(f * Math.PI * 6) * 0.01;
      coordinates.push([lon0 + (lon1 - lon0) * f + bend, lat0 + (lat1 - lat0) * f]);
    }
  }
  let metres = 0;
  for (let i = 1; i < coordinates.length; i++) metres += distanceKm({ lat: coordinates[i - 1]![1], lon: coordinates[i - 1]![0] }, { lat: coordinates[i]![1], lon: coordinates[i]![0] }) * 1000;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ code: 'Ok', routes: [{ distance: metres, geometry: { coordinates } }] }));
});

let t: TestApp;
let routed: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
  t = await createTestApp();
  routed = await createTestApp({ ROUTER_URL: `http://127.0.0.1:${(router.address() as AddressInfo).port}` });
});
afterAll(async () => {
  await t.close();
  await routed.close();
  await new Promise<void>((resolve) => router.close(() => resolve()));
});

const waypoints = [
  { name: 'Modena <Caffè & "Moto">', latitude: 44.6471, longitude: 10.9252 },
  { name: 'Только текст', latitude: null, longitude: null },
  { name: '東京 | ライダーズ\nstop', latitude: 44.7, longitude: 10.6 },
];

/** Per route point: whether it is a trip's via point (a stop) or a shaping point, and how many road points (gpxx:rpt) it carries; read with a namespace-aware XML parser. */
function routePoints(xml: string): Array<{ kind: 'via' | 'shaping' | 'plain'; road: number }> {
  const parser = new SaxesParser({ xmlns: true });
  const points: Array<{ kind: 'via' | 'shaping' | 'plain'; road: number }> = [];
  parser.on('opentag', (tag) => {
    if (tag.local === 'rtept') points.push({ kind: 'plain', road: 0 });
    if (tag.local === 'rpt' && tag.uri === GARMIN_GPXX_NS) points[points.length - 1]!.road += 1;
    if (tag.local === 'ViaPoint' && tag.uri === GARMIN_TRP_NS) points[points.length - 1]!.kind = 'via';
    if (tag.local === 'ShapingPoint' && tag.uri === GARMIN_TRP_NS) points[points.length - 1]!.kind = 'shaping';
  });
  parser.write(xml).close();
  return points;
}

describe('GET /api/rides/{id}/export?format=gpx', () => {
  it('without a router: route points are the placed stops, named; the track is straight lines; no shaping points', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id, { name: 'Colli & Passi <Emilia>', waypoints });
    const res = await r.member.client.get(`/api/rides/${ride.id}/export?format=gpx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/gpx\+xml/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${ride.slug}.gpx"`);
    const gpx = parseGpx(res.body);
    const names = ['Bologna, Emilia-Romagna, Italy', 'Modena <Caffè & "Moto">', '東京 | ライダーズ\nstop', 'Parma, Emilia-Romagna, Italy'];
    expect(gpx.name).toBe('Colli & Passi <Emilia>');
    expect(gpx.routes).toHaveLength(1);
    expect(gpx.routes[0]!.points.map((p) => [p.lat, p.lon])).toEqual([[44.4949, 11.3426], [44.6471, 10.9252], [44.7, 10.6], [44.8015, 10.328]]);
    expect(gpx.waypoints.map((w) => w.name)).toEqual(names);
    expect(gpx.tracks[0]!.points.map((p) => [p.lat, p.lon])).toEqual([[44.4949, 11.3426], [44.6471, 10.9252], [44.7, 10.6], [44.8015, 10.328]]);
    expect(routePoints(res.body)).toEqual([0, 0, 0, 0].map((road) => ({ kind: 'via', road })));
    // The stop kept as text only is named in the description, not placed anywhere.
    expect(res.body).toContain('Stops not on the map (left out of the route): Только текст');
  });

  it('with a router: each stop a via point, shaping points between, every route point carrying the road to the next, and the track is that road', async () => {
    perLeg = 20;
    const r = await buildRoles(routed);
    const ride = await buildRide(r.owner, r.group.id, { waypoints });
    const res = await r.member.client.get(`/api/rides/${ride.id}/export?format=gpx`);
    const gpx = parseGpx(res.body);
    const points = routePoints(res.body);
    expect(points.filter((p) => p.kind === 'via')).toHaveLength(4);
    expect(points.every((p) => p.kind !== 'plain')).toBe(true);
    expect(points[0]!.kind).toBe('via');
    expect(points[points.length - 1]).toEqual({ kind: 'via', road: 0 });
    // The road (3 legs of 20 points, thinned within 5 m): each of its points is a route point or a road point of one, as in the track.
    expect(points.length + points.reduce((sum, p) => sum + p.road, 0)).toBe(gpx.tracks[0]!.points.length);
    expect(gpx.tracks[0]!.points.length).toBeGreaterThan(40);
    expect(gpx.routes[0]!.points.length).toBe(points.length);
    expect(gpx.tracks[0]!.points[0]).toMatchObject({ lat: 44.4949, lon: 11.3426 });
    expect(gpx.tracks[0]!.points.at(-1)).toMatchObject({ lat: 44.8015, lon: 10.328 });
  });

  it('round-trips: the exported file uploaded to a ride shows the same stops and road', async () => {
    perLeg = 20;
    const r = await buildRoles(routed);
    const ride = await buildRide(r.owner, r.group.id, { waypoints });
    const exported = (await r.owner.client.get(`/api/rides/${ride.id}/export?format=gpx`)).body;
    const other = await buildRide(r.owner, r.group.id);
    const upload = await postMultipart(routed, '/api/media', r.owner.client, [
      { name: 'associatedType', value: 'ride' },
      { name: 'associatedId', value: other.id },
      fileOf(Buffer.from(exported), `${ride.slug}.gpx`, 'application/gpx+xml'),
    ]);
    expect(upload.statusCode).toBe(201);
    const shown = (await r.owner.client.get(`/api/media/${upload.json().id}/gpx`)).json();
    const original = parseGpx(exported);
    expect(shown.routes[0].points.map((p: { lat: number; lon: number }) => [p.lat, p.lon])).toEqual(original.routes[0]!.points.map((p) => [p.lat, p.lon]));
    expect(shown.tracks[0].points.map((p: { lat: number; lon: number }) => [p.lat, p.lon])).toEqual(original.tracks[0]!.points.map((p) => [p.lat, p.lon]));
    expect(shown.waypoints.map((w: { name: string }) => w.name)).toEqual(original.waypoints.map((w) => w.name));
    // The file's road measures the ride's distance (its route of stops is the plan of that road, not a second road).
    expect(Math.abs(shown.summary.distanceKm - ride.totalDistanceKm!) / ride.totalDistanceKm!).toBeLessThan(0.01);
  });

  it('is for whoever may see the ride: every role reads it; an unknown ride is 404, an unknown format 400', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    for (const client of [r.anonymous, r.guest.client, r.outsider.client, r.pending.client, r.member.client, r.owner.client]) {
      const page = await client.get(`/api/rides/${ride.id}`);
      const file = await client.get(`/api/rides/${ride.id}/export?format=gpx`);
      expect(file.statusCode).toBe(page.statusCode);
    }
    expect((await r.member.client.get(`/api/rides/${ride.id}/export?format=gpx`)).statusCode).toBe(200);
    const missing = await r.member.client.get('/api/rides/no-such-ride/export?format=gpx');
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Ride not found']);
    const bad = await r.member.client.get(`/api/rides/${ride.id}/export?format=kml`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('format must be gpx, itn or itn-compact');
    expect((await r.member.client.get(`/api/rides/${ride.id}/export`)).statusCode).toBe(400);
  });

  it('refuses a ride with fewer than two stops on the map with a 409 saying why', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id, { startLatitude: null, startLongitude: null });
    for (const format of ['gpx', 'itn']) {
      const res = await r.member.client.get(`/api/rides/${ride.id}/export?format=${format}`);
      expect([res.statusCode, res.json().message]).toEqual([409, 'This ride needs at least two stops on the map to be sent to a navigator']);
    }
  });
});

describe('GET /api/rides/{id}/export?format=itn', () => {
  const linesOf = (body: Buffer) => body.toString('latin1').split('\r\n').filter(Boolean);

  it('without a router: one line per placed stop, departure 4, stop-overs and destination 2, names cleaned', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id, { waypoints });
    const res = await r.member.client.get(`/api/rides/${ride.id}/export?format=itn`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${ride.slug}.itn"`);
    expect(res.headers['content-type']).toBe('text/plain; charset=windows-1252');
    expect(linesOf(res.rawPayload)).toEqual([
      '1134260|4449490|Bologna, Emilia-Romagna, Italy|4|',
      // Windows-1252: "è" is one byte; other scripts are transliterated; "|" and line breaks become spaces.
      '1092520|4464710|Modena <Caffè & "Moto">|2|',
      expect.stringMatching(/^1060000\|4470000\|[\x20-\x7e]+ stop\|2\|$/),
      '1032800|4480150|Parma, Emilia-Romagna, Italy|2|',
    ]);
    expect(res.rawPayload.includes(Buffer.from([0xe8]))).toBe(true);
  });

  it('a 500-point routed ride fits in 255 lines with every stop kept in order', async () => {
    perLeg = 170;
    const r = await buildRoles(routed);
    // Stops of their own, so the road is asked afresh rather than read from the route cache.
    const ride = await buildRide(r.owner, r.group.id, { waypoints: [{ name: 'Sassuolo', latitude: 44.55, longitude: 10.78 }, { name: 'Reggio', latitude: 44.7, longitude: 10.63 }] });
    const lines = linesOf((await r.member.client.get(`/api/rides/${ride.id}/export?format=itn`)).rawPayload);
    expect(lines.length).toBeLessThanOrEqual(ITN_MAX_LINES);
    expect(lines.length).toBeGreaterThan(200);
    const types = lines.map((line) => line.split('|')[3]);
    expect(types[0]).toBe('4');
    expect(types[types.length - 1]).toBe('2');
    expect(lines.filter((line) => line.endsWith('|2|') || line.endsWith('|4|')).map((line) => line.split('|').slice(0, 2).join('|'))).toEqual([
      '1134260|4449490',
      '1078000|4455000',
      '1063000|4470000',
      '1032800|4480150',
    ]);
    expect(types.filter((type) => type === '0').length).toBe(lines.length - 4);
  });

  it('itn-compact, for older TomTom devices and Riders: at most 48 lines, every stop kept in order, the road between', async () => {
    perLeg = 170;
    const r = await buildRoles(routed);
    const ride = await buildRide(r.owner, r.group.id, { waypoints: [{ name: 'Sassuolo', latitude: 44.55, longitude: 10.78 }, { name: 'Scandiano', latitude: 44.6, longitude: 10.69 }] });
    const res = await r.member.client.get(`/api/rides/${ride.id}/export?format=itn-compact`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=windows-1252');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${ride.slug}-older-tomtom.itn"`);
    const lines = linesOf(res.rawPayload);
    expect(lines.length).toBeLessThanOrEqual(ITN_COMPACT_MAX_LINES);
    expect(ITN_COMPACT_MAX_LINES).toBe(48);
    expect(lines.length).toBeGreaterThan(40);
    expect(lines.filter((line) => !line.endsWith('|0|')).map((line) => line.split('|').slice(0, 2).join('|'))).toEqual(['1134260|4449490', '1078000|4455000', '1069000|4460000', '1032800|4480150']);
    expect(lines[0]!.endsWith('|4|')).toBe(true);
    // The full file is longer: the compact one is its own file.
    expect(linesOf((await r.member.client.get(`/api/rides/${ride.id}/export?format=itn`)).rawPayload).length).toBeGreaterThan(200);
  });
});

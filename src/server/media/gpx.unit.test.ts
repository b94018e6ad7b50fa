// The shared GPX reader (src/shared/gpx) against every fixture; here because reading files needs node:fs.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { threadId } from 'node:worker_threads';
import { createGpxParser, gpxProblem, gpxTooManyPointsMessage, parseGpx, parseGpxDetailed, GPX_MESSAGES } from '../../shared/gpx/gpx';
import { GPX_MAX_POINTS } from '../../shared/media/limits';
import { parseGpxFile } from './media.gpx';
import { simplifyIndices } from '../../shared/gpx/simplify';

const FIXTURES = path.resolve('test-data/fixtures/gpx');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

const gpx = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">${body}</gpx>`;

describe('parseGpx: the shared fixtures', () => {
  // name of file -> [tracks (name, points), routes (name, points), waypoints, rounded distance km]
  const expected: Record<string, { tracks: Array<[string | null, number]>; routes: Array<[string | null, number]>; waypoints: number; km: number }> = {
    'gpxpy-Mojstrovka.gpx': { tracks: [[null, 184]], routes: [], waypoints: 0, km: 2.7 },
    'gpxpy-around-visnjan-with-car.gpx': { tracks: [['2020-12-18 07:24:29', 104]], routes: [], waypoints: 0, km: 2.73 },
    'gpxpy-cerknicko-without-times.gpx': {
      tracks: [['ACTIVE LOG', 0], ['ACTIVE LOG #2', 173], ['ACTIVE LOG #3', 52], ['ACTIVE LOG #4', 2], ['ACTIVE LOG #5', 44], ['ACTIVE LOG #6', 2], ['ACTIVE LOG #7', 2], ['ACTIVE LOG #8', 21]],
      routes: [],
      waypoints: 7,
      km: 4.58,
    },
    'gpxpy-gpx1.0_with_all_fields.gpx': { tracks: [['example name t', 1], [null, 0]], routes: [['example name', 3], ['second route', 2]], waypoints: 2, km: 466.72 },
    'gpxpy-gpx_with_garmin_extension.gpx': { tracks: [], routes: [], waypoints: 1, km: 0 },
    // BaseCamp's route and track of one 4.38 km road: the track is counted, once.
    'gpsbabel-basecamp.gpx': { tracks: [['Hwy 119 to Hwy 72', 2]], routes: [['Hwy 119 to Hwy 72', 2]], waypoints: 2, km: 4.38 },
    'gpxpy-route.gpx': { tracks: [], routes: [[null, 55]], waypoints: 0, km: 6.68 },
    'gpxpy-track-with-empty-segment.gpx': { tracks: [['2013-07-06T14:59:00Z', 9]], routes: [], waypoints: 0, km: 0.09 },
    'gpxpy-unicode_with_bom.gpx': { tracks: [], routes: [], waypoints: 1, km: 0 },
    'togeojson-blue_hills.gpx': { tracks: [['BIG LOOP', 309], ['BUCK HILL', 498], ['SHORT LOOP', 436]], routes: [], waypoints: 46, km: 51.9 },
    'togeojson-multitrackgpx.gpx': { tracks: [['Tag 1', 38], ['Tag 2', 65], ['Tag 3', 14]], routes: [], waypoints: 0, km: 1.74 },
    'togeojson-osm.gpx': { tracks: [['dc.zip', 60], ['GPS_20090913_001033.gpx', 115], [null, 245]], routes: [], waypoints: 0, km: 9.53 },
    'togeojson-strava.gpx': { tracks: [["120' moderate and hard", 3]], routes: [], waypoints: 0, km: 7.47 },
    'togeojson-wpt.gpx': { tracks: [], routes: [], waypoints: 40, km: 0 },
  };

  it('covers every fixture file', () => {
    const covered = [...Object.keys(expected), 'togeojson-bad.gpx', 'togeojson-empty_trk.gpx'].sort();
    expect(fs.readdirSync(FIXTURES).sort()).toEqual(covered);
  });

  it.each(Object.entries(expected))('%s parses to the tracks, routes and waypoints it holds', (file, want) => {
    const result = parseGpxDetailed(fixture(file));
    const { data } = result;
    expect(data.tracks.map((t) => [t.name, t.points.length])).toEqual(want.tracks);
    expect(data.routes.map((r) => [r.name, r.points.length])).toEqual(want.routes);
    expect(data.waypoints).toHaveLength(want.waypoints);
    expect(data.summary.distanceKm).toBeCloseTo(want.km, 1);
    expect(data.summary.pointCount).toBe([...want.tracks, ...want.routes].reduce((sum, [, n]) => sum + n, 0));
    expect(result.droppedPoints).toBe(0);
    expect(gpxProblem(result)).toBeNull();
    // Every point lies inside the bounds.
    const all = [...data.tracks, ...data.routes].flatMap((p) => p.points).concat(data.waypoints);
    for (const p of all) {
      expect(p.lat).toBeGreaterThanOrEqual(data.bounds!.minLat);
      expect(p.lat).toBeLessThanOrEqual(data.bounds!.maxLat);
      expect(p.lon).toBeGreaterThanOrEqual(data.bounds!.minLon);
      expect(p.lon).toBeLessThanOrEqual(data.bounds!.maxLon);
    }
  });

  it('reads names, elevations and times (a time without a zone is UTC)', () => {
    const data = parseGpx(fixture('gpxpy-gpx1.0_with_all_fields.gpx'));
    expect(data.name).toBe('example name');
    expect(data.waypoints[0]).toEqual({ lat: 12.3, lon: 45.6, ele: 75.1, time: '2013-01-02T02:03:00.000Z', name: 'example name' });
    expect(data.waypoints[1]).toEqual({ lat: 13.4, lon: 46.7, ele: null, time: null, name: null });
    const blue = parseGpx(fixture('togeojson-blue_hills.gpx'));
    expect(blue.name).toBe('Blue Hills Reservation');
    expect(blue.tracks[0]!.points[0]).toMatchObject({ ele: expect.any(Number), time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
  });

  it('reads a file that starts with a byte-order mark, and unicode names', () => {
    const data = parseGpx(fixture('gpxpy-unicode_with_bom.gpx'));
    expect(data.waypoints).toEqual([{ lat: 43.309634, lon: 3.515386, ele: -14.6, time: '2016-05-27T10:08:47.800Z', name: 'test' }]);
    expect(parseGpx(gpx('<trk><name>Passo dello Stelvio – Šmarna gora ⛰</name><trkseg><trkpt lat="1" lon="2"/></trkseg></trk>')).tracks[0]!.name).toBe(
      'Passo dello Stelvio – Šmarna gora ⛰',
    );
  });

  it('sums elevation gain and loss and the duration of timed tracks; no duration without times', () => {
    const strava = parseGpx(fixture('togeojson-strava.gpx')).summary;
    expect(strava.elevationGainM).toBeGreaterThan(0);
    expect(strava.elevationLossM).toBeGreaterThan(0);
    expect(strava.durationSeconds).toBe(7723);
    expect(strava.startTime).toBe('2018-05-14T14:54:21.000Z');
    expect(parseGpx(fixture('gpxpy-route.gpx')).summary.durationSeconds).toBeNull();
  });

  // gpxpy's figures, made by test-data/fixtures/gpx-reference/gpxpy_uphill.py (gpxpy counts tracks only).
  const reference = JSON.parse(fs.readFileSync(path.resolve('test-data/fixtures/gpx-reference/gpxpy-elevation.json'), 'utf8')) as Record<string, { uphillM: number; downhillM: number }>;
  it.each(Object.entries(reference).filter(([file]) => !file.includes('route')))('%s: elevation gain and loss within a tenth of gpxpy’s', (file, want) => {
    const { summary } = parseGpx(fixture(file));
    for (const [ours, theirs] of [[summary.elevationGainM, want.uphillM], [summary.elevationLossM, want.downhillM]] as const) {
      expect(Math.abs(ours - theirs)).toBeLessThanOrEqual(Math.max(0.1 * theirs, 0.5));
    }
  });

  it('measures each segment on its own, never across the gap between segments', () => {
    const oneSegment = parseGpx(gpx('<trk><trkseg><trkpt lat="0" lon="0"/><trkpt lat="0" lon="1"/></trkseg></trk>')).summary.distanceKm;
    const twoSegments = parseGpx(
      gpx('<trk><trkseg><trkpt lat="0" lon="0"/><trkpt lat="0" lon="1"/></trkseg><trkseg><trkpt lat="10" lon="0"/><trkpt lat="10" lon="1"/></trkseg></trk>'),
    ).summary.distanceKm;
    expect(oneSegment).toBeCloseTo(111.19, 1);
    expect(twoSegments).toBeCloseTo(111.19 + 109.5, 0);
  });
});

describe('parseGpx: bad input', () => {
  it("gives 'Invalid GPX file format' for bad.gpx, whose points all have non-numeric coordinates", () => {
    const result = parseGpxDetailed(fixture('togeojson-bad.gpx'));
    expect(result.droppedPoints).toBe(5);
    expect(result.data.summary.pointCount + result.data.waypoints.length).toBe(0);
    expect(gpxProblem(result)).toBe(GPX_MESSAGES.invalid);
  });

  it("gives 'Empty GPX file' for an empty track, and for a file with nothing in it", () => {
    const emptyTrack = parseGpxDetailed(fixture('togeojson-empty_trk.gpx'));
    expect(emptyTrack.data.tracks).toEqual([{ name: null, points: [], segmentStarts: [] }]);
    expect(emptyTrack.data.bounds).toBeNull();
    expect(gpxProblem(emptyTrack)).toBe(GPX_MESSAGES.empty);
    expect(() => parseGpx('')).toThrow(GPX_MESSAGES.empty);
    expect(() => parseGpx('\ufeff  \n\t ')).toThrow(GPX_MESSAGES.empty);
  });

  it('drops points with non-numeric, missing or out-of-range coordinates and keeps the rest', () => {
    const result = parseGpxDetailed(
      gpx(
        '<trk><trkseg><trkpt lat="1" lon="2"/><trkpt lat="NaN" lon="2"/><trkpt lat="" lon="2"/><trkpt lon="2"/><trkpt lat="91" lon="2"/><trkpt lat="1e1" lon="-2.5"><ele>x</ele></trkpt></trkseg></trk>' +
          '<wpt lat="0x10" lon="1"/><wpt lat="Infinity" lon="1"/>',
      ),
    );
    expect(result.data.tracks[0]!.points).toEqual([
      { lat: 1, lon: 2, ele: null, time: null },
      { lat: 10, lon: -2.5, ele: null, time: null },
    ]);
    expect(result.data.waypoints).toEqual([]);
    expect(result.droppedPoints).toBe(6);
    expect(gpxProblem(result)).toBeNull();
  });

  it.each([
    ['unclosed tags', '<?xml version="1.0"?><gpx><trk><trkseg>'],
    ['a mismatched close tag', '<gpx><trk></rte></gpx>'],
    ['text that is not XML', 'lat,lon\n1,2\n'],
    ['another root element', '<?xml version="1.0"?><kml><Placemark/></kml>'],
    ['HTML', '<!doctype html><html><body>hi</body></html>'],
    ['two root elements', '<gpx></gpx><gpx></gpx>'],
    ['an undefined entity', '<gpx><wpt lat="1" lon="2"><name>&nbsp;</name></wpt></gpx>'],
    ['absurd nesting', `<gpx>${'<extensions>'.repeat(100)}${'</extensions>'.repeat(100)}</gpx>`],
  ])("gives 'Invalid GPX file format' for %s", (_what, text) => {
    expect(() => parseGpx(text)).toThrow(GPX_MESSAGES.invalid);
  });

  it('refuses a billion-laughs file at its DOCTYPE, expanding nothing', () => {
    const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY lol0 "lol">${entities}]><gpx><wpt lat="1" lon="2"><name>&lol9;</name></wpt></gpx>`;
    expect(() => parseGpx(bomb)).toThrow(GPX_MESSAGES.invalid);
  });

  it('refuses external entities and any DOCTYPE, even one that declares nothing', () => {
    const external = '<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><gpx><wpt lat="1" lon="2"><name>&xxe;</name></wpt></gpx>';
    expect(() => parseGpx(external)).toThrow(GPX_MESSAGES.invalid);
    expect(() => parseGpx('<!DOCTYPE gpx><gpx><wpt lat="1" lon="2"/></gpx>')).toThrow(GPX_MESSAGES.invalid);
  });

  it('stops at the DOCTYPE while streaming, before the rest of the file arrives', () => {
    const parser = createGpxParser();
    expect(() => parser.write('<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "b">]>')).toThrow(GPX_MESSAGES.invalid);
  });
});

describe('streaming and simplification', () => {
  it('gives the same result fed in small pieces as in one piece', () => {
    const text = fixture('togeojson-blue_hills.gpx');
    const parser = createGpxParser();
    for (let i = 0; i < text.length; i += 777) parser.write(text.slice(i, i + 777));
    expect(parser.end().data).toEqual(parseGpx(text));
  });

  it('simplifies long tracks for drawing while the summary counts every point', () => {
    const points = Array.from({ length: 20_000 }, (_, i) => `<trkpt lat="${(45 + i * 0.0001).toFixed(6)}" lon="${(7 + Math.sin(i / 500) * 0.05).toFixed(6)}"><ele>${100 + (i % 50)}</ele></trkpt>`).join('');
    const text = gpx(`<trk><name>Long</name><trkseg>${points}</trkseg></trk>`);
    const full = parseGpx(text);
    const simplified = parseGpx(text, { maxPathPoints: 2000 });
    expect(full.tracks[0]!.points).toHaveLength(20_000);
    expect(simplified.tracks[0]!.points.length).toBeLessThanOrEqual(2000);
    expect(simplified.tracks[0]!.points.length).toBeGreaterThan(50);
    expect(simplified.tracks[0]!.points[0]).toEqual(full.tracks[0]!.points[0]);
    expect(simplified.tracks[0]!.points.at(-1)).toEqual(full.tracks[0]!.points.at(-1));
    expect(simplified.summary).toEqual(full.summary);
    expect(simplified.summary.pointCount).toBe(20_000);
  });

  it('keeps a straight line as its two ends', () => {
    const lat = Array.from({ length: 100 }, (_, i) => i * 0.001);
    const lon = lat.map(() => 5);
    expect(simplifyIndices(lat, lon, 10)).toEqual([0, 99]);
  });
});

describe('limits and odd values', () => {
  it('ignores elevations that are not finite or beyond 10,000 m either way', () => {
    const points = ['100', '1e400', '-1e400', '10001', '-10000.5', '8848.9', '-420', 'Infinity', '2147483647']
      .map((ele, i) => `<trkpt lat="45" lon="${7 + i * 0.001}"><ele>${ele}</ele></trkpt>`)
      .join('');
    const data = parseGpx(gpx(`<trk><trkseg>${points}</trkseg></trk>`));
    expect(data.tracks[0]!.points.map((p) => p.ele)).toEqual([100, null, null, null, null, 8848.9, -420, null, null]);
    // Climb as if the file held only the three usable elevations.
    const usable = parseGpx(gpx(`<trk><trkseg>${['100', '8848.9', '-420'].map((ele, i) => `<trkpt lat="45" lon="${7 + i * 0.001}"><ele>${ele}</ele></trkpt>`).join('')}</trkseg></trk>`));
    expect([data.summary.elevationGainM, data.summary.elevationLossM]).toEqual([usable.summary.elevationGainM, usable.summary.elevationLossM]);
    expect(data.summary.elevationGainM).toBeGreaterThan(3000);
  });

  it('measures the track of a file with a track and a route (the route is the plan of that road); a route alone is measured', () => {
    const track = '<trk><trkseg><trkpt lat="0" lon="0"><ele>0</ele></trkpt><trkpt lat="0" lon="1"><ele>100</ele></trkpt></trkseg></trk>';
    const route = '<rte><rtept lat="10" lon="0"><ele>0</ele></rtept><rtept lat="10" lon="1"><ele>500</ele></rtept><rtept lat="10" lon="2"/></rte>';
    const both = parseGpx(gpx(track + route)).summary;
    expect(both).toMatchObject({ pointCount: 5, trackCount: 1, routeCount: 1, elevationGainM: 100 });
    expect(both.distanceKm).toBeCloseTo(111.19, 1);
    const routeOnly = parseGpx(gpx(route)).summary;
    expect(routeOnly).toMatchObject({ trackCount: 0, routeCount: 1, elevationGainM: 500 });
    expect(routeOnly.distanceKm).toBeCloseTo(2 * 109.5, 0);
    // A track with no line (a single point) does not hide the routes.
    expect(parseGpx(gpx('<trk><trkseg><trkpt lat="0" lon="0"/></trkseg></trk>' + route)).summary.distanceKm).toBeCloseTo(2 * 109.5, 0);
  });

  it('refuses a file past the point limit, naming it, as soon as the point past it is read', () => {
    const parser = createGpxParser({ maxPoints: 3 });
    parser.write(gpx('<trk><trkseg>').replace('</gpx>', ''));
    parser.write('<trkpt lat="1" lon="1"/><trkpt lat="1" lon="1"/><trkpt lat="1" lon="1"/>');
    expect(() => parser.write('<trkpt lat="1" lon="1"/>')).toThrow(gpxTooManyPointsMessage(3));
    expect(gpxTooManyPointsMessage(200_000)).toBe('This GPX file has more than 200,000 points, the most a file may have');
  });

  it('keeps segments apart when it simplifies, each with its two ends', () => {
    const segment = (lat: number) => `<trkseg>${Array.from({ length: 3000 }, (_, i) => `<trkpt lat="${lat + i * 0.0001}" lon="${7 + Math.sin(i / 100) * 0.01}"/>`).join('')}</trkseg>`;
    const text = gpx(`<trk>${segment(45)}${segment(46)}</trk>`);
    const full = parseGpx(text).tracks[0]!;
    const drawn = parseGpx(text, { maxPathPoints: 1000 }).tracks[0]!;
    expect(full.segmentStarts).toEqual([0, 3000]);
    expect(drawn.points.length).toBeLessThanOrEqual(1000);
    const second = drawn.segmentStarts![1]!;
    expect(drawn.points[second]).toEqual(full.points[3000]);
    expect(drawn.points[second - 1]).toEqual(full.points[2999]);
  });
});

describe('the GPX worker thread', () => {
  it('reads a file in a worker thread, not the calling one', async () => {
    const parsed = await parseGpxFile(path.join(FIXTURES, 'togeojson-blue_hills.gpx'));
    expect(parsed.threadId).not.toBe(threadId);
    expect(parsed.info.summary).toEqual(parseGpx(fixture('togeojson-blue_hills.gpx')).summary);
    expect(Object.keys(parsed.privateBounds).sort()).toEqual(['1km', '200m', '500m']);
  });

  it('answers a file past the point limit with a 400 that names the limit', async () => {
    const file = path.join(os.tmpdir(), `too-many-${process.pid}.gpx`);
    fs.writeFileSync(file, gpx(`<trk><trkseg>${'<trkpt lat="1" lon="1"/>'.repeat(GPX_MAX_POINTS + 1)}</trkseg></trk>`));
    try {
      await expect(parseGpxFile(file)).rejects.toMatchObject({ statusCode: 400, message: gpxTooManyPointsMessage(GPX_MAX_POINTS) });
    } finally {
      fs.rmSync(file);
    }
  });
});

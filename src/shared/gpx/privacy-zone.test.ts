import { describe, expect, it } from 'vitest';
import { distanceKm, type LatLon } from '../geo/coordinates';
import { parseGpx, segmentsOf } from './gpx';
import { writeGpx } from './gpx-writer';
import type { GpxData, GpxPoint } from './gpx-types';
import { privateBoundsOf, trimForOthers, trimSegment } from './privacy-zone';

/** A straight ride north from (45, 7): one point every `stepM` metres, with times. */
function rideNorth(count: number, stepM: number, startLat = 45): GpxPoint[] {
  const stepDeg = stepM / 111_195;
  return Array.from({ length: count }, (_, i) => ({ lat: startLat + i * stepDeg, lon: 7, ele: 300, time: new Date(Date.UTC(2026, 4, 1, 8) + i * 1000).toISOString() }));
}

const metres = (a: LatLon, b: LatLon) => distanceKm(a, b) * 1000;

describe('trimSegment', () => {
  it('drops every point within the zone of the first and of the last point', () => {
    const ride = rideNorth(101, 50); // 5 km
    const kept = trimSegment(ride, 500);
    expect(metres(ride[0]!, kept[0]!)).toBeGreaterThanOrEqual(500);
    expect(metres(kept.at(-1)!, ride.at(-1)!)).toBeGreaterThanOrEqual(500);
    // Nothing more is dropped than the zone needs: the points just before and after are inside it.
    const first = ride.indexOf(kept[0]!);
    const last = ride.indexOf(kept.at(-1)!);
    expect(kept).toEqual(ride.slice(first, last + 1));
    expect(metres(ride[0]!, ride[first - 1]!)).toBeLessThan(500);
    expect(metres(ride[last + 1]!, ride.at(-1)!)).toBeLessThan(500);
  });

  it('leaves nothing of a ride that never leaves the zones', () => {
    expect(trimSegment(rideNorth(15, 50), 500)).toEqual([]);
    expect(trimSegment(rideNorth(5, 50), 1000)).toEqual([]);
  });

  it('does not let a device left running at home use up the zone', () => {
    // 40 fixes jittering around the driveway (20 m apart, back and forth: 800 m "along the track").
    const jitter = Array.from({ length: 40 }, (_, i) => ({ lat: 45 + (i % 2) * 0.00018, lon: 7, ele: null, time: null }));
    const ride = [...jitter, ...rideNorth(100, 50, 45.0002)];
    const kept = trimSegment(ride, 500);
    for (const point of kept) expect(metres(ride[0]!, point)).toBeGreaterThanOrEqual(500);
  });

  it('keeps everything with no zone', () => {
    const ride = rideNorth(10, 50);
    expect(trimSegment(ride, 0)).toBe(ride);
  });
});

describe('trimForOthers', () => {
  const home = { lat: 45, lon: 7 };
  const data: GpxData = {
    name: 'Sunday ride',
    tracks: [{ name: 'Out and back', points: [...rideNorth(60, 50), ...rideNorth(60, 50, 46)], segmentStarts: [0, 60] }],
    routes: [{ name: 'Plan', points: rideNorth(40, 100), segmentStarts: [0] }],
    waypoints: [
      { ...home, ele: null, time: '2026-05-01T07:00:00.000Z', name: 'Home' },
      { lat: 45.01, lon: 7, ele: null, time: null, name: 'Bakery, 1.1 km away' },
    ],
    bounds: { minLat: 45, minLon: 7, maxLat: 46.03, maxLon: 7 },
    summary: { distanceKm: 9.9, elevationGainM: 0, elevationLossM: 0, pointCount: 160, trackCount: 1, routeCount: 1, waypointCount: 2, durationSeconds: 118, startTime: '2026-05-01T08:00:00.000Z', endTime: '2026-05-01T08:00:59.000Z' },
  };

  it('trims both ends of each segment of every track and route, and removes every time', () => {
    const trimmed = trimForOthers(data, 500);
    const [track] = trimmed.tracks;
    // Two segments of 60 points 50 m apart: each loses its first and last ten or eleven.
    expect(track!.segmentStarts).toHaveLength(2);
    expect(track!.points.length).toBeGreaterThanOrEqual(76);
    expect(track!.points.length).toBeLessThanOrEqual(80);
    const secondStart = track!.points[track!.segmentStarts![1]!]!;
    expect(metres(data.tracks[0]!.points[60]!, secondStart)).toBeGreaterThanOrEqual(500);
    expect(trimmed.routes[0]!.points.length).toBeGreaterThanOrEqual(28);
    for (const point of [...trimmed.tracks, ...trimmed.routes].flatMap((p) => p.points)) {
      expect(point.time).toBeNull();
      expect(metres(home, point)).toBeGreaterThanOrEqual(500);
    }
    expect(trimmed.summary.startTime).toBeNull();
    expect(trimmed.summary.endTime).toBeNull();
    expect(trimmed.bounds!.minLat).toBeGreaterThan(45.004);
  });

  it('leaves out waypoints inside a zone and keeps the others without their time', () => {
    expect(trimForOthers(data, 500).waypoints).toEqual([{ lat: 45.01, lon: 7, ele: null, time: null, name: 'Bakery, 1.1 km away' }]);
    expect(trimForOthers(data, 0).waypoints.map((w) => [w.name, w.time])).toEqual([
      ['Home', null],
      ['Bakery, 1.1 km away', null],
    ]);
  });

  it("with no zone keeps every point but still drops the times", () => {
    const trimmed = trimForOthers(data, 0);
    expect(trimmed.tracks[0]!.points).toHaveLength(120);
    expect(trimmed.tracks[0]!.points.every((p) => p.time === null)).toBe(true);
    expect(trimmed.bounds).toEqual(data.bounds);
  });

  it('gives each zone its own bounds, narrower as the zone grows', () => {
    const lines = data.tracks.flatMap(segmentsOf).concat(data.routes.flatMap(segmentsOf)).map((s) => ({ lat: s.map((p) => p.lat), lon: s.map((p) => p.lon) }));
    const bounds = privateBoundsOf(lines, data.waypoints);
    expect(bounds['500m']).toEqual(trimForOthers(data, 500).bounds);
    expect(bounds['200m']!.minLat).toBeLessThan(bounds['500m']!.minLat);
    expect(bounds['500m']!.minLat).toBeLessThan(bounds['1km']!.minLat);
  });

  it('writes a trimmed file that reads back as the same tracks, routes and waypoints, with no <time>', () => {
    const trimmed = trimForOthers(data, 500);
    const text = [...writeGpx(trimmed)].join('');
    expect(text).not.toContain('<time>');
    const reread = parseGpx(text);
    expect(reread.tracks).toEqual(trimmed.tracks);
    expect(reread.routes).toEqual(trimmed.routes);
    expect(reread.waypoints).toEqual(trimmed.waypoints);
    expect(reread.name).toBe('Sunday ride');
  });

  it('escapes names in the written file', () => {
    const text = [...writeGpx({ ...data, name: 'Tom & Jerry <"ride">' })].join('');
    expect(parseGpx(text).name).toBe('Tom & Jerry <"ride">');
  });
});

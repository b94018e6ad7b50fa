import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { parseGpx } from '../../shared/gpx/gpx';
import { itnName, legsOf, rideGpx, rideItnLines, toWindows1252 } from './navigator-files';

describe('ITN names', () => {
  it('lose bars, line breaks and controls, and are cut to 64 characters', () => {
    expect(itnName('Bar | Caffè\r\nRoma\tcentro\u0007')).toBe('Bar Caffè Roma centro');
    expect([...itnName('é'.repeat(100))]).toHaveLength(64);
  });

  it('are written in Windows-1252, other scripts transliterated', () => {
    expect([...toWindows1252('Café € “ok”')]).toEqual([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x20, 0x93, 0x6f, 0x6b, 0x94]);
    expect(toWindows1252('Москва').toString('latin1')).toBe('Moskva');
    expect(toWindows1252('🏍').toString('latin1')).toMatch(/^\?*$/);
  });
});

describe('legsOf', () => {
  it('cuts the road at the points nearest each stop, in order; straight lines without a road', () => {
    const stops = [
      { name: 'A', lat: 0, lon: 0 },
      { name: 'B', lat: 0, lon: 1 },
      { name: 'C', lat: 0, lon: 2 },
    ];
    const road: Array<[number, number]> = [[0, 0], [0.1, 0.5], [0.01, 1], [0.1, 1.5], [0, 2]];
    expect(legsOf(stops, road)).toEqual([road.slice(0, 3), road.slice(2)]);
    expect(legsOf(stops, null)).toEqual([[[0, 0], [0, 1]], [[0, 1], [0, 2]]]);
  });

  it('an ITN of stops alone when there is no road: departure 4, the rest 2', () => {
    const lines = rideItnLines({ name: 'x', description: null, url: 'u', unplacedStops: [], road: null, stops: [{ name: 'A', lat: 45.1, lon: -7.25 }, { name: 'B', lat: 46, lon: 8 }] });
    expect(lines).toEqual(['-725000|4510000|A|4|', '800000|4600000|B|2|']);
  });
});

describe('the GPX for Garmin', () => {
  const TRP = 'http://www.garmin.com/xmlschemas/TripExtensions/v1';
  const GPXX = 'http://www.garmin.com/xmlschemas/GpxExtensions/v3';

  interface RoutePoint {
    lat: number;
    lon: number;
    name: string | null;
    /** The rtept's extensions as a tree of prefixed names, the rpt elements left out. */
    shape: string;
    rpts: Array<[number, number]>;
  }

  /** The route as a Garmin unit reads it, with a namespace-aware XML parser. */
  function routeOf(xml: string): { mode: string | null; points: RoutePoint[] } {
    const parser = new SaxesParser({ xmlns: true });
    const points: RoutePoint[] = [];
    const path: string[] = [];
    let mode: string | null = null;
    let text = '';
    let shape: string[] | null = null;
    parser.on('opentag', (tag) => {
      path.push(tag.local);
      text = '';
      const known = tag.uri === TRP ? `trp:${tag.local}` : tag.uri === GPXX ? `gpxx:${tag.local}` : null;
      if (tag.local === 'rtept') {
        points.push({ lat: Number(tag.attributes.lat!.value), lon: Number(tag.attributes.lon!.value), name: null, shape: '', rpts: [] });
        shape = [];
      } else if (tag.local === 'rpt' && tag.uri === GPXX) {
        points[points.length - 1]!.rpts.push([Number(tag.attributes.lat!.value), Number(tag.attributes.lon!.value)]);
      } else if (shape && known) {
        shape.push(`<${known}>`);
      }
    });
    parser.on('text', (t) => (text += t));
    parser.on('closetag', (tag) => {
      path.pop();
      const known = tag.uri === TRP ? `trp:${tag.local}` : tag.uri === GPXX ? `gpxx:${tag.local}` : null;
      if (tag.local === 'TransportationMode' && tag.uri === TRP && path.includes('rte')) mode = text;
      if (tag.local === 'name' && path[path.length - 1] === 'rtept') points[points.length - 1]!.name = text;
      if (tag.local === 'rtept') {
        points[points.length - 1]!.shape = shape!.join('');
        shape = null;
      } else if (shape && known && tag.local !== 'rpt') {
        shape.push(`</${known}>`);
      }
    });
    parser.write(xml).close();
    return { mode, points };
  }

  /** Metres from a point to the nearest piece of a line (flat earth around the point: plenty within metres). */
  function metresToLine(p: [number, number], line: Array<[number, number]>): number {
    const k = Math.cos((p[0] * Math.PI) / 180);
    const m = 111_320;
    let best = Infinity;
    for (let i = 1; i < line.length; i++) {
      const ax = (line[i - 1]![1] - p[1]) * k * m;
      const ay = (line[i - 1]![0] - p[0]) * m;
      const bx = (line[i]![1] - p[1]) * k * m;
      const by = (line[i]![0] - p[0]) * m;
      const dx = bx - ax;
      const dy = by - ay;
      const t = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / (dx * dx + dy * dy)));
      best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
    }
    return best;
  }

  /** A winding road through the stops, `perLeg` points a leg (about a point every 10 m on a 60 km leg). */
  function windingRoad(stops: Array<{ lat: number; lon: number }>, perLeg: number): Array<[number, number]> {
    const road: Array<[number, number]> = [[stops[0]!.lat, stops[0]!.lon]];
    for (let s = 0; s + 1 < stops.length; s++) {
      const a = stops[s]!;
      const b = stops[s + 1]!;
      for (let i = 1; i <= perLeg; i++) {
        const f = i / perLeg;
        road.push([a.lat + (b.lat - a.lat) * f + (i === perLeg ? 0 : Math.sin(f * Math.PI * 40) * 0.02), a.lon + (b.lon - a.lon) * f]);
      }
    }
    return road;
  }

  const stops = [
    { name: 'Bologna', lat: 44.4949, lon: 11.3426 },
    { name: 'Modena', lat: 44.6471, lon: 10.9252 },
    { name: 'Reggio', lat: 44.7, lon: 10.63 },
    { name: 'Parma', lat: 44.8015, lon: 10.328 },
  ];
  const route = (road: Array<[number, number]> | null, placed = stops) => ({ name: 'Colli & Passi', description: null, url: 'http://rc.test/rides/1', unplacedStops: [], road, stops: placed });

  it('marks each stop a via point and pins the road between with a few shaping points, motorcycling, as BaseCamp writes a trip', () => {
    const road = windingRoad(stops, 2000);
    const xml = rideGpx(route(road));
    const { mode, points } = routeOf(xml);
    expect(mode).toBe('Motorcycling');
    const vias = points.filter((p) => p.shape.startsWith('<trp:ViaPoint>'));
    expect(vias.map((p) => [p.name, p.lat, p.lon])).toEqual(stops.map((s) => [s.name, s.lat, s.lon]));
    const shaping = points.filter((p) => p.shape.startsWith('<trp:ShapingPoint>'));
    expect(shaping.length + vias.length).toBe(points.length);
    expect(points.length).toBeLessThanOrEqual(250);
    // Between every two stops some shaping points, each on the road.
    const viaAt = points.map((p, i) => (vias.includes(p) ? i : -1)).filter((i) => i >= 0);
    for (let v = 0; v + 1 < viaAt.length; v++) expect(viaAt[v + 1]! - viaAt[v]! - 1).toBeGreaterThanOrEqual(3);
    for (const p of shaping) expect(metresToLine([p.lat, p.lon], road)).toBeLessThan(1);
    // A via point's extensions are built as BaseCamp builds them (the fixture is a real BaseCamp file).
    const basecamp = routeOf(fs.readFileSync(path.resolve('test-data/fixtures/gpx/gpsbabel-basecamp.gpx'), 'utf8'));
    expect(vias[0]!.shape).toBe(basecamp.points[0]!.shape);
    expect(vias[0]!.shape).toBe('<trp:ViaPoint><trp:CalculationMode></trp:CalculationMode><trp:ElevationMode></trp:ElevationMode></trp:ViaPoint><gpxx:RoutePointExtension><gpxx:Subclass></gpxx:Subclass></gpxx:RoutePointExtension>');
    // The road stays in gpxx:rpt: each route point carries the road to the next one, the track's road point for point.
    const chained = points.flatMap((p) => [[p.lat, p.lon] as [number, number], ...p.rpts]);
    expect(chained).toEqual(parseGpx(xml).tracks[0]!.points.map((p) => [p.lat, p.lon]));
    let worst = 0;
    for (const point of road) worst = Math.max(worst, metresToLine(point, chained));
    expect(worst).toBeLessThanOrEqual(5);
    expect(chained.length).toBeGreaterThan(100);
  });

  it('pins a straight road too (where the track keeps only its ends), each shaping point on the track', () => {
    const two = [stops[0]!, stops[3]!];
    const road: Array<[number, number]> = Array.from({ length: 1001 }, (_, i) => [two[0]!.lat + ((two[1]!.lat - two[0]!.lat) * i) / 1000, two[0]!.lon + ((two[1]!.lon - two[0]!.lon) * i) / 1000]);
    const xml = rideGpx(route(road, two));
    const { points } = routeOf(xml);
    // About 84 km of road: a shaping point every 10 km or less.
    expect(points.filter((p) => p.shape.startsWith('<trp:ShapingPoint>')).length).toBeGreaterThanOrEqual(8);
    const track = parseGpx(xml).tracks[0]!.points.map((p) => [p.lat, p.lon]);
    expect(track.length).toBeLessThan(20);
    for (const p of points) expect(track).toContainEqual([p.lat, p.lon]);
  });

  it('keeps every route within 250 route points, however many stops and however long the road', () => {
    const many = Array.from({ length: 13 }, (_, i) => ({ name: `Stop ${i + 1}`, lat: 44 + i * 0.5, lon: 10 + (i % 2) * 0.5 }));
    const { points } = routeOf(rideGpx(route(windingRoad(many, 3000), many)));
    expect(points.length).toBeLessThanOrEqual(250);
    expect(points.filter((p) => p.shape.startsWith('<trp:ViaPoint>'))).toHaveLength(13);
  });

  it('validates against GPX 1.1, Garmin GpxExtensions v3 and TripExtensions v1 (xmllint, the official schemas)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-gpx-'));
    try {
      for (const [name, road] of [['routed', windingRoad(stops, 200)], ['straight', null]] as const) {
        const file = path.join(dir, `${name}.gpx`);
        fs.writeFileSync(file, rideGpx(route(road)));
        const run = spawnSync('xmllint', ['--noout', '--schema', path.resolve('test-data/fixtures/xsd/gpx-garmin.xsd'), file], { encoding: 'utf8' });
        expect(run.error, 'xmllint is needed (Debian: apt-get install libxml2-utils)').toBeUndefined();
        expect(run.stderr.trim()).toBe(`${file} validates`);
        expect(run.status).toBe(0);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('thins the track to at most 10,000 points, every road point within 5 m of it', () => {
    const road = windingRoad(stops, 20_000);
    const track = parseGpx(rideGpx(route(road))).tracks[0]!.points.map((p) => [p.lat, p.lon] as [number, number]);
    expect(track.length).toBeLessThanOrEqual(10_000);
    expect(track.length).toBeGreaterThan(100);
    expect(track[0]).toEqual([stops[0]!.lat, stops[0]!.lon]);
    expect(track[track.length - 1]).toEqual([stops[3]!.lat, stops[3]!.lon]);
    // Every 7th road point (the check is slow on all 60,000), and the far-out ones.
    let worst = 0;
    for (let i = 0; i < road.length; i += 7) worst = Math.max(worst, metresToLine(road[i]!, track));
    expect(worst).toBeLessThanOrEqual(5);
  });
});

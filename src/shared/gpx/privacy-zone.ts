import { distanceKm, type LatLon } from '../geo/coordinates';
import { boundsOfPaths, type GpxLine } from './gpx';
import { pathOf, segmentsOf } from './segments';
import type { GpxBounds, GpxData, GpxPath, GpxPoint, GpxWaypoint } from './gpx-types';

import { GPX_PRIVACY_ZONES, PRIVACY_ZONE_METRES, type GpxPrivacyZone } from './privacy-zones';

export { GPX_PRIVACY_ZONES, DEFAULT_GPX_PRIVACY_ZONE, PRIVACY_ZONE_METRES, type GpxPrivacyZone } from './privacy-zones';

/** The zones that hide something, each with the bounds a trimmed file has (kept with the upload). */
export type PrivateBounds = Partial<Record<GpxPrivacyZone, GpxBounds | null>>;

const metresBetween = (a: LatLon, b: LatLon) => distanceKm(a, b) * 1000;

/**
 * How many points at one end of a line lie in that end's zone: every point before the first one
 * that is at least `metres` from the end both along the track and in a straight line. (Along the
 * track alone, a device left running in the driveway would use up the zone without leaving it; in
 * a straight line alone, a winding lane would.)
 */
function pointsInZone(line: GpxLine, metres: number, fromEnd: boolean): number {
  const n = line.lat.length;
  const at = (k: number): LatLon => {
    const i = fromEnd ? n - 1 - k : k;
    return { lat: line.lat[i]!, lon: line.lon[i]! };
  };
  const start = at(0);
  let along = 0;
  let previous = start;
  for (let k = 1; k < n; k++) {
    const point = at(k);
    along += metresBetween(previous, point);
    previous = point;
    if (along >= metres && metresBetween(start, point) >= metres) return k;
  }
  return n;
}

/** The index range [start, end) of a line that is outside both its zones (empty when it never leaves them). */
function rangeOutsideZones(line: GpxLine, metres: number): [number, number] {
  const n = line.lat.length;
  if (metres <= 0 || n === 0) return [0, n];
  const head = pointsInZone(line, metres, false);
  if (head >= n) return [0, 0];
  const end = n - pointsInZone(line, metres, true);
  return end > head ? [head, end] : [0, 0];
}

/** A segment without its first and last `metres` (empty when it never leaves the zones). */
export function trimSegment(segment: GpxPoint[], metres: number): GpxPoint[] {
  if (metres <= 0) return segment;
  const [start, end] = rangeOutsideZones({ lat: segment.map((p) => p.lat), lon: segment.map((p) => p.lon) }, metres);
  return segment.slice(start, end);
}

const outsideEveryZone = (ends: LatLon[], metres: number) => (point: LatLon) => metres <= 0 || ends.every((end) => metresBetween(end, point) >= metres);

const withoutTime = <P extends GpxPoint>(point: P): P => (point.time === null ? point : { ...point, time: null });

/**
 * What anyone but the uploader gets of a GPX: each track and route segment without the points in
 * its start and end zones, waypoints inside any of those zones left out, and no timestamps at all
 * (times would tell when the rider left and came home). The zone is `metres` wide; 0 keeps every
 * point but still drops the times.
 */
export function trimForOthers(data: GpxData, metres: number): GpxData {
  const ends: GpxPoint[] = [];
  const trim = (path: GpxPath): GpxPath => {
    const segments = segmentsOf(path);
    for (const segment of segments) ends.push(segment[0]!, segment[segment.length - 1]!);
    return pathOf(
      path.name,
      segments.map((segment) => trimSegment(segment, metres).map(withoutTime)),
    );
  };
  const tracks = data.tracks.map(trim);
  const routes = data.routes.map(trim);
  const waypoints: GpxWaypoint[] = data.waypoints.filter(outsideEveryZone(ends, metres)).map(withoutTime);
  return {
    ...data,
    tracks,
    routes,
    waypoints,
    bounds: metres > 0 ? boundsOfPaths([...tracks, ...routes], waypoints) : data.bounds,
    summary: { ...data.summary, startTime: null, endTime: null },
  };
}

/**
 * The bounds of the file as each zone trims it (the bounds of the whole file would outline the
 * start), from every point of its lines (GpxParseResult.lines) and its waypoints.
 */
export function privateBoundsOf(lines: GpxLine[], waypoints: LatLon[]): PrivateBounds {
  const live = lines.filter((line) => line.lat.length > 0);
  const ends = live.flatMap((line) => [0, line.lat.length - 1].map((i) => ({ lat: line.lat[i]!, lon: line.lon[i]! })));
  const bounds: PrivateBounds = {};
  for (const zone of GPX_PRIVACY_ZONES) {
    if (zone === 'none') continue;
    const metres = PRIVACY_ZONE_METRES[zone];
    let box: GpxBounds | null = null;
    const add = (lat: number, lon: number) => {
      box = box
        ? { minLat: Math.min(box.minLat, lat), minLon: Math.min(box.minLon, lon), maxLat: Math.max(box.maxLat, lat), maxLon: Math.max(box.maxLon, lon) }
        : { minLat: lat, minLon: lon, maxLat: lat, maxLon: lon };
    };
    for (const line of live) {
      const [start, end] = rangeOutsideZones(line, metres);
      for (let i = start; i < end; i++) add(line.lat[i]!, line.lon[i]!);
    }
    for (const w of waypoints.filter(outsideEveryZone(ends, metres))) add(w.lat, w.lon);
    bounds[zone] = box;
  }
  return bounds;
}

import { distanceKm } from '../geo/coordinates';
import { boundsOfPaths, pathOf, segmentsOf } from './gpx';
import type { GpxBounds, GpxData, GpxPath, GpxPoint, GpxWaypoint } from './gpx-types';

/**
 * Privacy zones: how much of the start and the end of a rider's GPX others never see (a ride
 * usually starts and ends at home). The rider picks one in Preferences; 500 m unless they change it.
 */
export const GPX_PRIVACY_ZONES = ['none', '200m', '500m', '1km'] as const;
export type GpxPrivacyZone = (typeof GPX_PRIVACY_ZONES)[number];
export const DEFAULT_GPX_PRIVACY_ZONE: GpxPrivacyZone = '500m';

export const PRIVACY_ZONE_METRES: Record<GpxPrivacyZone, number> = { none: 0, '200m': 200, '500m': 500, '1km': 1000 };

/** The zones that hide something, each with the bounds a trimmed file has (kept with the upload). */
export type PrivateBounds = Partial<Record<GpxPrivacyZone, GpxBounds | null>>;

const metresBetween = (a: GpxPoint, b: GpxPoint) => distanceKm(a, b) * 1000;

/**
 * How many points at the start of a segment lie in the zone: every point before the first one
 * that is at least `metres` from the start both along the track and in a straight line. (Along
 * the track alone, a device left running in the driveway would use up the zone without leaving
 * it; in a straight line alone, a winding lane would.)
 */
function pointsInStartZone(segment: GpxPoint[], metres: number): number {
  const start = segment[0]!;
  let along = 0;
  for (let i = 1; i < segment.length; i++) {
    along += metresBetween(segment[i - 1]!, segment[i]!);
    if (along >= metres && metresBetween(start, segment[i]!) >= metres) return i;
  }
  return segment.length;
}

/** A segment without its first and last `metres` (empty when it never leaves the zones). */
export function trimSegment(segment: GpxPoint[], metres: number): GpxPoint[] {
  if (metres <= 0 || segment.length === 0) return segment;
  const head = pointsInStartZone(segment, metres);
  if (head >= segment.length) return [];
  const tail = pointsInStartZone([...segment].reverse(), metres);
  const end = segment.length - tail;
  return end > head ? segment.slice(head, end) : [];
}

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
  const waypoints: GpxWaypoint[] = data.waypoints.filter((w) => metres <= 0 || ends.every((end) => metresBetween(end, w) >= metres)).map(withoutTime);
  return {
    ...data,
    tracks,
    routes,
    waypoints,
    bounds: metres > 0 ? boundsOfPaths([...tracks, ...routes], waypoints) : data.bounds,
    summary: { ...data.summary, startTime: null, endTime: null },
  };
}

/** The bounds of the file as each zone trims it (the bounds of the whole file would outline the start). */
export function privateBoundsOf(data: GpxData): PrivateBounds {
  const bounds: PrivateBounds = {};
  for (const zone of GPX_PRIVACY_ZONES) if (zone !== 'none') bounds[zone] = trimForOthers(data, PRIVACY_ZONE_METRES[zone]).bounds;
  return bounds;
}

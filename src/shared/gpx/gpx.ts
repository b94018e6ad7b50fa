import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { distanceKm } from '../geo/coordinates';
import { GPX_MESSAGES, gpxTooManyPointsMessage, type GpxBounds, type GpxData, type GpxPath, type GpxPoint, type GpxSummary, type GpxWaypoint } from './gpx-types';
import { simplifyIndices } from './simplify';

export * from './gpx-types';
export { pathOf, segmentsOf } from './segments';

/** A GPX file that cannot be used; `message` is one of the spec's texts (GPX_MESSAGES). */
export class GpxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GpxError';
  }
}

export interface GpxParseOptions {
  /**
   * Keep at most about this many track and route points in the returned paths (very long tracks are
   * simplified for drawing). The summary is always computed from every point. Default: keep all.
   */
  maxPathPoints?: number;
  /**
   * Refuse a file with more track, route and waypoints than this (GpxError naming the limit), as
   * soon as the point past it is read, so an enormous file is never read to its end.
   */
  maxPoints?: number;
}

export interface GpxParseResult {
  data: GpxData;
  /** Points left out because their coordinates were missing, not numbers, or out of range. */
  droppedPoints: number;
  /** Every track and route segment at full resolution, as coordinates only (never simplified). */
  lines: GpxLine[];
}

/** A track or route segment's coordinates, in order. */
export interface GpxLine {
  lat: ArrayLike<number>;
  lon: ArrayLike<number>;
}

/** Deeper nesting than this is not a GPX file (and would only grow the parser's stack). */
const MAX_DEPTH = 64;
/** Longest name, elevation or time text kept (longer text is cut). */
const MAX_TEXT = 500;

/**
 * Elevations beyond this (metres, either way) are device or export errors (a 2^31 placeholder, a
 * barometer gone wild); they are read as "no elevation" so they cannot add kilometres of climb.
 */
export const MAX_ABS_ELEVATION_M = 10_000;

const NUMBER = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** A plain decimal number (no hex, no Infinity, no empty text); null otherwise. */
function numberOf(text: string | undefined): number | null {
  if (text === undefined) return null;
  const value = Number(text);
  // Number() alone also reads '' and '  ' as 0 and '0x10' as 16: the pattern is asked only about
  // the rare texts that may be such a case, so the common point costs no regular expression.
  if (!Number.isFinite(value) || (value === 0 && text.trim() === '') || (/[xXbBoO]/.test(text) && !NUMBER.test(text))) return null;
  return value;
}

function elevationOf(text: string): number {
  const value = numberOf(text);
  return value === null || Math.abs(value) > MAX_ABS_ELEVATION_M ? Number.NaN : value;
}

/** GPX times are UTC; a time written without a zone is read as UTC too. */
function timeOf(text: string): number {
  if (text.endsWith('Z')) return Date.parse(text);
  const trimmed = text.trim();
  if (!trimmed) return Number.NaN;
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(trimmed) ? trimmed : `${trimmed}Z`;
  return Date.parse(zoned);
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** A track or route while it is read: numbers in flat arrays (NaN for "none"), cheap for long tracks. */
interface PathBuilder {
  name: string | null;
  lat: number[];
  lon: number[];
  ele: number[];
  time: number[];
  /** Index of each segment's first point (a route is one segment). */
  segmentStarts: number[];
}

interface PointBuilder {
  lat: number | null;
  lon: number | null;
  ele: number;
  time: number;
  name: string | null;
}

const newPath = (): PathBuilder => ({ name: null, lat: [], lon: [], ele: [], time: [], segmentStarts: [0] });

function pointAt(path: PathBuilder, i: number): GpxPoint {
  const ele = path.ele[i]!;
  const time = path.time[i]!;
  return { lat: path.lat[i]!, lon: path.lon[i]!, ele: Number.isNaN(ele) ? null : ele, time: Number.isNaN(time) ? null : new Date(time).toISOString() };
}

interface PathTotals {
  distanceKm: number;
  gain: number;
  loss: number;
  durationMs: number;
  timed: boolean;
  first: number;
  last: number;
}

/**
 * Climb and descent of one segment's elevations, smoothed as gpxpy smooths them (the reference
 * riders' tools agree with): points without an elevation left out, each inner elevation replaced by
 * 0.3 x the one before + 0.4 x itself + 0.3 x the one after, then the rises and falls summed. Raw
 * sums count every metre of barometer and GPS noise (a Strava file's 120 m read as 398 m).
 */
function climbOf(elevations: number[]): { gain: number; loss: number } {
  let gain = 0;
  let loss = 0;
  const n = elevations.length;
  let previous = Number.NaN;
  for (let i = 0; i < n; i++) {
    const e = elevations[i]!;
    const smoothed = i > 0 && i < n - 1 ? 0.3 * elevations[i - 1]! + 0.4 * e + 0.3 * elevations[i + 1]! : e;
    if (i > 0) {
      if (smoothed > previous) gain += smoothed - previous;
      else loss += previous - smoothed;
    }
    previous = smoothed;
  }
  return { gain, loss };
}

/** Distance, climb and time of a path, segment by segment (never across a gap between segments). */
function totalsOf(path: PathBuilder): PathTotals {
  const totals: PathTotals = { distanceKm: 0, gain: 0, loss: 0, durationMs: 0, timed: false, first: Number.NaN, last: Number.NaN };
  for (const [start, end] of segmentRanges(path)) {
    const elevations: number[] = [];
    let minTime = Number.NaN;
    let maxTime = Number.NaN;
    for (let i = start; i < end; i++) {
      if (i > start) totals.distanceKm += distanceKm({ lat: path.lat[i - 1]!, lon: path.lon[i - 1]! }, { lat: path.lat[i]!, lon: path.lon[i]! });
      const ele = path.ele[i]!;
      if (!Number.isNaN(ele)) elevations.push(ele);
      const time = path.time[i]!;
      if (!Number.isNaN(time)) {
        minTime = Number.isNaN(minTime) ? time : Math.min(minTime, time);
        maxTime = Number.isNaN(maxTime) ? time : Math.max(maxTime, time);
      }
    }
    const climb = climbOf(elevations);
    totals.gain += climb.gain;
    totals.loss += climb.loss;
    if (!Number.isNaN(minTime)) {
      totals.timed = true;
      totals.durationMs += maxTime - minTime;
      totals.first = Number.isNaN(totals.first) ? minTime : Math.min(totals.first, minTime);
      totals.last = Number.isNaN(totals.last) ? maxTime : Math.max(totals.last, maxTime);
    }
  }
  return totals;
}

/** Whether a path has a line to measure: a segment of two points or more. */
const hasLine = (path: PathBuilder) => segmentRanges(path).some(([start, end]) => end - start >= 2);

function summarize(tracks: PathBuilder[], routes: PathBuilder[], waypointCount: number): GpxSummary {
  const trackPoints = tracks.reduce((sum, t) => sum + t.lat.length, 0);
  const routePoints = routes.reduce((sum, r) => sum + r.lat.length, 0);
  // A file with a track and a route describes one road twice: the route is the plan (BaseCamp
  // writes the planned route beside the track of the same road, and so does our own export), the
  // track the road itself. The tracks are measured when they have a line; the routes otherwise.
  const measured = (tracks.some(hasLine) ? tracks : routes).map(totalsOf);
  const timed = measured.filter((t) => t.timed);
  const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
  return {
    distanceKm: round(measured.reduce((sum, t) => sum + t.distanceKm, 0), 3),
    elevationGainM: round(measured.reduce((sum, t) => sum + t.gain, 0), 1),
    elevationLossM: round(measured.reduce((sum, t) => sum + t.loss, 0), 1),
    pointCount: trackPoints + routePoints,
    trackCount: tracks.length,
    routeCount: routes.length,
    waypointCount,
    durationSeconds: timed.length > 0 ? Math.round(timed.reduce((sum, t) => sum + t.durationMs, 0) / 1000) : null,
    startTime: timed.length > 0 ? new Date(Math.min(...timed.map((t) => t.first))).toISOString() : null,
    endTime: timed.length > 0 ? new Date(Math.max(...timed.map((t) => t.last))).toISOString() : null,
  };
}

function boundsOf(paths: PathBuilder[], waypoints: GpxWaypoint[]): GpxBounds | null {
  let minLat = Infinity;
  let minLon = Infinity;
  let maxLat = -Infinity;
  let maxLon = -Infinity;
  const add = (lat: number, lon: number) => {
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
    minLon = Math.min(minLon, lon);
    maxLon = Math.max(maxLon, lon);
  };
  for (const path of paths) for (let i = 0; i < path.lat.length; i++) add(path.lat[i]!, path.lon[i]!);
  for (const w of waypoints) add(w.lat, w.lon);
  return minLat === Infinity ? null : { minLat, minLon, maxLat, maxLon };
}

/** The index ranges [start, end) of a path's segments, empty ones left out. */
function segmentRanges(path: PathBuilder): Array<[number, number]> {
  const n = path.lat.length;
  const starts = path.segmentStarts.filter((s, i, all) => s < n && all.indexOf(s) === i);
  return starts.map((start, s) => [start, s + 1 < starts.length ? starts[s + 1]! : n]);
}

/**
 * The paths as points, all of them, or about `maxPoints` in all when they have more (each segment
 * its share, at least its two ends, simplified on the flat arrays before any point object is made).
 */
function outputPaths(paths: PathBuilder[], maxPoints: number | undefined, total: number): GpxPath[] {
  return paths.map((path) => {
    const points: GpxPoint[] = [];
    const segmentStarts: number[] = [];
    for (const [start, end] of segmentRanges(path)) {
      segmentStarts.push(points.length);
      const length = end - start;
      const budget = maxPoints !== undefined && total > maxPoints ? Math.max(2, Math.floor((length * maxPoints) / total)) : length;
      if (length <= budget) {
        for (let i = start; i < end; i++) points.push(pointAt(path, i));
      } else {
        for (const i of simplifyIndices(path.lat.slice(start, end), path.lon.slice(start, end), budget)) points.push(pointAt(path, start + i));
      }
    }
    return { name: path.name, points, segmentStarts };
  });
}

/** Every point of these paths' bounds, with the waypoints. */
export function boundsOfPaths(paths: GpxPath[], waypoints: GpxWaypoint[]): GpxBounds | null {
  return boundsOf(
    paths.map((p) => ({ ...newPath(), lat: p.points.map((x) => x.lat), lon: p.points.map((x) => x.lon) })),
    waypoints,
  );
}

/**
 * A streaming GPX reader (feed it text as it arrives, then `end()`), built on a strict,
 * non-validating XML parser. It expands no entities and loads nothing: a DOCTYPE (where entity
 * declarations live) is refused outright, before anything in it is read. Malformed XML, a root
 * element other than `gpx` and absurd nesting give 'Invalid GPX file format'; a file with no
 * content gives 'Empty GPX file'. Points whose coordinates are missing, not numbers or out of range
 * are dropped (and counted).
 */
export function createGpxParser(options: GpxParseOptions = {}) {
  const xml = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  const stack: string[] = [];
  const tracks: PathBuilder[] = [];
  const routes: PathBuilder[] = [];
  const waypoints: GpxWaypoint[] = [];
  let fileName: string | null = null;
  let path: PathBuilder | null = null;
  let point: PointBuilder | null = null;
  let text: string | null = null;
  let dropped = 0;
  let pointsRead = 0;
  let sawContent = false;
  let sawRoot = false;
  let started = false;

  const invalid = () => new GpxError(GPX_MESSAGES.invalid);

  xml.on('doctype', () => {
    throw invalid();
  });
  xml.on('error', () => {
    throw invalid();
  });
  xml.on('opentag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    const parent = stack[stack.length - 1];
    stack.push(name);
    if (stack.length > MAX_DEPTH) throw invalid();
    if (stack.length === 1) {
      if (name !== 'gpx') throw invalid();
      sawRoot = true;
      return;
    }
    if ((name === 'trk' || name === 'rte') && parent === 'gpx') {
      path = newPath();
      (name === 'trk' ? tracks : routes).push(path);
    } else if (name === 'trkseg' && parent === 'trk' && path) {
      if (path.lat.length > 0) path.segmentStarts.push(path.lat.length);
    } else if ((name === 'trkpt' && parent === 'trkseg') || (name === 'rtept' && parent === 'rte') || (name === 'wpt' && parent === 'gpx')) {
      pointsRead += 1;
      if (options.maxPoints !== undefined && pointsRead > options.maxPoints) throw new GpxError(gpxTooManyPointsMessage(options.maxPoints));
      point = { lat: numberOf(tag.attributes.lat), lon: numberOf(tag.attributes.lon), ele: Number.NaN, time: Number.NaN, name: null };
    } else if ((name === 'name' || name === 'ele' || name === 'time') && parent !== undefined && isTextParent(name, parent, stack)) {
      text = '';
    }
  });
  const onText = (chunk: string) => {
    if (text !== null && text.length < MAX_TEXT) text += chunk.slice(0, MAX_TEXT - text.length);
  };
  xml.on('text', onText);
  xml.on('cdata', onText);
  xml.on('closetag', () => {
    const name = stack.pop();
    if (text !== null && (name === 'name' || name === 'ele' || name === 'time')) {
      assignText(name, text);
      text = null;
      return;
    }
    if (name === 'trkpt' || name === 'rtept' || name === 'wpt') closePoint(name);
    else if (name === 'trk' || name === 'rte') path = null;
  });

  function isTextParent(name: string, parent: string, tags: string[]): boolean {
    if (parent === 'trkpt' || parent === 'rtept' || parent === 'wpt') return true;
    if (name !== 'name') return false;
    const grandparent = tags[tags.length - 3];
    return ((parent === 'trk' || parent === 'rte') && grandparent === 'gpx') || (parent === 'metadata' && grandparent === 'gpx') || (parent === 'gpx' && tags.length === 2);
  }

  function assignText(name: 'name' | 'ele' | 'time', value: string) {
    const parent = stack[stack.length - 1];
    if (point && (parent === 'trkpt' || parent === 'rtept' || parent === 'wpt')) {
      if (name === 'ele') point.ele = elevationOf(value);
      else if (name === 'time') point.time = timeOf(value);
      else point.name = value.trim() || null;
    } else if (name === 'name') {
      const trimmed = value.trim() || null;
      if ((parent === 'trk' || parent === 'rte') && path) path.name = trimmed;
      else if (fileName === null) fileName = trimmed;
    }
  }

  function closePoint(kind: 'trkpt' | 'rtept' | 'wpt') {
    const p = point;
    point = null;
    if (!p) return;
    const { lat, lon } = p;
    if (lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
      dropped += 1;
      return;
    }
    if (kind === 'wpt') {
      waypoints.push({ lat, lon, ele: Number.isNaN(p.ele) ? null : p.ele, time: Number.isNaN(p.time) ? null : new Date(p.time).toISOString(), name: p.name });
      return;
    }
    if (!path) return;
    path.lat.push(lat);
    path.lon.push(lon);
    path.ele.push(p.ele);
    path.time.push(p.time);
  }

  function toGpxError(error: unknown): never {
    if (error instanceof GpxError) throw error;
    throw invalid();
  }

  return {
    /** Feeds the next piece of the file's text. Throws GpxError as soon as the file is known to be unusable. */
    write(chunk: string): void {
      let piece = chunk;
      if (!started && piece.length > 0) {
        started = true;
        if (piece.charCodeAt(0) === 0xfeff) piece = piece.slice(1);
      }
      if (!sawContent && /\S/.test(piece)) sawContent = true;
      if (!sawContent) return;
      try {
        xml.write(piece);
      } catch (error) {
        toGpxError(error);
      }
    },

    /** Finishes the file and returns what it holds. */
    end(): GpxParseResult {
      if (!sawContent) throw new GpxError(GPX_MESSAGES.empty);
      try {
        xml.close();
      } catch (error) {
        toGpxError(error);
      }
      if (!sawRoot) throw invalid();
      const total = [...tracks, ...routes].reduce((sum, p) => sum + p.lat.length, 0);
      const data: GpxData = {
        name: fileName,
        tracks: outputPaths(tracks, options.maxPathPoints, total),
        routes: outputPaths(routes, options.maxPathPoints, total),
        waypoints,
        bounds: boundsOf([...tracks, ...routes], waypoints),
        summary: summarize(tracks, routes, waypoints.length),
      };
      const lines = [...tracks, ...routes].flatMap((path) => segmentRanges(path).map(([start, end]) => ({ lat: path.lat.slice(start, end), lon: path.lon.slice(start, end) })));
      return { data, droppedPoints: dropped, lines };
    },
  };
}

/** Parses a whole GPX text (see createGpxParser). Throws GpxError with the spec's message. */
export function parseGpxDetailed(text: string, options: GpxParseOptions = {}): GpxParseResult {
  const parser = createGpxParser(options);
  parser.write(text);
  return parser.end();
}

export function parseGpx(text: string, options: GpxParseOptions = {}): GpxData {
  return parseGpxDetailed(text, options).data;
}

/**
 * Whether a parsed file has anything to show: null when it does; otherwise the message to refuse
 * it with: 'Empty GPX file' when it holds no points at all, 'Invalid GPX file format' when it had
 * points but none of them had usable coordinates.
 */
export function gpxProblem(result: GpxParseResult): string | null {
  const { summary } = result.data;
  if (summary.pointCount + summary.waypointCount > 0) return null;
  return result.droppedPoints > 0 ? GPX_MESSAGES.invalid : GPX_MESSAGES.empty;
}

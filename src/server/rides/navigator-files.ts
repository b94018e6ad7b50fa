import { transliterate } from 'transliteration';
import { distanceKm } from '../../shared/geo/coordinates';
import { simplifyIndices, simplifyWithinMetres } from '../../shared/gpx/simplify';
import { escapeXml } from '../../shared/gpx/gpx-writer';
import { stripInvisible } from '../../shared/text/name-text';

/**
 * The files a ride is sent to navigators as (pure: the service gathers the ride and its road).
 *
 * GPX 1.1, written as Garmin BaseCamp writes a trip (compare test-data/fixtures/gpx/gpsbabel-basecamp.gpx):
 * a `<rte>` marked `trp:Trip` with motorcycling as its transport mode (TripExtensions v1), each
 * placed stop a `trp:ViaPoint` route point (announced, with its calculation and elevation mode),
 * and between the stops a few route points marked `trp:ShapingPoint` on the planned road, so a
 * zūmo that recalculates (it does on loading a trip, and after a detour) is held to that road.
 * Every route point carries the road to the next one as `gpxx:rpt` points (GpxExtensions v3), which
 * units that read them follow as is. At most 250 route points in all (Garmin's limit), the stops
 * first. A `<trk>` of the same road for devices and apps that follow tracks, and `<wpt>`s for the
 * stops. The road (track and rpt points alike) is thinned to 10,000 points, keeping its shape within 5 m.
 *
 * ITN (TomTom): `lon×100000|lat×100000|name|type|` lines, at most 255 (the most TomTom devices
 * accept), type 4 for the departure, 2 for each stop-over and the destination, 0 for the points
 * of the road in between (pass-by waypoints: TomTom routes through them without stopping). A
 * compact ITN of at most 48 lines for older units and the Rider models, which refuse longer ones.
 */

export interface PlacedStop {
  name: string;
  lat: number;
  lon: number;
}

export interface NavigatorRoute {
  name: string;
  description: string | null;
  /** The ride's page, written as the file's link. */
  url: string;
  stops: PlacedStop[];
  /** Stops kept as text only: named in the description, absent from the geometry. */
  unplacedStops: string[];
  /** The road through the stops as [lat, lon] pairs, or null without a router (straight lines then). */
  road: Array<[number, number]> | null;
}

export const GARMIN_GPXX_NS = 'http://www.garmin.com/xmlschemas/GpxExtensions/v3';
export const GARMIN_TRP_NS = 'http://www.garmin.com/xmlschemas/TripExtensions/v1';
/** Route points a Garmin unit takes in one route (zūmo, Montana, BaseCamp's transfer): stops and shaping points together. */
export const GARMIN_MAX_ROUTE_POINTS = 250;
/** Track points written at most: the road is thinned to this, keeping its shape within TRACK_TOLERANCE_M. */
export const TRACK_MAX_POINTS = 10_000;
/** 5 m, less the flat-earth error of the thinning over a ride's span (a few parts in a thousand). */
const TRACK_TOLERANCE_M = 4.5;
/** One shaping point per this much road between two stops: close enough that no other road fits between them. */
const SHAPING_EVERY_KM = 10;
/** BaseCamp's subclass for a route point that is not a map feature. */
const GARMIN_SUBCLASS = '000000000000FFFFFFFFFFFFFFFFFFFFFFFF';
/** TomTom devices since 2014 take at most 255 itinerary lines. */
export const ITN_MAX_LINES = 255;
/** Older TomTom units (GO before 2014) and the Rider models take at most 48. */
export const ITN_COMPACT_MAX_LINES = 48;

const coordinate = (value: number) => value.toFixed(6);

/**
 * The road cut at the stops: leg i runs from stop i to stop i + 1, both ends being the road's
 * points nearest to the stops (searched forward, so a road passing a stop twice is cut in order).
 * Without a road, each leg is the straight line between its stops.
 */
export function legsOf(stops: PlacedStop[], road: Array<[number, number]> | null): Array<Array<[number, number]>> {
  const legs: Array<Array<[number, number]>> = [];
  if (!road || road.length < 2) {
    for (let i = 0; i + 1 < stops.length; i++) legs.push([[stops[i]!.lat, stops[i]!.lon], [stops[i + 1]!.lat, stops[i + 1]!.lon]]);
    return legs;
  }
  const cuts = [0];
  for (let s = 1; s < stops.length - 1; s++) {
    const stop = stops[s]!;
    let best = cuts[cuts.length - 1]!;
    let bestDistance = Infinity;
    for (let i = best; i < road.length; i++) {
      const d = (road[i]![0] - stop.lat) ** 2 + ((road[i]![1] - stop.lon) * Math.cos((stop.lat * Math.PI) / 180)) ** 2;
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    }
    cuts.push(best);
  }
  cuts.push(road.length - 1);
  for (let i = 0; i + 1 < cuts.length; i++) legs.push(road.slice(cuts[i]!, cuts[i + 1]! + 1));
  return legs;
}

/** Kilometres from a line's start to each of its points. */
function alongKm(line: Array<[number, number]>): number[] {
  const along = [0];
  for (let i = 1; i < line.length; i++) along.push(along[i - 1]! + distanceKm({ lat: line[i - 1]![0], lon: line[i - 1]![1] }, { lat: line[i]![0], lon: line[i]![1] }));
  return along;
}

/** `count` inner indices of a leg, evenly spaced along its road (no stretch of road left unpinned). */
function evenlyAlong(leg: Array<[number, number]>, count: number): number[] {
  const along = alongKm(leg);
  const total = along[along.length - 1]!;
  const chosen: number[] = [];
  let i = 1;
  for (let k = 1; k <= count; k++) {
    const target = (total * k) / (count + 1);
    while (i < leg.length - 2 && along[i]! < target) i++;
    if (chosen[chosen.length - 1] !== i) chosen.push(i);
  }
  return chosen;
}

/**
 * How many shaping points each leg gets: one per SHAPING_EVERY_KM of its road (at least one when
 * it has a road between its stops), shared out by those wishes when they pass the room left under
 * Garmin's limit once every stop is counted.
 */
function shapingShares(legs: Array<Array<[number, number]>>, room: number): number[] {
  const wanted = legs.map((leg) => (leg.length > 2 ? Math.min(leg.length - 2, Math.max(1, Math.ceil(alongKm(leg)[leg.length - 1]! / SHAPING_EVERY_KM))) : 0));
  const total = wanted.reduce((sum, n) => sum + n, 0);
  return total <= room ? wanted : wanted.map((n) => Math.floor((room * n) / total));
}

interface RoutePoint {
  lat: number;
  lon: number;
  name: string;
  via: boolean;
  /** The road from this route point to the next one, thinned, both ends included (empty after the destination). */
  line: Array<[number, number]>;
}

/**
 * The route's points: each stop, then its leg's shaping points evenly along its road (about every
 * SHAPING_EVERY_KM, so no stretch is long enough for another road to take its place), each with
 * the piece of road to the next route point. Each piece is thinned on its own, keeping its shape
 * within TRACK_TOLERANCE_M and its two ends, so the shaping points stay on the thinned road; all
 * pieces together keep at most TRACK_MAX_POINTS (their shares are of a little less, for the ends
 * that pieces share and the two points every piece keeps).
 */
function routePoints(stops: PlacedStop[], legs: Array<Array<[number, number]>>, routed: boolean): RoutePoint[] {
  const shares = routed ? shapingShares(legs, Math.max(0, GARMIN_MAX_ROUTE_POINTS - stops.length)) : legs.map(() => 0);
  const total = legs.reduce((sum, leg) => sum + leg.length, 0);
  const room = TRACK_MAX_POINTS - 2 * GARMIN_MAX_ROUTE_POINTS;
  const points: RoutePoint[] = [];
  stops.forEach((stop, i) => {
    const leg = legs[i];
    if (!leg) {
      points.push({ lat: stop.lat, lon: stop.lon, name: stop.name, via: true, line: [] });
      return;
    }
    const bounds = [0, ...evenlyAlong(leg, shares[i]!), leg.length - 1];
    for (let n = 0; n + 1 < bounds.length; n++) {
      const piece = leg.slice(bounds[n]!, bounds[n + 1]! + 1);
      const budget = Math.max(2, Math.floor((room * piece.length) / total));
      const line = simplifyWithinMetres(piece.map((p) => p[0]), piece.map((p) => p[1]), TRACK_TOLERANCE_M, budget).map((k) => piece[k]!);
      const at = n === 0 ? { lat: stop.lat, lon: stop.lon, name: stop.name, via: true } : { lat: piece[0]![0], lon: piece[0]![1], name: `${stop.name} ${n}`, via: false };
      points.push({ ...at, line });
    }
  });
  return points;
}

function routePointXml(point: RoutePoint): string {
  const trip = point.via ? '<trp:ViaPoint><trp:CalculationMode>FasterTime</trp:CalculationMode><trp:ElevationMode>Standard</trp:ElevationMode></trp:ViaPoint>' : '<trp:ShapingPoint/>';
  const road = point.line
    .slice(1, -1)
    .map(([lat, lon]) => `<gpxx:rpt lat="${coordinate(lat)}" lon="${coordinate(lon)}"/>`)
    .join('');
  const extensions = `<extensions>${trip}<gpxx:RoutePointExtension><gpxx:Subclass>${GARMIN_SUBCLASS}</gpxx:Subclass>${road}</gpxx:RoutePointExtension></extensions>`;
  return `    <rtept lat="${coordinate(point.lat)}" lon="${coordinate(point.lon)}"><name>${escapeXml(point.name)}</name>${extensions}</rtept>`;
}

/** The GPX 1.1 file (see the module's comment). Needs at least two placed stops. */
export function rideGpx(route: NavigatorRoute): string {
  const { stops } = route;
  const points = routePoints(stops, legsOf(stops, route.road), route.road !== null && route.road.length >= 2);
  const lines: string[] = [];
  lines.push('<?xml version="1.0" encoding="UTF-8"?>');
  lines.push(
    `<gpx version="1.1" creator="RoadCaptain" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxx="${GARMIN_GPXX_NS}" xmlns:trp="${GARMIN_TRP_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd ${GARMIN_GPXX_NS} http://www8.garmin.com/xmlschemas/GpxExtensionsv3.xsd ${GARMIN_TRP_NS} http://www8.garmin.com/xmlschemas/TripExtensionsv1.xsd">`,
  );
  const description = [route.description, route.unplacedStops.length > 0 ? `Stops not on the map (left out of the route): ${route.unplacedStops.join('; ')}` : null].filter(Boolean).join('\n\n');
  lines.push(`  <metadata><name>${escapeXml(route.name)}</name>${description ? `<desc>${escapeXml(description)}</desc>` : ''}<link href="${escapeXml(route.url)}"><text>${escapeXml(route.name)}</text></link></metadata>`);
  for (const stop of stops) lines.push(`  <wpt lat="${coordinate(stop.lat)}" lon="${coordinate(stop.lon)}"><name>${escapeXml(stop.name)}</name></wpt>`);
  lines.push(`  <rte><name>${escapeXml(route.name)}</name>${description ? `<desc>${escapeXml(description)}</desc>` : ''}`);
  lines.push('    <extensions><trp:Trip><trp:TransportationMode>Motorcycling</trp:TransportationMode></trp:Trip></extensions>');
  for (const point of points) lines.push(routePointXml(point));
  lines.push('  </rte>');
  lines.push(`  <trk><name>${escapeXml(route.name)}</name><trkseg>`);
  points.forEach((point, i) => {
    // Each piece of road starts where the one before ended: that point is written once.
    for (const [lat, lon] of i === 0 ? point.line : point.line.slice(1)) lines.push(`    <trkpt lat="${coordinate(lat)}" lon="${coordinate(lon)}"/>`);
  });
  lines.push('  </trkseg></trk>');
  lines.push('</gpx>');
  return `${lines.join('\n')}\n`;
}

/**
 * Windows-1252 bytes, the encoding TomTom devices read ITN names in. Other characters are
 * transliterated to Latin letters ("Москва" -> "Moskva") and what still does not fit becomes "?".
 */
const CP1252_HIGH: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e,
  '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};

function cp1252Byte(char: string): number | null {
  const code = char.codePointAt(0)!;
  if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
  return CP1252_HIGH[char] ?? null;
}

export function toWindows1252(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text.normalize('NFC')) {
    const byte = cp1252Byte(char);
    if (byte !== null) {
      bytes.push(byte);
      continue;
    }
    for (const latin of transliterate(char)) bytes.push(cp1252Byte(latin) ?? 0x3f);
  }
  return Buffer.from(bytes);
}

/** A name fit for an ITN field: no bar (the field separator), no line breaks or controls, at most 64 characters. */
export function itnName(name: string): string {
  const clean = stripInvisible(name)
    .replace(/[|\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...clean].slice(0, 64).join('');
}

const itnCoordinate = (degrees: number) => String(Math.round(degrees * 100_000));

/**
 * The ITN lines: every stop, and between them as much of the road as fits in `maxLines`. The road
 * points left over after the stops are shared among the legs by their length in points, each leg
 * thinned by Ramer-Douglas-Peucker (simplifyIndices), so stops are always kept.
 */
export function rideItnLines(route: NavigatorRoute, maxLines = ITN_MAX_LINES): string[] {
  const { stops } = route;
  const legs = route.road ? legsOf(stops, route.road) : [];
  const room = Math.max(0, maxLines - stops.length);
  const inners = legs.map((leg) => leg.slice(1, -1));
  const total = inners.reduce((sum, leg) => sum + leg.length, 0);
  const lines: string[] = [];
  stops.forEach((stop, i) => {
    const type = i === 0 ? 4 : 2;
    lines.push(`${itnCoordinate(stop.lon)}|${itnCoordinate(stop.lat)}|${itnName(stop.name)}|${type}|`);
    const inner = inners[i];
    if (!inner || inner.length === 0 || i === stops.length - 1) return;
    const share = total <= room ? inner.length : Math.floor((room * inner.length) / total);
    if (share <= 0) return;
    // simplifyIndices keeps the ends of what it is given: hand it the leg with its stops, drop them after.
    const leg = legs[i]!;
    const kept = simplifyIndices(
      leg.map((p) => p[0]),
      leg.map((p) => p[1]),
      share + 2,
      { fill: true },
    ).filter((k) => k > 0 && k < leg.length - 1);
    kept.forEach((k, n) => lines.push(`${itnCoordinate(leg[k]![1])}|${itnCoordinate(leg[k]![0])}|${itnName(`${stop.name} ${n + 1}`)}|0|`));
  });
  return lines;
}

export function rideItn(route: NavigatorRoute, maxLines = ITN_MAX_LINES): Buffer {
  return toWindows1252(`${rideItnLines(route, maxLines).join('\r\n')}\r\n`);
}

import { transliterate } from 'transliteration';
import { simplifyIndices } from '../../shared/gpx/simplify';
import { escapeXml } from '../../shared/gpx/gpx-writer';
import { stripInvisible } from '../../shared/text/name-text';

/**
 * The files a ride is sent to navigators as (pure: the service gathers the ride and its road).
 *
 * GPX 1.1: a `<rte>` of the placed stops, each carrying the road to the next stop as Garmin
 * shaping points (`gpxx:RoutePointExtension`/`gpxx:rpt`, GpxExtensions v3): a Garmin unit then
 * follows the planned road instead of recalculating its own between the stops. A `<trk>` of the
 * same road for devices and apps that follow tracks, and `<wpt>`s for the stops.
 *
 * ITN (TomTom): `lon×100000|lat×100000|name|type|` lines, at most 255 (the most TomTom devices
 * accept), type 4 for the departure, 2 for each stop-over and the destination, 0 for the points
 * of the road in between (pass-by waypoints: TomTom routes through them without stopping).
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
/** TomTom devices since 2014 take at most 255 itinerary lines. */
export const ITN_MAX_LINES = 255;
/** Shaping points kept per leg: enough for any road a rider plans, small enough for a device. */
const MAX_SHAPING_POINTS_PER_LEG = 1000;

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

/** The points strictly between a leg's ends, thinned to at most `max` (shape kept by RDP). */
function interior(leg: Array<[number, number]>, max: number): Array<[number, number]> {
  const inner = leg.slice(1, -1);
  if (inner.length <= max) return inner;
  const kept = simplifyIndices(
    inner.map((p) => p[0]),
    inner.map((p) => p[1]),
    max,
  );
  return kept.map((i) => inner[i]!);
}

/** The GPX 1.1 file (see the module's comment). Needs at least two placed stops. */
export function rideGpx(route: NavigatorRoute): string {
  const { stops } = route;
  const legs = legsOf(stops, route.road);
  const lines: string[] = [];
  lines.push('<?xml version="1.0" encoding="UTF-8"?>');
  lines.push(
    `<gpx version="1.1" creator="RoadCaptain" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxx="${GARMIN_GPXX_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd ${GARMIN_GPXX_NS} http://www8.garmin.com/xmlschemas/GpxExtensionsv3.xsd">`,
  );
  const description = [route.description, route.unplacedStops.length > 0 ? `Stops not on the map (left out of the route): ${route.unplacedStops.join('; ')}` : null].filter(Boolean).join('\n\n');
  lines.push(`  <metadata><name>${escapeXml(route.name)}</name>${description ? `<desc>${escapeXml(description)}</desc>` : ''}<link href="${escapeXml(route.url)}"><text>${escapeXml(route.name)}</text></link></metadata>`);
  for (const stop of stops) lines.push(`  <wpt lat="${coordinate(stop.lat)}" lon="${coordinate(stop.lon)}"><name>${escapeXml(stop.name)}</name></wpt>`);
  lines.push(`  <rte><name>${escapeXml(route.name)}</name>${description ? `<desc>${escapeXml(description)}</desc>` : ''}`);
  stops.forEach((stop, i) => {
    const shaping = i < legs.length && route.road ? interior(legs[i]!, MAX_SHAPING_POINTS_PER_LEG) : [];
    const extension =
      shaping.length > 0
        ? `<extensions><gpxx:RoutePointExtension><gpxx:Subclass>000000000000FFFFFFFFFFFFFFFFFFFFFFFF</gpxx:Subclass>${shaping.map(([lat, lon]) => `<gpxx:rpt lat="${coordinate(lat)}" lon="${coordinate(lon)}"/>`).join('')}</gpxx:RoutePointExtension></extensions>`
        : '';
    lines.push(`    <rtept lat="${coordinate(stop.lat)}" lon="${coordinate(stop.lon)}"><name>${escapeXml(stop.name)}</name>${extension}</rtept>`);
  });
  lines.push('  </rte>');
  lines.push(`  <trk><name>${escapeXml(route.name)}</name><trkseg>`);
  legs.forEach((leg, i) => {
    // Each leg starts where the one before ended: that point is written once.
    for (const [lat, lon] of i === 0 ? leg : leg.slice(1)) lines.push(`    <trkpt lat="${coordinate(lat)}" lon="${coordinate(lon)}"/>`);
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
 * The ITN lines: every stop, and between them as much of the road as fits in 255 lines. The road
 * points left over after the stops are shared among the legs by their length in points, each leg
 * thinned by Ramer-Douglas-Peucker (simplifyIndices), so stops are always kept.
 */
export function rideItnLines(route: NavigatorRoute): string[] {
  const { stops } = route;
  const legs = route.road ? legsOf(stops, route.road) : [];
  const room = Math.max(0, ITN_MAX_LINES - stops.length);
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
    ).filter((k) => k > 0 && k < leg.length - 1);
    kept.forEach((k, n) => lines.push(`${itnCoordinate(leg[k]![1])}|${itnCoordinate(leg[k]![0])}|${itnName(`${stop.name} ${n + 1}`)}|0|`));
  });
  return lines;
}

export function rideItn(route: NavigatorRoute): Buffer {
  return toWindows1252(`${rideItnLines(route).join('\r\n')}\r\n`);
}

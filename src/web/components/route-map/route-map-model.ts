import { msg, plural } from '@lingui/core/macro';
import { i18n } from '../../lib/i18n/i18n';

/*
 * The texts this module writes (markers' titles, the map's name) are in the active language: they
 * are made while the maps render, and the maps make them again when the language changes.
 */

/** Spec 2 section 8, "Ride mini-map". */
export const MAP_NO_COORDINATES = msg`Could not find coordinates for the route locations`;
export const MAP_INIT_FAILED = msg`Failed to initialize map`;

/** Spec 2 section 9: map defaults. */
export const ROUTE_MAP_ZOOM = 13;
export const ROUTE_MAP_MAX_ZOOM = 18;
export const FIT_BOUNDS_PADDING = 20;

export interface MapStop {
  name: string;
  latitude: number | null;
  longitude: number | null;
}

/** A stop placed on the map; `number` is its place in the route (1 = start). */
export interface LocatedStop {
  name: string;
  latitude: number;
  longitude: number;
  number: number;
}

/** Coordinates the map can use: present, finite, and not the 0,0 a cleared waypoint row holds. */
export function hasCoordinates(stop: MapStop): stop is MapStop & { latitude: number; longitude: number } {
  const { latitude, longitude } = stop;
  if (latitude === null || longitude === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return false;
  return !(latitude === 0 && longitude === 0);
}

/**
 * The stops the map draws: those with coordinates, numbered by their place in the route. A stop the
 * server could not place stays off the map (the stop list says "not on the map"); the browser never
 * guesses a place for it, so nothing is drawn where the rider did not choose.
 */
export function placedStops(stops: readonly MapStop[]): LocatedStop[] {
  const placed: LocatedStop[] = [];
  stops.forEach((stop, index) => {
    if (hasCoordinates(stop)) placed.push({ name: stop.name, latitude: stop.latitude, longitude: stop.longitude, number: index + 1 });
  });
  return placed;
}

/** Markers are 28 px wide; two centres closer than this would cover each other's number. */
export const MARKER_GAP_PX = 30;
/** A route of several stops is fitted no closer than this (a single stop sits at ROUTE_MAP_ZOOM). */
export const ROUTE_FIT_MAX_ZOOM = 16;
/** Start and end this close (metres) make a loop: the same car park, not a different town. */
const LOOP_RADIUS_M = 150;

export type MarkerKind = 'start' | 'finish' | 'stop';

/**
 * What a stop's marker says: the start is "S" and the end "F" (a flag), every stop between them its
 * number in the route, as in the stop list, so a loop's start and finish are told apart.
 */
export function markerOf(stop: LocatedStop, totalStops: number): { kind: MarkerKind; text: string; title: string } {
  const { name, number } = stop;
  if (number === 1) return { kind: 'start', text: 'S', title: i18n._(msg`Start: ${name}`) };
  if (number === totalStops) return { kind: 'finish', text: 'F', title: i18n._(msg`Finish: ${name}`) };
  return { kind: 'stop', text: String(number), title: i18n._(msg`Stop ${number}: ${name}`) };
}

function metresBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A ride that ends where it started (same name, or within LOOP_RADIUS_M of it). */
export function isLoop(stops: readonly MapStop[]): boolean {
  if (stops.length < 2) return false;
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  if (first.name.trim() !== '' && first.name.trim().toLocaleLowerCase() === last.name.trim().toLocaleLowerCase()) return true;
  return hasCoordinates(first) && hasCoordinates(last) && metresBetween(first, last) <= LOOP_RADIUS_M;
}

/** The map's name for screen readers: "Route map: Bologna to Firenze, 3 stops" ("a loop from Bologna" for a loop). */
export function routeMapLabel(stops: readonly MapStop[]): string {
  const count = stops.length;
  const first = stops[0]?.name ?? '';
  const last = stops[stops.length - 1]?.name ?? '';
  if (count <= 1) return i18n._(msg`Route map: ${first}, ${plural(count, { one: '# stop', other: '# stops' })}`);
  return isLoop(stops)
    ? i18n._(msg`Route map: a loop from ${first}, ${plural(count, { one: '# stop', other: '# stops' })}`)
    : i18n._(msg`Route map: ${first} to ${last}, ${plural(count, { one: '# stop', other: '# stops' })}`);
}

export interface ScreenPoint {
  x: number;
  y: number;
}

/**
 * Where to draw each marker so none covers another (all in screen pixels). Markers closer than
 * `gap` push each other apart along the line between them, a little at a time, until none touch:
 * each moves only as far as it must, so the picture keeps its geography (the finish stays south of
 * a stop it was south of). Two markers on the same spot (a loop's start and finish) part sideways,
 * the earlier one to the left. With `frame` (the map's size), no marker leaves it. If pushing does
 * not settle (a crowd in a small frame), the crowd is laid out on rings instead (ringLayout).
 */
export function spreadMarkers(points: readonly ScreenPoint[], gap = MARKER_GAP_PX, frame?: { width: number; height: number }): ScreenPoint[] {
  const half = gap / 2;
  const clamp = (p: ScreenPoint): ScreenPoint =>
    frame
      ? {
          x: frame.width <= gap ? frame.width / 2 : Math.min(Math.max(p.x, half), frame.width - half),
          y: frame.height <= gap ? frame.height / 2 : Math.min(Math.max(p.y, half), frame.height - half),
        }
      : p;
  const placed = points.map((p) => clamp({ x: p.x, y: p.y }));
  let sameSpot = 0;
  for (let pass = 0; pass < 300; pass++) {
    let clear = true;
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        const a = placed[i]!;
        const b = placed[j]!;
        const d = Math.hypot(b.x - a.x, b.y - a.y);
        if (d >= gap - 0.01) continue;
        clear = false;
        // Same spot: the first pair parts sideways (earlier left), later ones at other angles so a crowd fans out.
        const angle = d < 0.01 ? sameSpot++ * 2.399963 : 0;
        const [ux, uy] = d < 0.01 ? [Math.cos(angle), Math.sin(angle)] : [(b.x - a.x) / d, (b.y - a.y) / d];
        const push = (gap - d) / 2 + 0.05;
        placed[i] = clamp({ x: a.x - ux * push, y: a.y - uy * push });
        placed[j] = clamp({ x: b.x + ux * push, y: b.y + uy * push });
      }
    }
    if (clear) return placed.map((p) => ({ x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 }));
  }
  return ringLayout(points, gap, frame);
}

/**
 * The fallback: markers that would touch form a group laid out on a ring round the group's centre,
 * in route order clockwise from the top (two side by side: earlier left); groups whose rings would
 * touch or hold one another merge and are laid out again; with `frame`, a ring moves inside it whole.
 */
function ringLayout(points: readonly ScreenPoint[], gap = MARKER_GAP_PX, frame?: { width: number; height: number }): ScreenPoint[] {
  const groupOf = points.map((_, i) => i);
  const placed = points.map((p) => ({ x: p.x, y: p.y }));
  const rings = points.map((p) => ({ x: p.x, y: p.y, radius: 0 }));

  const layOut = (group: number) => {
    const ids = groupOf.flatMap((g, i) => (g === group ? [i] : []));
    const k = ids.length;
    let cx = ids.reduce((sum, i) => sum + points[i]!.x, 0) / k;
    let cy = ids.reduce((sum, i) => sum + points[i]!.y, 0) / k;
    const radius = k === 1 ? 0 : k === 2 ? gap / 2 : gap / (2 * Math.sin(Math.PI / k));
    if (frame) {
      const margin = gap / 2 + radius;
      cx = frame.width <= 2 * margin ? frame.width / 2 : Math.min(Math.max(cx, margin), frame.width - margin);
      cy = frame.height <= 2 * margin ? frame.height / 2 : Math.min(Math.max(cy, margin), frame.height - margin);
    }
    rings[group] = { x: cx, y: cy, radius };
    const startAngle = k === 2 ? Math.PI : -Math.PI / 2;
    ids.forEach((id, n) => {
      const angle = startAngle + (2 * Math.PI * n) / k;
      // Rounded to a hundredth of a pixel: no 1e-15 drift between markers that share a row.
      placed[id] = k === 1 ? { x: cx, y: cy } : { x: Math.round((cx + radius * Math.cos(angle)) * 100) / 100, y: Math.round((cy + radius * Math.sin(angle)) * 100) / 100 };
    });
  };

  const findClash = (): [number, number] | null => {
    const groups = [...new Set(groupOf)];
    for (let a = 0; a < groups.length; a++) {
      for (let b = a + 1; b < groups.length; b++) {
        const ra = rings[groups[a]!]!;
        const rb = rings[groups[b]!]!;
        if (Math.hypot(ra.x - rb.x, ra.y - rb.y) < ra.radius + rb.radius + gap - 0.01) return [groups[a]!, groups[b]!];
      }
    }
    return null;
  };

  if (frame) points.forEach((_, i) => layOut(i));
  for (let clash = findClash(); clash; clash = findClash()) {
    const [keep, drop] = clash;
    groupOf.forEach((g, i) => {
      if (g === drop) groupOf[i] = keep;
    });
    layOut(keep);
  }
  return placed;
}

/** How wide a marker is drawn for its text: a 28 px circle, or a pill for a group such as "10–11". */
export function markerWidth(text: string): number {
  return text.length <= 2 ? 28 : 12 + 7 * text.length;
}

/** One marker as drawn: a stop, or several stops in a row shown as one ("2–4"). */
export interface PlacedMarker {
  kind: MarkerKind;
  text: string;
  title: string;
  /** Indexes (into the stops given) of the stops it stands for. */
  members: number[];
  x: number;
  y: number;
  width: number;
}

/**
 * The markers of a route at the map's current zoom (screen pixels in, screen pixels out). Stops
 * between start and finish that follow one another in the route and would cover each other become
 * one marker named by their range ("2–4"; zoom in to see them apart). Start and finish are never
 * grouped, so a loop still shows "S" and "F"; what still overlaps after grouping (a loop's start and
 * finish, a group beside the start) is nudged apart by spreadMarkers.
 */
export function layoutMarkers(stops: readonly LocatedStop[], screen: readonly ScreenPoint[], totalStops: number, frame?: { width: number; height: number }): PlacedMarker[] {
  const groups: Array<{ members: number[]; x: number; y: number }> = [];
  stops.forEach((stop, index) => {
    const point = screen[index]!;
    const previous = groups[groups.length - 1];
    const kind = markerOf(stop, totalStops).kind;
    const previousKind = previous ? markerOf(stops[previous.members[0]!]!, totalStops).kind : null;
    const consecutive = previous ? stops[previous.members[previous.members.length - 1]!]!.number === stop.number - 1 : false;
    if (previous && kind === 'stop' && previousKind === 'stop' && consecutive && Math.hypot(previous.x - point.x, previous.y - point.y) < MARKER_GAP_PX) {
      previous.members.push(index);
      previous.x = previous.members.reduce((sum, i) => sum + screen[i]!.x, 0) / previous.members.length;
      previous.y = previous.members.reduce((sum, i) => sum + screen[i]!.y, 0) / previous.members.length;
    } else {
      groups.push({ members: [index], x: point.x, y: point.y });
    }
  });

  const markers = groups.map((group): Omit<PlacedMarker, 'x' | 'y'> => {
    const first = stops[group.members[0]!]!;
    if (group.members.length === 1) {
      const marker = markerOf(first, totalStops);
      return { ...marker, members: group.members, width: markerWidth(marker.text) };
    }
    const last = stops[group.members[group.members.length - 1]!]!;
    const text = `${first.number}–${last.number}`;
    const names = group.members.map((i) => stops[i]!.name).join(', ');
    return { kind: 'stop', text, title: i18n._(msg`Stops ${text}: ${names}`), members: group.members, width: markerWidth(text) };
  });
  const gap = Math.max(MARKER_GAP_PX, ...markers.map((m) => m.width + 2));
  const spread = spreadMarkers(groups, gap, frame);
  return markers.map((marker, i) => ({ ...marker, x: spread[i]!.x, y: spread[i]!.y }));
}

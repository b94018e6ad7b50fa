import { describe, expect, it } from 'vitest';
import { hasCoordinates, isLoop, layoutMarkers, MARKER_GAP_PX, markerOf, placedStops, routeMapLabel, spreadMarkers, type LocatedStop, type ScreenPoint } from './route-map-model';

describe('placedStops', () => {
  it('draws only the stops with coordinates, numbered by their place in the route, and never looks a name up', () => {
    const stops = placedStops([
      { name: 'Bologna', latitude: 44.49, longitude: 11.34 },
      { name: 'Modena', latitude: 0, longitude: 0 },
      { name: 'Nowhere at all', latitude: null, longitude: null },
      { name: 'Parma', latitude: 44.8, longitude: 10.33 },
    ]);
    expect(stops).toEqual([
      { name: 'Bologna', latitude: 44.49, longitude: 11.34, number: 1 },
      { name: 'Parma', latitude: 44.8, longitude: 10.33, number: 4 },
    ]);
  });

  it('treats 0,0 (a cleared waypoint) and missing values as no coordinates', () => {
    expect(hasCoordinates({ name: 'a', latitude: 0, longitude: 0 })).toBe(false);
    expect(hasCoordinates({ name: 'a', latitude: null, longitude: 1 })).toBe(false);
    expect(hasCoordinates({ name: 'a', latitude: 0, longitude: 1 })).toBe(true);
  });
});

const distance = (a: ScreenPoint, b: ScreenPoint) => Math.hypot(a.x - b.x, a.y - b.y);
function closestPair(points: ScreenPoint[]): number {
  let min = Infinity;
  points.forEach((a, i) => points.slice(i + 1).forEach((b) => (min = Math.min(min, distance(a, b)))));
  return min;
}

describe('markers on a loop', () => {
  const loop = [
    { name: 'Bologna, Piazza Maggiore', latitude: 44.4938, longitude: 11.3426 },
    { name: 'Passo della Futa', latitude: 44.0911, longitude: 11.2835 },
    { name: 'Bologna, Piazza Maggiore', latitude: 44.4938, longitude: 11.3426 },
  ];

  it('calls the start "S" and the finish "F" even where they are the same place, and the stops between by number', () => {
    const placed = placedStops(loop);
    expect(placed.map((s) => markerOf(s, loop.length))).toEqual([
      { kind: 'start', text: 'S', title: 'Start: Bologna, Piazza Maggiore' },
      { kind: 'stop', text: '2', title: 'Stop 2: Passo della Futa' },
      { kind: 'finish', text: 'F', title: 'Finish: Bologna, Piazza Maggiore' },
    ]);
  });

  it('draws the start and the finish side by side, start on the left, instead of one on top of the other', () => {
    const [start, finish] = spreadMarkers([
      { x: 100, y: 60 },
      { x: 100, y: 60 },
    ]);
    expect(start!.x).toBeLessThan(finish!.x);
    expect(start!.y).toBeCloseTo(finish!.y);
    expect(distance(start!, finish!)).toBeCloseTo(MARKER_GAP_PX, 0);
    expect((start!.x + finish!.x) / 2).toBeCloseTo(100, 1);
  });

  it('knows a loop by the same place (or name) at both ends, and names the map for screen readers', () => {
    expect(isLoop(loop)).toBe(true);
    expect(isLoop([loop[0]!, loop[1]!, { name: 'Bologna Fiera', latitude: 44.4948, longitude: 11.3432 }])).toBe(true);
    expect(isLoop([loop[0]!, loop[1]!])).toBe(false);
    expect(routeMapLabel(loop)).toBe('Route map: a loop from Bologna, Piazza Maggiore, 3 stops');
    expect(routeMapLabel([{ name: 'Bologna', latitude: 44.49, longitude: 11.34 }, { name: 'Modena', latitude: null, longitude: null }, { name: 'Firenze', latitude: 43.77, longitude: 11.25 }])).toBe(
      'Route map: Bologna to Firenze, 3 stops',
    );
    expect(routeMapLabel([{ name: 'Bologna', latitude: 44.49, longitude: 11.34 }])).toBe('Route map: Bologna, 1 stop');
  });
});

describe('markers that would pile up', () => {
  it('leaves markers that do not touch where they are', () => {
    const points = [
      { x: 10, y: 10 },
      { x: 100, y: 10 },
      { x: 100, y: 100 },
    ];
    expect(spreadMarkers(points)).toEqual(points);
  });

  it('spreads twelve stops within a few pixels so no two touch, each still near its place', () => {
    const points = Array.from({ length: 12 }, (_, i) => ({ x: 200 + (i % 3), y: 150 + (i % 4) }));
    const spread = spreadMarkers(points);
    expect(closestPair(spread)).toBeGreaterThanOrEqual(MARKER_GAP_PX - 0.01);
    spread.forEach((p, i) => expect(distance(p, points[i]!)).toBeLessThan(3 * MARKER_GAP_PX));
  });

  it('moves a marker only as far as it must, keeping north above south', () => {
    const [north, south] = spreadMarkers([
      { x: 100, y: 100 },
      { x: 100, y: 110 },
    ]);
    expect(north!.x).toBeCloseTo(100);
    expect(north!.y).toBeCloseTo(90, 0);
    expect(south!.x).toBeCloseTo(100);
    expect(south!.y).toBeGreaterThan(north!.y + MARKER_GAP_PX - 0.01);
  });

  it('merges a group that would touch a neighbour after spreading, and keeps far stops in place', () => {
    const points = [
      { x: 100, y: 100 },
      { x: 104, y: 100 },
      { x: 130, y: 100 },
      { x: 400, y: 300 },
    ];
    const spread = spreadMarkers(points);
    expect(closestPair(spread)).toBeGreaterThanOrEqual(MARKER_GAP_PX - 0.01);
    expect(spread[3]).toEqual({ x: 400, y: 300 });
  });

  it('keeps a spread group whole inside the map frame', () => {
    const spread = spreadMarkers(
      Array.from({ length: 5 }, () => ({ x: 2, y: 2 })),
      MARKER_GAP_PX,
      { width: 300, height: 144 },
    );
    for (const p of spread) {
      expect(p.x).toBeGreaterThanOrEqual(MARKER_GAP_PX / 2 - 0.01);
      expect(p.y).toBeGreaterThanOrEqual(MARKER_GAP_PX / 2 - 0.01);
    }
    expect(closestPair(spread)).toBeGreaterThanOrEqual(MARKER_GAP_PX - 0.01);
  });
});

describe('laying out a route\'s markers at one zoom', () => {
  const stop = (number: number, name = `Stop ${number}`): LocatedStop => ({ name, latitude: 44 + number / 100, longitude: 11, number });

  it('groups stops in a row that would cover each other into one "2–4" marker, and never groups the start or the finish', () => {
    const stops = [1, 2, 3, 4, 5, 6].map((n) => stop(n, ['Bologna', 'Pianoro fuel', 'Pianoro bar', 'Pianoro view', 'Loiano', 'Firenze'][n - 1]));
    const screen = [
      { x: 20, y: 20 },
      { x: 100, y: 100 },
      { x: 104, y: 102 },
      { x: 101, y: 108 },
      { x: 200, y: 60 },
      { x: 260, y: 120 },
    ];
    const markers = layoutMarkers(stops, screen, 6);
    expect(markers.map((m) => [m.text, m.members])).toEqual([
      ['S', [0]],
      ['2–4', [1, 2, 3]],
      ['5', [4]],
      ['F', [5]],
    ]);
    expect(markers[1]!.title).toBe('Stops 2–4: Pianoro fuel, Pianoro bar, Pianoro view');
    expect(markers[1]!.width).toBeGreaterThan(28);
    // Stops that do not touch stay where they are.
    expect(markers[2]).toMatchObject({ x: 200, y: 60 });
  });

  it('keeps a loop\'s start and finish as two markers side by side, start on the left, the other stops in place', () => {
    const stops = [1, 2, 3, 4].map((n) => stop(n));
    const screen = [
      { x: 150, y: 70 },
      { x: 150, y: 120 },
      { x: 40, y: 40 },
      { x: 150, y: 70 },
    ];
    const markers = layoutMarkers(stops, screen, 4, { width: 300, height: 144 });
    expect(markers.map((m) => m.text)).toEqual(['S', '2', '3', 'F']);
    expect(closestPair(markers)).toBeGreaterThanOrEqual(MARKER_GAP_PX - 0.01);
    const [start, second, , finish] = markers;
    expect(start!.x).toBeLessThan(finish!.x);
    expect(start!.y).toBeCloseTo(finish!.y);
    expect(second).toMatchObject({ x: 150, y: 120 });
  });
});

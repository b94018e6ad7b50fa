import { describe, expect, it } from 'vitest';
import { acrossTheMeridian } from './preview-image';

describe('a route across the 180th meridian', () => {
  it('keeps the short way: the finish east of a start just west of 180°, and the stops beside the line', () => {
    // Fiji: from Labasa's side of 180° to Taveuni's, 24 km.
    const stops = [{ lat: -17.8, lon: 179.9 }, { lat: -17.9, lon: -179.9 }];
    const { line, stops: placed } = acrossTheMeridian(stops, stops);
    expect(line.map((p) => p.lon)).toEqual([179.9, 180.1]);
    expect(placed.map((p) => p.lon)).toEqual([179.9, 180.1]);
    expect(placed[1]!.lon - placed[0]!.lon).toBeCloseTo(0.2);
  });

  it('follows a road that crosses back and forth, and leaves a route far from it as it is', () => {
    const road = [{ lat: 65, lon: -179.5 }, { lat: 65.1, lon: 179.8 }, { lat: 65.2, lon: -179.9 }];
    expect(acrossTheMeridian(road, [road[0]!, road[2]!]).line.map((p) => p.lon)).toEqual([-179.5, -180.2, -179.9]);
    const alps = [{ lat: 46.5, lon: 10.4 }, { lat: 46.6, lon: 10.9 }];
    expect(acrossTheMeridian(alps, alps)).toEqual({ line: alps, stops: alps });
  });
});

import { describe, expect, it } from 'vitest';
import { hasCoordinates, placedStops } from './route-map-model';

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

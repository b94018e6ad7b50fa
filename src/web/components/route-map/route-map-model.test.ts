import { describe, expect, it, vi } from 'vitest';
import { hasCoordinates, locateStops } from './route-map-model';

const result = (lat: string, lon: string) => ({ place_id: 'x', display_name: 'x', lat, lon, type: 'city' });

describe('locateStops', () => {
  it('keeps stored coordinates and looks up only the stops without them (first result)', async () => {
    const search = vi.fn(async (q: string) => (q === 'Modena' ? [result('44.6471', '10.9252'), result('1', '1')] : []));
    const stops = await locateStops(
      [
        { name: 'Bologna', latitude: 44.49, longitude: 11.34 },
        { name: 'Modena', latitude: 0, longitude: 0 },
        { name: 'Nowhere at all', latitude: null, longitude: null },
        { name: 'Parma', latitude: 44.8, longitude: 10.33 },
      ],
      search,
    );
    expect(search.mock.calls.map((c) => c[0])).toEqual(['Modena', 'Nowhere at all']);
    expect(stops).toEqual([
      { name: 'Bologna', latitude: 44.49, longitude: 11.34, number: 1 },
      { name: 'Modena', latitude: 44.6471, longitude: 10.9252, number: 2 },
      { name: 'Parma', latitude: 44.8, longitude: 10.33, number: 4 },
    ]);
  });

  it('rejects when a look-up fails (the map then says "Failed to load route locations")', async () => {
    await expect(locateStops([{ name: 'Modena', latitude: null, longitude: null }], () => Promise.reject(new Error('500')))).rejects.toThrow('500');
  });

  it('treats 0,0 (a cleared waypoint) and missing values as no coordinates', () => {
    expect(hasCoordinates({ name: 'a', latitude: 0, longitude: 0 })).toBe(false);
    expect(hasCoordinates({ name: 'a', latitude: null, longitude: 1 })).toBe(false);
    expect(hasCoordinates({ name: 'a', latitude: 0, longitude: 1 })).toBe(true);
  });
});

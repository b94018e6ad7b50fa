import { describe, expect, it } from 'vitest';
import { COORDINATES_OUT_OF_RANGE, distanceKm, parseLatLon } from './coordinates';

describe('parseLatLon', () => {
  it('reads a latitude,longitude pair', () => {
    expect(parseLatLon('48.8566,2.3522')).toEqual({ ok: true, lat: 48.8566, lon: 2.3522 });
    expect(parseLatLon(' -33.87 , 151.21 ')).toEqual({ ok: true, lat: -33.87, lon: 151.21 });
    expect(parseLatLon('+90,-180')).toEqual({ ok: true, lat: 90, lon: -180 });
    expect(parseLatLon('0,.5')).toEqual({ ok: true, lat: 0, lon: 0.5 });
  });

  it('answers null for text that is not a pair', () => {
    for (const text of ['Paris', '48.8566', '48.8566,', '1,2,3', 'Route 66, USA', '12 Main St', '1e5,2', '', '48.8566;2.3522']) {
      expect(parseLatLon(text)).toBeNull();
    }
  });

  it('refuses a pair out of range', () => {
    for (const text of ['90.0001,0', '-91,0', '0,180.5', '0,-181', '1000,1000']) {
      expect(parseLatLon(text)).toEqual({ ok: false, message: COORDINATES_OUT_OF_RANGE });
    }
  });
});

describe('distanceKm', () => {
  it('measures great-circle distance on a 6371 km sphere', () => {
    expect(distanceKm({ lat: 0, lon: 0 }, { lat: 0, lon: 0 })).toBe(0);
    expect(distanceKm({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(Math.PI * 6371, 6);
    // Paris to London, about 344 km.
    expect(distanceKm({ lat: 48.8566, lon: 2.3522 }, { lat: 51.5074, lon: -0.1278 })).toBeCloseTo(343.5, 0);
  });
});

import { describe, expect, it } from 'vitest';
import * as shared from '../../../shared/rides/ride';
import { localDay, offsetMinutes, rideStops, type RideRoute } from './ride-time';

const base: RideRoute = {
  startLocation: 'Bologna',
  startLatitude: 44.49,
  startLongitude: 11.34,
  midpointLocation: 'Modena',
  midpointLatitude: 44.65,
  midpointLongitude: 10.93,
  waypoints: [],
  endLocation: 'Parma',
  endLatitude: 44.8,
  endLongitude: 10.33,
};

describe('ride time helpers (copies of src/shared/rides/ride.ts)', () => {
  it.each(['UTC+00:00', 'UTC+05:30', 'UTC-09:30', 'UTC+14:00', 'nonsense'])('offsetMinutes(%s) matches the shared one', (offset) => {
    expect(offsetMinutes(offset)).toBe(shared.offsetMinutes(offset));
  });

  it.each([
    ['2026-12-05T08:00:00.000Z', 'UTC+01:00'],
    ['2026-12-04T23:30:00.000Z', 'UTC+10:00'],
    ['2026-12-05T02:00:00.000Z', 'UTC-05:00'],
  ])('localDay(%s, %s) matches the shared one', (iso, offset) => {
    expect(localDay(iso, offset)).toBe(shared.localDay(iso, offset));
  });

  it('lists the same stops, with waypoints replacing the midpoint', () => {
    expect(rideStops(base)).toEqual(shared.rideStops(base));
    const withWaypoints = { ...base, waypoints: [{ name: 'Reggio Emilia', latitude: 44.7, longitude: 10.63 }] };
    expect(rideStops(withWaypoints)).toEqual(shared.rideStops(withWaypoints));
    expect(rideStops(withWaypoints).map((s) => s.name)).toEqual(['Bologna', 'Reggio Emilia', 'Parma']);
    expect(rideStops({ ...base, midpointLocation: null }).map((s) => s.name)).toEqual(['Bologna', 'Parma']);
  });
});

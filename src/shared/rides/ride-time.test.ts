import { describe, expect, it } from 'vitest';
import { clockTimeIn, dayLabel, daysBetween, endOfLocalDay, localDay, rideEndInstant, rideStops, zonedDateTimeToIso, type RideRoute } from './ride-time';

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

describe('ride time helpers', () => {
  it.each([
    ['2026-12-05T08:00:00.000Z', 'Europe/Berlin', '2026-12-05'],
    ['2026-12-04T23:30:00.000Z', 'Australia/Brisbane', '2026-12-05'],
    ['2026-12-05T02:00:00.000Z', 'America/New_York', '2026-12-04'],
  ])('localDay(%s, %s) is %s', (iso, zone, day) => {
    expect(localDay(iso, zone)).toBe(day);
  });

  it('turns a day and time in a zone into the instant, and back to the same day', () => {
    expect(zonedDateTimeToIso('2026-12-05', '09:00', 'Europe/Berlin')).toBe('2026-12-05T08:00:00.000Z');
    expect(localDay(zonedDateTimeToIso('2026-12-05', '00:30', 'Australia/Brisbane'), 'Australia/Brisbane')).toBe('2026-12-05');
  });

  it('places a July day and time in its summer time, and ends the day there', () => {
    expect(zonedDateTimeToIso('2026-07-04', '09:00', 'Europe/Berlin')).toBe('2026-07-04T07:00:00.000Z');
    expect(endOfLocalDay('2026-07-04', 'Europe/Berlin')).toBe('2026-07-04T21:59:59.999Z');
    expect(localDay('2026-07-04T22:30:00.000Z', 'Europe/Berlin')).toBe('2026-07-05');
  });

  it('ends a ride at the end of its last day on its own clock, never before the day it starts', () => {
    expect(endOfLocalDay('2026-12-07', 'Europe/Berlin')).toBe('2026-12-07T22:59:59.999Z');
    expect(endOfLocalDay('2026-12-07', 'America/New_York')).toBe('2026-12-08T04:59:59.999Z');
    // The form sends the end day's midnight.
    expect(rideEndInstant('2026-12-05T08:00:00.000Z', zonedDateTimeToIso('2026-12-07', '00:00', 'Europe/Berlin'), 'Europe/Berlin')).toBe('2026-12-07T22:59:59.999Z');
    // A same-day ride whose end was stored before its start.
    expect(rideEndInstant('2026-12-05T23:30:00.000Z', '2026-12-05T05:00:00.000Z', 'America/New_York')).toBe('2026-12-06T04:59:59.999Z');
    expect(rideEndInstant('2026-12-05T08:00:00.000Z', '2026-12-01T00:00:00.000Z', 'UTC')).toBe('2026-12-05T23:59:59.999Z');
  });

  it('lists the days between two days, across a year, and names a day as "Dec 5, 2026"', () => {
    expect(daysBetween('2026-12-30', '2027-01-01')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(daysBetween('2026-12-05', '2026-12-05')).toEqual(['2026-12-05']);
    expect(daysBetween('2026-12-05', '2026-12-04')).toEqual([]);
    expect([dayLabel('2026-12-05'), dayLabel('2027-01-31'), dayLabel('not a day'), dayLabel('2026-13-01')]).toEqual(['Dec 5, 2026', 'Jan 31, 2027', '', '']);
  });

  it('lists the stops in order, with waypoints replacing the midpoint', () => {
    expect(rideStops(base).map((s) => s.name)).toEqual(['Bologna', 'Modena', 'Parma']);
    const withWaypoints = { ...base, waypoints: [{ name: 'Reggio Emilia', latitude: 44.7, longitude: 10.63 }] };
    expect(rideStops(withWaypoints).map((s) => s.name)).toEqual(['Bologna', 'Reggio Emilia', 'Parma']);
    expect(rideStops({ ...base, midpointLocation: null }).map((s) => s.name)).toEqual(['Bologna', 'Parma']);
  });

  it("writes a time of day on the reader's clock, the region's short time", () => {
    expect(clockTimeIn('02:30', 'en-US')).toMatch(/^2:30\sAM$/);
    expect(clockTimeIn('14:05', 'en-US')).toMatch(/^2:05\sPM$/);
    expect(clockTimeIn('02:30', 'it')).toBe('02:30');
    expect(clockTimeIn('02:30', 'en-GB')).toBe('02:30');
    expect(clockTimeIn('14:05', 'de')).toBe('14:05');
    expect(clockTimeIn('soon', 'it')).toBe('soon');
  });
});

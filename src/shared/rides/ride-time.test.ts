import { describe, expect, it } from 'vitest';
import { dayLabel, daysBetween, endOfLocalDay, localDay, offsetMinutes, rideEndInstant, rideStops, zonedDateTimeToIso, type RideRoute } from './ride-time';

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
    ['UTC+00:00', 0],
    ['UTC+05:30', 330],
    ['UTC-09:30', -570],
    ['UTC+14:00', 840],
    ['nonsense', 0],
  ])('offsetMinutes(%s) is %i', (offset, minutes) => {
    expect(offsetMinutes(offset)).toBe(minutes);
  });

  it.each([
    ['2026-12-05T08:00:00.000Z', 'UTC+01:00', '2026-12-05'],
    ['2026-12-04T23:30:00.000Z', 'UTC+10:00', '2026-12-05'],
    ['2026-12-05T02:00:00.000Z', 'UTC-05:00', '2026-12-04'],
  ])('localDay(%s, %s) is %s', (iso, offset, day) => {
    expect(localDay(iso, offset)).toBe(day);
  });

  it('turns a day and time in a zone into the instant, and back to the same day', () => {
    expect(zonedDateTimeToIso('2026-12-05', '09:00', 'UTC+01:00')).toBe('2026-12-05T08:00:00.000Z');
    expect(localDay(zonedDateTimeToIso('2026-12-05', '00:30', 'UTC+10:00'), 'UTC+10:00')).toBe('2026-12-05');
  });

  it('ends a ride at the end of its last day on its own clock, never before the day it starts', () => {
    expect(endOfLocalDay('2026-12-07', 'UTC+01:00')).toBe('2026-12-07T22:59:59.999Z');
    expect(endOfLocalDay('2026-12-07', 'UTC-05:00')).toBe('2026-12-08T04:59:59.999Z');
    // The form sends the end day's midnight.
    expect(rideEndInstant('2026-12-05T08:00:00.000Z', zonedDateTimeToIso('2026-12-07', '00:00', 'UTC+01:00'), 'UTC+01:00')).toBe('2026-12-07T22:59:59.999Z');
    // A same-day ride whose end was stored before its start.
    expect(rideEndInstant('2026-12-05T23:30:00.000Z', '2026-12-05T05:00:00.000Z', 'UTC-05:00')).toBe('2026-12-06T04:59:59.999Z');
    expect(rideEndInstant('2026-12-05T08:00:00.000Z', '2026-12-01T00:00:00.000Z', 'UTC+00:00')).toBe('2026-12-05T23:59:59.999Z');
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
});

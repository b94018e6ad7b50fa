import { describe, expect, it } from 'vitest';
import { buildRide } from '../../../test/ride-fixture';
import { filterRides, rideDayKey, rideDays } from './upcoming-filters';

describe('Upcoming Rides filters', () => {
  it('keys calendar days by the UTC date of the start (spec 2 section 4)', () => {
    expect(rideDayKey(buildRide({ startDate: '2026-12-05T23:30:00.000Z' }))).toBe('2026-12-05');
    expect(rideDayKey(buildRide({ startDate: '2026-12-06T00:30:00.000Z' }))).toBe('2026-12-06');
  });

  it('filters by search text over names, places and group, and by day', () => {
    const rides = [
      buildRide({ id: 'a', name: 'Futa Loop', startDate: '2026-12-05T08:00:00.000Z' }),
      buildRide({ id: 'b', name: 'Coast Run', endLocation: 'Rimini', startDate: '2026-12-06T08:00:00.000Z' }),
    ];
    expect(filterRides(rides, { search: 'rimini', day: '' }).map((r) => r.id)).toEqual(['b']);
    expect(filterRides(rides, { search: 'apennine', day: '' }).map((r) => r.id)).toEqual(['a', 'b']);
    expect(filterRides(rides, { search: '', day: '2026-12-05' }).map((r) => r.id)).toEqual(['a']);
    expect(rideDays(rides)).toEqual(['2026-12-05', '2026-12-06']);
  });
});

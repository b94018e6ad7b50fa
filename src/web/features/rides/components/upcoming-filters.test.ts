import { describe, expect, it } from 'vitest';
import { buildRide } from '../../../test/ride-fixture';
import { filterRides, rideDayKey, rideDays } from './upcoming-filters';

describe('Upcoming Rides filters', () => {
  it('keys calendar days by the day on the ride’s own clock, as its page shows it', () => {
    expect(rideDayKey(buildRide({ startDate: '2026-12-05T23:30:00.000Z', timezone: 'Europe/Berlin' }))).toBe('2026-12-06');
    expect(rideDayKey(buildRide({ startDate: '2026-12-06T02:00:00.000Z', timezone: 'America/New_York' }))).toBe('2026-12-05');
  });

  it('filters by search text over names, places and group, and by day', () => {
    const rides = [
      buildRide({ id: 'a', name: 'Futa Loop', startDate: '2026-12-05T08:00:00.000Z', endDate: '2026-12-05T22:59:59.999Z' }),
      buildRide({ id: 'b', name: 'Coast Run', endLocation: 'Rimini', startDate: '2026-12-06T08:00:00.000Z', endDate: '2026-12-06T22:59:59.999Z' }),
    ];
    expect(filterRides(rides, { search: 'rimini', day: '' }).map((r) => r.id)).toEqual(['b']);
    expect(filterRides(rides, { search: 'apennine', day: '' }).map((r) => r.id)).toEqual(['a', 'b']);
    expect(filterRides(rides, { search: '', day: '2026-12-05' }).map((r) => r.id)).toEqual(['a']);
    expect(rideDays(rides)).toEqual(['2026-12-05', '2026-12-06']);
  });

  it('finds a ride typed as phones type: a curly apostrophe, no accents', () => {
    const rides = [buildRide({ id: 'a', name: "Giro dell'Adige", endLocation: 'São Martinho do Porto' })];
    expect(filterRides(rides, { search: 'dell’adige', day: '' }).map((r) => r.id)).toEqual(['a']);
    expect(filterRides(rides, { search: 'sao martinho', day: '' }).map((r) => r.id)).toEqual(['a']);
  });

  it('puts a multi-day ride on every one of its days, and finds it on each', () => {
    const tour = buildRide({ id: 'tour', startDate: '2026-12-30T08:00:00.000Z', endDate: '2027-01-01T22:59:59.999Z', timezone: 'Europe/Berlin' });
    const dayTrip = buildRide({ id: 'trip', startDate: '2026-12-31T08:00:00.000Z', endDate: '2026-12-31T22:59:59.999Z', timezone: 'Europe/Berlin' });
    expect(rideDays([tour, dayTrip])).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(filterRides([tour, dayTrip], { search: '', day: '2027-01-01' }).map((r) => r.id)).toEqual(['tour']);
    expect(filterRides([tour, dayTrip], { search: '', day: '2026-12-31' }).map((r) => r.id)).toEqual(['tour', 'trip']);
  });
});

import { describe, expect, it } from 'vitest';
import { localToSent } from '../../shared/timezones/zoned-time';
import { reminderDueAt } from './reminder-deliveries';

// A reminder's time is read on the rider's clock, from the ride's start day on that clock; the
// zones change season on different days, and the southern ones the other way round.
describe('when a reminder is due', () => {
  it('for a rider in Sydney and a ride in Rome, on the night Sydney starts summer time (2027-10-03, 02:00 -> 03:00)', () => {
    const start = localToSent('2027-10-03', '09:00', 'Europe/Rome').iso; // 07:00Z; 18:00 AEDT in Sydney
    expect(start).toBe('2027-10-03T07:00:00.000Z');
    expect(reminderDueAt('evening_before', start, 'Australia/Sydney')).toBe('2027-10-02T08:00:00.000Z'); // 18:00 AEST (+10)
    expect(reminderDueAt('morning_of', start, 'Australia/Sydney')).toBe('2027-10-02T20:00:00.000Z'); // 07:00 AEDT (+11)
    expect(reminderDueAt('two_hours_before', start, 'Australia/Sydney')).toBe('2027-10-03T05:00:00.000Z');
  });

  it('for a rider in Rome on the night Rome leaves summer time (2027-10-31, 03:00 -> 02:00)', () => {
    const start = localToSent('2027-10-31', '09:00', 'Europe/Rome').iso; // 08:00Z
    expect(reminderDueAt('evening_before', start, 'Europe/Rome')).toBe('2027-10-30T16:00:00.000Z'); // 18:00 CEST
    expect(reminderDueAt('morning_of', start, 'Europe/Rome')).toBe('2027-10-31T06:00:00.000Z'); // 07:00 CET
  });

  it('never at or after the start: a 06:30 ride has no reminder the morning of', () => {
    const start = localToSent('2027-06-06', '06:30', 'Europe/Rome').iso;
    expect(reminderDueAt('morning_of', start, 'Europe/Rome')).toBeNull();
    expect(reminderDueAt('evening_before', start, 'Europe/Rome')).toBe('2027-06-05T16:00:00.000Z');
  });

  it('reads an unknown zone as UTC', () => {
    expect(reminderDueAt('evening_before', '2027-06-06T09:00:00.000Z', 'Mars/Olympus')).toBe('2027-06-05T18:00:00.000Z');
  });
});

import { describe, expect, it } from 'vitest';
import {
  dateOfDayKey,
  dayKeyOf,
  defaultDeadline,
  firstProposableDay,
  formatDay,
  isFutureDeadline,
  proposedDayToIso,
  proposedDaysFrom,
} from './poll-dates';

// Local noon, so the UTC day equals the local day in any time zone from UTC-11 to UTC+11.
const now = new Date(2026, 5, 15, 12, 0, 0);

describe('proposed dates', () => {
  it('drops past days, ignores duplicates and keeps the rest sorted', () => {
    const picked = [
      new Date(2026, 5, 20, 0, 0),
      new Date(2026, 5, 14, 0, 0), // yesterday
      new Date(2026, 5, 17, 0, 0),
      new Date(2026, 5, 20, 18, 30), // same day as the first, another time
      new Date(2026, 5, 15, 0, 0), // today
    ];
    expect(proposedDaysFrom(picked, now)).toEqual(['2026-06-15', '2026-06-17', '2026-06-20']);
  });

  it('is empty when nothing (or only the past) is picked', () => {
    expect(proposedDaysFrom([], now)).toEqual([]);
    expect(proposedDaysFrom([new Date(2026, 0, 1)], now)).toEqual([]);
  });

  it('sends each day as its UTC midnight, so the day does not shift with the time zone', () => {
    expect(proposedDayToIso('2026-06-20')).toBe('2026-06-20T00:00:00.000Z');
    expect(new Date(proposedDayToIso('2026-06-20')).toISOString().slice(0, 10)).toBe('2026-06-20');
  });

  it('round-trips a day through the calendar date', () => {
    expect(dayKeyOf(dateOfDayKey('2026-02-28'))).toBe('2026-02-28');
    expect(formatDay('2026-02-28')).toBe('Feb 28, 2026');
    expect(formatDay('2026-02-28T00:00:00.000Z')).toBe('Feb 28, 2026');
  });

  it('starts at today, or at the UTC day when that is already tomorrow', () => {
    expect(firstProposableDay(now)).toBe('2026-06-15');
    const lateEvening = { toISOString: () => '2026-06-16T03:00:00.000Z' } as Date;
    // A rider west of UTC at 20:00 on the 15th: the server already counts the 16th.
    const west = Object.assign(new Date(2026, 5, 15, 20, 0), { toISOString: lateEvening.toISOString });
    expect(firstProposableDay(west)).toBe('2026-06-16');
  });
});

describe('deadline', () => {
  it('defaults to 7 days ahead', () => {
    expect(defaultDeadline(now)).toBe('2026-06-22T12:00');
  });

  it('must be in the future', () => {
    expect(isFutureDeadline('2026-06-15T12:01', now)).toBe(true);
    expect(isFutureDeadline('2026-06-15T12:00', now)).toBe(false);
    expect(isFutureDeadline('2026-06-01T09:00', now)).toBe(false);
    expect(isFutureDeadline('', now)).toBe(false);
  });
});

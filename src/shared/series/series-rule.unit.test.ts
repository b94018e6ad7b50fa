import { describe, expect, it } from 'vitest';
import { seriesDays, seriesLabel, seriesRuleSchema, ridesBefore, type SeriesRuleInput } from './series-rule';
import { repeatedLocalToInstant } from '../timezones/zoned-time';

const rule = (input: SeriesRuleInput) => seriesRuleSchema.parse(input);

describe('the days of a series', () => {
  it('gives every Sunday across the change of season', () => {
    expect(seriesDays(rule({ frequency: 'weekly', weekdays: ['SU'] }), '2027-03-14', '2027-03-14', '2027-04-05')).toEqual(['2027-03-14', '2027-03-21', '2027-03-28', '2027-04-04']);
  });

  it('counts weeks from Monday for every two weeks, across New Year', () => {
    expect(seriesDays(rule({ frequency: 'weekly', interval: 2, weekdays: ['SA', 'SU'] }), '2026-12-19', '2026-12-01', '2027-01-20')).toEqual([
      '2026-12-19',
      '2026-12-20',
      '2027-01-02',
      '2027-01-03',
      '2027-01-16',
      '2027-01-17',
    ]);
  });

  it('gives the first Sunday of each month, and the last Friday', () => {
    expect(seriesDays(rule({ frequency: 'monthly', weekOfMonth: 1, weekday: 'SU' }), '2027-03-01', '2027-03-01', '2027-06-30')).toEqual(['2027-03-07', '2027-04-04', '2027-05-02', '2027-06-06']);
    expect(seriesDays(rule({ frequency: 'monthly', weekOfMonth: -1, weekday: 'FR' }), '2027-01-01', '2027-01-01', '2027-03-31')).toEqual(['2027-01-29', '2027-02-26', '2027-03-26']);
  });

  it('skips months without the day, as RFC 5545 does', () => {
    expect(seriesDays(rule({ frequency: 'monthly', monthDay: 31 }), '2027-01-31', '2027-01-01', '2027-05-31')).toEqual(['2027-01-31', '2027-03-31', '2027-05-31']);
  });

  it('ends on a day or after a number of rides, counted from the first day', () => {
    const weekly: SeriesRuleInput = { frequency: 'weekly', weekdays: ['SU'] };
    expect(seriesDays(rule({ ...weekly, until: '2027-03-21' }), '2027-03-07', '2027-03-01', '2027-04-30')).toEqual(['2027-03-07', '2027-03-14', '2027-03-21']);
    expect(seriesDays(rule({ ...weekly, count: 3 }), '2027-03-07', '2027-03-10', '2027-04-30')).toEqual(['2027-03-14', '2027-03-21']);
    expect(ridesBefore(rule({ ...weekly, count: 3 }), '2027-03-07', '2027-03-21')).toBe(2);
  });

  it('takes a break (no rides in August), also over New Year', () => {
    const weekly: SeriesRuleInput = { frequency: 'weekly', weekdays: ['SU'] };
    expect(seriesDays(rule({ ...weekly, pause: { from: '08-01', until: '08-31' } }), '2027-07-18', '2027-07-01', '2027-09-12')).toEqual(['2027-07-18', '2027-07-25', '2027-09-05', '2027-09-12']);
    expect(seriesDays(rule({ ...weekly, count: 3, pause: { from: '12-20', until: '01-05' } }), '2026-12-13', '2026-12-01', '2027-02-01')).toEqual(['2026-12-13', '2027-01-10', '2027-01-17']);
  });

  it('refuses rules that say nothing or too much', () => {
    expect(seriesRuleSchema.safeParse({ frequency: 'weekly', weekdays: [] }).success).toBe(false);
    expect(seriesRuleSchema.safeParse({ frequency: 'monthly' }).success).toBe(false);
    expect(seriesRuleSchema.safeParse({ frequency: 'monthly', monthDay: 3, weekOfMonth: 1, weekday: 'SU' }).success).toBe(false);
    expect(seriesRuleSchema.safeParse({ frequency: 'weekly', weekdays: ['SU'], until: '2027-01-01', count: 4 }).success).toBe(false);
    expect(seriesRuleSchema.safeParse({ frequency: 'weekly', weekdays: ['SU'], until: '2027-02-31' }).success).toBe(false);
    // A break on days no year has; February 29 is a day of leap years.
    for (const pause of [{ from: '02-30', until: '02-31' }, { from: '04-31', until: '05-02' }, { from: '06-01', until: '06-31' }]) {
      expect(seriesRuleSchema.safeParse({ frequency: 'weekly', weekdays: ['SU'], pause }).success, JSON.stringify(pause)).toBe(false);
    }
    expect(seriesRuleSchema.safeParse({ frequency: 'weekly', weekdays: ['SU'], pause: { from: '02-29', until: '03-01' } }).success).toBe(true);
  });

  it('says what it is', () => {
    expect(seriesLabel({ frequency: 'weekly', weekdays: ['SU'] })).toBe('Every Sunday');
    expect(seriesLabel({ frequency: 'weekly', interval: 2, weekdays: ['SU', 'SA'] })).toBe('Every 2 weeks on Sunday and Saturday');
    expect(seriesLabel({ frequency: 'monthly', weekOfMonth: 1, weekday: 'SU' })).toBe('Monthly on the first Sunday');
    expect(seriesLabel({ frequency: 'monthly', interval: 3, monthDay: 15 })).toBe('Every 3 months on day 15');
  });
});

describe('a repeated local time', () => {
  it('reads a time the spring change skips with the offset before the gap (RFC 5545), the autumn hour as the first', () => {
    expect(repeatedLocalToInstant('2027-03-28', '02:30', 'Europe/Rome')).toBe('2027-03-28T01:30:00.000Z');
    expect(repeatedLocalToInstant('2027-10-31', '02:30', 'Europe/Rome')).toBe('2027-10-31T00:30:00.000Z');
    expect(repeatedLocalToInstant('2027-03-21', '02:30', 'Europe/Rome')).toBe('2027-03-21T01:30:00.000Z');
    expect(repeatedLocalToInstant('2027-02-30', '02:30', 'Europe/Rome')).toBeNull();
  });
});

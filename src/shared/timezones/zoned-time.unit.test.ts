import { describe, expect, it } from 'vitest';
import { instantToLocal, isKnownZone, localToInstant, offsetLabel, zoneOffsetLabel } from './zoned-time';

describe('a ride time in a named zone', () => {
  it.each([
    ['Europe/Rome', '2026-07-05', '09:00', '2026-07-05T07:00:00.000Z'],
    ['Europe/Rome', '2026-01-04', '09:00', '2026-01-04T08:00:00.000Z'],
    ['Europe/Berlin', '2026-07-04', '09:00', '2026-07-04T07:00:00.000Z'],
    ['Europe/London', '2026-07-04', '09:00', '2026-07-04T08:00:00.000Z'],
    ['America/New_York', '2026-07-04', '09:00', '2026-07-04T13:00:00.000Z'],
    ['America/Denver', '2026-12-06', '09:00', '2026-12-06T16:00:00.000Z'],
    ['America/Phoenix', '2026-07-04', '09:00', '2026-07-04T16:00:00.000Z'],
    ['Australia/Sydney', '2026-01-04', '09:00', '2026-01-03T22:00:00.000Z'],
    ['Australia/Sydney', '2026-07-05', '09:00', '2026-07-04T23:00:00.000Z'],
    ['Asia/Kathmandu', '2026-07-04', '09:00', '2026-07-04T03:15:00.000Z'],
    ['Australia/Lord_Howe', '2026-01-04', '09:00', '2026-01-03T22:00:00.000Z'],
    ['Australia/Lord_Howe', '2026-07-05', '09:00', '2026-07-04T22:30:00.000Z'],
  ])('%s %s %s is %s', (zone, day, time, iso) => {
    expect(localToInstant(day, time, zone)).toEqual({ ok: true, iso, ambiguous: false });
    expect(instantToLocal(iso, zone)).toEqual({ day, time });
  });

  it.each([
    ['Europe/Rome', '2026-03-29', '02:30'],
    ['America/New_York', '2026-03-08', '02:30'],
    ['Australia/Sydney', '2026-10-04', '02:30'],
    ['Australia/Lord_Howe', '2026-10-04', '02:15'],
  ])('refuses %s %s %s, a time the spring change skips', (zone, day, time) => {
    expect(localToInstant(day, time, zone)).toEqual({ ok: false, reason: 'nonexistent' });
  });

  it.each([
    ['Europe/Rome', '2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'],
    ['America/Denver', '2026-11-01', '01:30', '2026-11-01T07:30:00.000Z'],
    ['Australia/Sydney', '2026-04-05', '02:30', '2026-04-04T15:30:00.000Z'],
    ['Australia/Lord_Howe', '2026-04-05', '01:45', '2026-04-04T14:45:00.000Z'],
  ])('takes the first of the autumn hour that happens twice: %s %s %s', (zone, day, time, iso) => {
    expect(localToInstant(day, time, zone)).toEqual({ ok: true, iso, ambiguous: true });
  });

  it('labels offsets as the spec does, for the ride\'s own date', () => {
    expect(zoneOffsetLabel('Europe/Rome', '2026-07-05T07:00:00.000Z')).toBe('UTC+02:00');
    expect(zoneOffsetLabel('Europe/Rome', '2026-01-04T08:00:00.000Z')).toBe('UTC+01:00');
    expect(zoneOffsetLabel('America/St_Johns', '2026-07-05T12:00:00.000Z')).toBe('UTC-02:30');
    expect(offsetLabel(345)).toBe('UTC+05:45');
    expect(offsetLabel(0)).toBe('UTC+00:00');
  });

  it('knows zones, not labels or offsets', () => {
    expect(isKnownZone('Europe/Rome')).toBe(true);
    expect(isKnownZone('UTC')).toBe(true);
    expect(isKnownZone('Berlin')).toBe(false);
    expect(isKnownZone('UTC+01:00')).toBe(false);
    expect(isKnownZone('Central European Time')).toBe(false);
    expect(localToInstant('2026-02-30', '09:00', 'Europe/Rome')).toEqual({ ok: false, reason: 'invalid' });
  });
});

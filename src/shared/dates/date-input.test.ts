import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dateInput, parseDateInput } from './date-input';

describe('parseDateInput', () => {
  it('takes ISO dates and date-times from 1900 to 9999', () => {
    expect(parseDateInput('2026-12-05T09:00:00.000Z')).toBe(Date.UTC(2026, 11, 5, 9));
    expect(parseDateInput('2026-12-05')).toBe(Date.UTC(2026, 11, 5));
    expect(parseDateInput('1900-01-01T00:00:00.000Z')).toBe(Date.UTC(1900, 0, 1));
    expect(parseDateInput('9999-12-30T12:00:00.000Z')).not.toBeNull();
    // February 29 in a leap year only.
    expect(parseDateInput('2028-02-29T09:00:00+01:00')).toBe(Date.UTC(2028, 1, 29, 8));
  });

  it.each(['', 'tomorrow', '2026-13-01', '2027-02-30T09:00:00+01:00', '2027-02-29', '2027-04-31', '2026-02-31T00:00:00.000Z', '2027-06-31T10:00', '+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z', '+010000-01-01T00:00:00.000Z', '1899-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'])(
    'refuses %j (unparseable, or where a time-zone shift would leave four-digit years)',
    (text) => expect(parseDateInput(text)).toBeNull(),
  );
});

describe('dateInput', () => {
  // The object's own check computes with both dates; it must never see one it cannot compute with.
  const range = z
    .object({ start: dateInput('Start date is required'), end: dateInput('End date is required') })
    .superRefine((v, ctx) => {
      if (new Date(v.end).toISOString() < new Date(v.start).toISOString()) ctx.addIssue({ code: 'custom', path: ['end'], message: 'End date must be after start date' });
    });

  it.each(['tomorrow', '+275760-09-13T00:00:00.000Z', ''])('answers %j with the field message, and the object check does not run', (start) => {
    const result = range.safeParse({ start, end: '2026-12-05T09:00:00.000Z' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['start'], message: 'Start date is required' });
    expect(result.error?.issues.some((i) => i.message === 'End date must be after start date')).toBe(false);
  });
});

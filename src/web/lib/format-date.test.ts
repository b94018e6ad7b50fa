import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('dates as riders read them', () => {
  it('shows a moment on the 24-hour clock, like ride times, in the rider own time zone', () => {
    const evening = new Date(2025, 0, 5, 18, 30).toISOString();
    expect(formatDateTime(evening)).toBe('Jan 5, 2025 at 18:30');
    expect(formatDateTime(new Date(2025, 0, 5, 9, 5).toISOString())).toBe('Jan 5, 2025 at 09:05');
  });

  it('shows nothing for a missing or unreadable date', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDateTime(value)).toBe('');
      expect(formatDate(value)).toBe('');
    }
  });
});

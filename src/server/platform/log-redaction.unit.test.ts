import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('keeps no secret of a path or query in the log', () => {
    const token = 'a'.repeat(43);
    expect(redactUrl(`/auth/magic-link?token=${token}`)).toBe('/auth/magic-link?…');
    expect(redactUrl(`/invite/${token}`)).toBe('/invite/…');
    expect(redactUrl(`/api/invite/${token}/complete`)).toBe('/api/invite/…/complete');
    expect(redactUrl(`/api/calendar/${token}.ics`)).toBe('/api/calendar/…');
    expect(redactUrl(`/api/calendar/${token}.ics?x=1`)).toBe('/api/calendar/…?…');
    expect(redactUrl(`/api/notifications/unsubscribe/u-1.ride_cancelled.${token}`)).toBe('/api/notifications/unsubscribe/…');
  });

  it('leaves other paths as they are', () => {
    expect(redactUrl('/api/rides/123/calendar.ics')).toBe('/api/rides/123/calendar.ics');
    expect(redactUrl('/api/groups/abc')).toBe('/api/groups/abc');
  });
});

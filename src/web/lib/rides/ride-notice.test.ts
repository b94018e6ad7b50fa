import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../i18n/i18n';
import { resetTestLanguage } from '../../test/language';
import { rideNoticeText } from './ride-notice';

/* A create or edit answer's notice (a start the zone has twice) in the rider's language, from its parameters (issue 31 point 7). */
afterAll(resetTestLanguage);

const notice = {
  code: 'ambiguous_local_time' as const,
  message: '02:30 happens twice in Europe/Rome on Oct 31, 2027 (the clocks go back that night); the first, UTC+02:00, was taken.',
  params: { time: '02:30', zone: 'Europe/Rome', day: '2027-10-31', offset: 'UTC+02:00' },
};

describe('rideNoticeText', () => {
  it('writes the notice in Italian with an Italian day, not the English message', async () => {
    await activateLocale('it');
    const text = rideNoticeText(i18n, notice);
    expect(text).toContain('31 ott 2027');
    expect(text).toContain('UTC+02:00');
    expect(text).not.toContain('happens twice');
  });

  it("writes the time twice on the rider's clock: 2:30 AM in the United States, 02:30 in Italy", async () => {
    await activateLocale('it');
    expect(rideNoticeText(i18n, notice)).toMatch(/^Le 02:30 /);
    i18n.loadAndActivate({ locale: 'en', locales: ['en-US'], messages: {} });
    expect(rideNoticeText(i18n, notice)).toMatch(/^2:30\sAM happens twice in Europe\/Rome on Oct 31, 2027 \(the clocks go back that night\); the first, UTC\+02:00, was taken\.$/);
  });

  it('keeps the English message of a notice without parameters', async () => {
    await activateLocale('it');
    expect(rideNoticeText(i18n, { code: notice.code, message: notice.message })).toBe(notice.message);
  });
});

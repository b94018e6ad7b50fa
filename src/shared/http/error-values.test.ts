import { describe, expect, it } from 'vitest';
import { MB } from '../media/limits';
import { errorMessageValues } from './error-values';

/*
 * A refusal's sizes and days are sent as data and written in the reader's words (issue 31 point 7):
 * the English is the spec's ("1,000 MB", "Mar 29, 2026"), the other languages their own.
 */
describe('errorMessageValues', () => {
  it("writes bytes as megabytes in the language's numbers", () => {
    expect(errorMessageValues({ limitBytes: 1000 * MB }, 'en-US')).toEqual({ limitBytes: 1000 * MB, limit: '1,000' });
    expect(errorMessageValues({ limitBytes: 20_000 * MB }, 'it')).toMatchObject({ limit: '20.000' });
    expect(errorMessageValues({ limitBytes: 1000 * MB }, 'de')).toMatchObject({ limit: '1.000' });
    expect(errorMessageValues({ totalBytes: 2.5 * MB, riderLimitBytes: 12.5 * MB }, 'fr')).toMatchObject({ total: '2,5', riderLimit: '13' });
  });

  it("writes an ISO day in the language's calendar words", () => {
    expect(errorMessageValues({ time: '02:30', zone: 'Europe/Rome', dayIso: '2027-03-28' }, 'en-US')).toEqual({ time: '02:30', zone: 'Europe/Rome', dayIso: '2027-03-28', day: 'Mar 28, 2027' });
    expect(errorMessageValues({ dayIso: '2027-03-28' }, 'it')).toMatchObject({ day: '28 mar 2027' });
    expect(errorMessageValues({ dayIso: '2027-03-28' }, 'de')).toMatchObject({ day: '28. März 2027' });
  });

  it('leaves other parameters and no parameters as they are', () => {
    expect(errorMessageValues({ seats: 3, zone: 'Mars/Olympus' }, 'pl')).toEqual({ seats: 3, zone: 'Mars/Olympus' });
    expect(errorMessageValues(undefined, 'pl')).toBeUndefined();
  });
});

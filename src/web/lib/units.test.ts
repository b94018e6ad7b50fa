import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { formatDistance, kmToPreferred } from './units';

function speak(locale: string, region: string) {
  i18n.loadAndActivate({ locale, locales: [region], messages: {} });
}

afterEach(() => speak('en', 'en-US'));

describe('units', () => {
  it('converts kilometres to miles with the spec factor', () => {
    expect(kmToPreferred(100, 'miles')).toBeCloseTo(62.1371, 4);
    expect(kmToPreferred(100, 'kilometers')).toBe(100);
  });

  it('formats with one decimal by default', () => {
    expect(formatDistance(100, 'miles')).toBe('62.1 mi');
    expect(formatDistance(12.34, 'kilometers')).toBe('12.3 km');
    expect(formatDistance(12.345, 'kilometers', 2)).toBe('12.35 km');
    expect(formatDistance(100, 'kilometers')).toBe('100.0 km');
  });

  it('writes distances the same way in English on a British browser', () => {
    speak('en', 'en-GB');
    expect(formatDistance(100, 'miles')).toBe('62.1 mi');
    expect(formatDistance(1234.5, 'kilometers')).toBe('1,234.5 km');
  });

  it('writes distances with the language separators', () => {
    speak('it', 'it-IT');
    expect(formatDistance(12.34, 'kilometers')).toBe('12,3 km');
    speak('de', 'de-DE');
    expect(formatDistance(1234.5, 'kilometers')).toBe('1.234,5 km');
    speak('pl', 'pl-PL');
    expect(formatDistance(12345.6, 'kilometers')).toBe('12\u00a0345,6 km');
    expect(formatDistance(100, 'miles')).toBe('62,1 mili');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { firstDayOfWeek, formatDate, formatDateTime, formatDay, formatMonthYear, formatWeekdayDay, weekdayName } from './format-date';
import { timeAgo } from './format';

function speak(locale: string, region: string) {
  i18n.loadAndActivate({ locale, locales: [region], messages: {} });
}

afterEach(() => speak('en', 'en-US'));

const evening = new Date(2025, 0, 5, 18, 30).toISOString();

describe('dates as riders read them', () => {
  it('shows a moment on the 24-hour clock, like ride times, in the rider own time zone', () => {
    expect(formatDateTime(evening)).toBe('Jan 5, 2025 at 18:30');
    expect(formatDateTime(new Date(2025, 0, 5, 9, 5).toISOString())).toBe('Jan 5, 2025 at 09:05');
  });

  it('shows nothing for a missing or unreadable date', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDateTime(value)).toBe('');
      expect(formatDate(value)).toBe('');
    }
    expect(formatDay('soon')).toBe('');
    expect(formatWeekdayDay('soon')).toBe('');
  });

  // What each function writes for one language (a function left out is not checked there). English keeps
  // the spec's formats on a British browser as on an American one; Polish writes months in their own case.
  const DATES: { language: string; locale: string; region: string; date: string; dateTime: string; day: string; weekdayDay?: string; weekday: [number, string]; monthYear?: string }[] = [
    { language: 'English (US)', locale: 'en', region: 'en-US', date: 'Jan 5, 2025', dateTime: 'Jan 5, 2025 at 18:30', day: 'Dec 5, 2026', weekdayDay: 'Sat, Dec 5', weekday: [0, 'Sunday'], monthYear: 'December 2026' },
    { language: 'English (GB)', locale: 'en', region: 'en-GB', date: 'Jan 5, 2025', dateTime: 'Jan 5, 2025 at 18:30', day: 'Dec 5, 2026', weekdayDay: 'Sat, Dec 5', weekday: [0, 'Sunday'], monthYear: 'December 2026' },
    { language: 'Italian', locale: 'it', region: 'it-IT', date: '5 gen 2025', dateTime: '5 gen 2025, 18:30', day: '5 dic 2026', weekdayDay: 'sab 5 dic', weekday: [1, 'lunedì'], monthYear: 'dicembre 2026' },
    { language: 'German', locale: 'de', region: 'de-DE', date: '5. Jan. 2025', dateTime: '5. Jan. 2025, 18:30', day: '5. Dez. 2026', weekday: [0, 'Sonntag'] },
    { language: 'Polish', locale: 'pl', region: 'pl-PL', date: '5 sty 2025', dateTime: '5 sty 2025, 18:30', day: '5 gru 2026', weekday: [3, 'środa'] },
  ];

  it.each(DATES)('writes dates in $language', ({ locale, region, date, dateTime, day, weekdayDay, weekday, monthYear }) => {
    speak(locale, region);
    expect(formatDate(evening)).toBe(date);
    expect(formatDateTime(evening)).toBe(dateTime);
    expect(formatDay('2026-12-05')).toBe(day);
    if (weekdayDay) expect(formatWeekdayDay('2026-12-05')).toBe(weekdayDay);
    expect(weekdayName(weekday[0])).toBe(weekday[1]);
    if (monthYear) expect(formatMonthYear(new Date(2026, 11, 5))).toBe(monthYear);
  });

  it('starts the week on the region first day: Monday in Britain, Sunday in the US', () => {
    speak('en', 'en-GB');
    expect(firstDayOfWeek()).toBe(1);
    speak('en', 'en-US');
    expect(firstDayOfWeek()).toBe(0);
    speak('it', 'it-IT');
    expect(firstDayOfWeek()).toBe(1);
  });
});

describe('relative times', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('keeps the English words', () => {
    expect(timeAgo(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(timeAgo(ago(-2 * 86_400_000), now)).toBe('in 2 days');
    expect(timeAgo(ago(10_000), now)).toBe('just now');
  });

  it('says them in Italian, German and Polish', () => {
    speak('it', 'it-IT');
    expect(timeAgo(ago(5 * 60_000), now)).toBe('5 minuti fa');
    expect(timeAgo(ago(-2 * 86_400_000), now)).toBe('tra 2 giorni');
    speak('de', 'de-DE');
    expect(timeAgo(ago(3 * 3_600_000), now)).toBe('vor 3 Stunden');
    speak('pl', 'pl-PL');
    expect(timeAgo(ago(2 * 86_400_000), now)).toBe('2 dni temu');
    expect(timeAgo(ago(5 * 86_400_000), now)).toBe('5 dni temu');
    expect(timeAgo(ago(1 * 86_400_000), now)).toBe('1 dzień temu');
  });
});

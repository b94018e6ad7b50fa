import { format } from 'date-fns';
import { dayLabel } from '../../shared/rides/ride-time';
import { formatLocale } from './i18n/i18n';
import { dateTimeFormat } from '../../shared/text/intl-formats';

/*
 * Dates and times as riders read them (issue 31 point 6). In English the spec's formats stay word for
 * word ("Jan 5, 2025", "Jan 5, 2025 at 18:30"), whatever the browser's region; in another language
 * Intl writes the same facts in that language and region ("5 gen 2025", "5. Jan. 2025, 18:30"), with
 * the region's own order and clock.
 */

/** True while the app speaks English (the pseudo-language formats as English too). */
export function speaksEnglish(): boolean {
  // The language subtag is what comes before the first hyphen (en, en-GB, en-XA); cheaper than Intl.Locale, asked on every format.
  return formatLocale().split('-')[0] === 'en';
}

function readable(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function intl(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return dateTimeFormat(formatLocale(), options);
}

const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

/** Spec 2 section 9: the default date display, "MMM d, yyyy" ("Jan 5, 2025"); empty for an unreadable date. */
export function formatDate(iso: string | null | undefined): string {
  const date = readable(iso);
  if (!date) return '';
  return speaksEnglish() ? format(date, 'MMM d, yyyy') : intl(DAY).format(date);
}

/**
 * A moment in the rider's own time zone: "Jan 5, 2025 at 18:30". 24-hour like every ride time
 * (spec 2: start times are HH:MM), so a poll's deadline and an invitation's expiry read the same way.
 * In another language the clock is the region's.
 */
export function formatDateTime(iso: string | null | undefined): string {
  const date = readable(iso);
  if (!date) return '';
  return speaksEnglish() ? format(date, "MMM d, yyyy 'at' HH:mm") : intl({ ...DAY, hour: 'numeric', minute: '2-digit' }).format(date);
}

function dateOfDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

/** A calendar day "2026-12-05" (no time, no zone) as "Dec 5, 2026"; empty for an unreadable day. */
export function formatDay(day: string): string {
  if (speaksEnglish()) return dayLabel(day);
  const date = dateOfDay(day);
  return date ? intl({ ...DAY, timeZone: 'UTC' }).format(date) : '';
}

/** A calendar day "2026-12-05" with its weekday and without the year: "Sat, Dec 5". */
export function formatWeekdayDay(day: string): string {
  const date = dateOfDay(day);
  if (!date) return '';
  if (speaksEnglish()) return format(new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()), 'EEE, MMM d');
  return intl({ weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A weekday's name in the rider's language, "Sunday" (0) to "Saturday" (6). */
export function weekdayName(weekday: number, width: 'long' | 'short' = 'long'): string {
  // 2023-01-01 was a Sunday.
  return dateTimeFormat(speaksEnglish() ? 'en-US' : formatLocale(), { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + weekday)));
}

/** A month's name and year, "December 2026", as a calendar's caption. */
export function formatMonthYear(date: Date): string {
  return dateTimeFormat(speaksEnglish() ? 'en-US' : formatLocale(), { month: 'long', year: 'numeric' }).format(date);
}

/** The first day of the week in the rider's region: 0 Sunday (en-US), 1 Monday (en-GB, it-IT), up to 6 Saturday. */
export function firstDayOfWeek(): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  const locale = new Intl.Locale(formatLocale()) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
  const firstDay = locale.getWeekInfo?.().firstDay ?? locale.weekInfo?.firstDay ?? 7;
  return (firstDay % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
}

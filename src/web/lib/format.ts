import { msg } from '@lingui/core/macro';
import { formatDistanceStrict } from 'date-fns';
import { formatLocale, i18n } from './i18n/i18n';
import { speaksEnglish } from './format-date';
import { formatFileSize } from '../../shared/media/upload-rules';

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/**
 * "5 minutes ago", "in 2 days" for an ISO timestamp; empty text when it cannot be read. English keeps
 * date-fns' words; another language gets Intl.RelativeTimeFormat's ("5 minuti fa", "vor 2 Tagen").
 */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const elapsed = date.getTime() - now.getTime();
  if (Math.abs(elapsed) < 45_000) return i18n._(msg`just now`);
  if (speaksEnglish()) return formatDistanceStrict(date, now, { addSuffix: true });
  const [unit, size] = UNITS.find(([, length]) => Math.abs(elapsed) >= length) ?? ['second', 1000];
  return new Intl.RelativeTimeFormat(formatLocale(), { numeric: 'always' }).format(Math.round(elapsed / size), unit);
}

/** A file's size in the rider's number format ("12,35 MB" in Italian). */
export function fileSize(bytes: number): string {
  return formatFileSize(bytes, formatLocale());
}

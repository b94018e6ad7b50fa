import { isKnownZone } from '../../shared/timezones/zoned-time';

/**
 * The clock a rider or a ride is told on: its IANA zone (`timezone`, the column the zones work
 * adds to users and rides), else the fixed offset label it carries today ("UTC+02:00"), else UTC.
 * The one place that falls back, so the switch to zones is made here alone.
 */
export function zoneOf(row: { timezone?: string | null; timezone_offset?: string | null }): string {
  if (row.timezone && isKnownZone(row.timezone)) return row.timezone;
  if (row.timezone_offset && /^UTC[+-]\d{2}:\d{2}$/.test(row.timezone_offset)) return row.timezone_offset;
  return 'UTC';
}

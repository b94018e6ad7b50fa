import { isKnownZone, offsetLabel, zoneOffsetMinutes } from './zoned-time';

/**
 * The built-in list of 37 time zones (spec 1 section 3): UTC-12:00 to UTC+14:00,
 * including the half-hour and 45-minute offsets. Shared by the client's pickers and
 * the server's validation so both accept exactly the same values.
 */
export interface TimezoneOption {
  offset: string;
  name: string;
  label: string;
  numericOffset: number;
  /** The city's IANA zone: what an old fixed offset and its label are read as (legacyZone). */
  zone: string;
}

/** Each offset of the list with its city and the IANA zone that city keeps (its summer time included). */
const entries: ReadonlyArray<readonly [string, string, string]> = [
  ['UTC-12:00', 'Baker Island', 'Etc/GMT+12'],
  ['UTC-11:00', 'Pago Pago', 'Pacific/Pago_Pago'],
  ['UTC-10:00', 'Honolulu', 'Pacific/Honolulu'],
  ['UTC-09:30', 'Marquesas Islands', 'Pacific/Marquesas'],
  ['UTC-09:00', 'Anchorage', 'America/Anchorage'],
  ['UTC-08:00', 'Los Angeles', 'America/Los_Angeles'],
  ['UTC-07:00', 'Denver', 'America/Denver'],
  ['UTC-06:00', 'Chicago', 'America/Chicago'],
  ['UTC-05:00', 'New York', 'America/New_York'],
  ['UTC-04:00', 'Halifax', 'America/Halifax'],
  ['UTC-03:30', 'St. John\'s', 'America/St_Johns'],
  ['UTC-03:00', 'São Paulo', 'America/Sao_Paulo'],
  ['UTC-02:00', 'South Georgia', 'Atlantic/South_Georgia'],
  ['UTC-01:00', 'Azores', 'Atlantic/Azores'],
  ['UTC+00:00', 'UTC', 'UTC'],
  ['UTC+01:00', 'Berlin', 'Europe/Berlin'],
  ['UTC+02:00', 'Athens', 'Europe/Athens'],
  ['UTC+03:00', 'Moscow', 'Europe/Moscow'],
  ['UTC+03:30', 'Tehran', 'Asia/Tehran'],
  ['UTC+04:00', 'Dubai', 'Asia/Dubai'],
  ['UTC+04:30', 'Kabul', 'Asia/Kabul'],
  ['UTC+05:00', 'Karachi', 'Asia/Karachi'],
  ['UTC+05:30', 'Mumbai', 'Asia/Kolkata'],
  ['UTC+05:45', 'Kathmandu', 'Asia/Kathmandu'],
  ['UTC+06:00', 'Dhaka', 'Asia/Dhaka'],
  ['UTC+06:30', 'Yangon', 'Asia/Yangon'],
  ['UTC+07:00', 'Bangkok', 'Asia/Bangkok'],
  ['UTC+08:00', 'Singapore', 'Asia/Singapore'],
  ['UTC+08:45', 'Eucla', 'Australia/Eucla'],
  ['UTC+09:00', 'Tokyo', 'Asia/Tokyo'],
  ['UTC+09:30', 'Adelaide', 'Australia/Adelaide'],
  ['UTC+10:00', 'Sydney', 'Australia/Sydney'],
  ['UTC+10:30', 'Lord Howe Island', 'Australia/Lord_Howe'],
  ['UTC+11:00', 'Noumea', 'Pacific/Noumea'],
  ['UTC+12:00', 'Auckland', 'Pacific/Auckland'],
  ['UTC+13:00', 'Nuku\'alofa', 'Pacific/Tongatapu'],
  ['UTC+14:00', 'Kiritimati', 'Pacific/Kiritimati'],
];

function offsetHours(offset: string): number {
  const match = /^UTC([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return Number.NaN;
  const sign = match[1] === '-' ? -1 : 1;
  return sign * (Number(match[2]) + Number(match[3]) / 60);
}

export const TIMEZONES: readonly TimezoneOption[] = entries.map(([offset, name, zone]) => ({
  zone,
  offset,
  name,
  label: `${offset} - ${name}`,
  numericOffset: offsetHours(offset),
}));

export const DEFAULT_TIMEZONE: TimezoneOption = TIMEZONES.find((t) => t.offset === 'UTC+00:00')!;

export const TIMEZONE_OFFSET_PATTERN = /^UTC[+-]\d{2}:\d{2}$/;

export function isKnownTimezoneOffset(offset: string): boolean {
  return TIMEZONE_OFFSET_PATTERN.test(offset) && TIMEZONES.some((t) => t.offset === offset);
}

export function findTimezone(offset: string): TimezoneOption | undefined {
  return TIMEZONES.find((t) => t.offset === offset);
}

/** The list entry matching a browser's offset (Date#getTimezoneOffset: minutes west of UTC). */
export function detectTimezone(minutesWestOfUtc: number): TimezoneOption {
  const hours = -minutesWestOfUtc / 60;
  return TIMEZONES.find((t) => t.numericOffset === hours) ?? DEFAULT_TIMEZONE;
}

/**
 * The IANA zone an old fixed offset and its label stand for: the label as a city of the list
 * ("Berlin" -> Europe/Berlin) or as a zone itself ("Europe/Rome"), else the list's city of that
 * offset (UTC+01:00 -> Europe/Berlin), else UTC. What groups, rides and riders stored before named
 * zones are read as, and what a client sending only the spec's fields means.
 */
export function legacyZone(offset: string, name: string): string {
  return zoneNamedBy(name) ?? findTimezone(offset)?.zone ?? 'UTC';
}

/** The zone a label names: a city of the list ("Berlin", any case) or a zone itself ("Europe/Rome"); else null. */
export function zoneNamedBy(name: string): string | null {
  const label = name.trim().toLowerCase();
  const byName = TIMEZONES.find((t) => t.name.toLowerCase() === label || t.zone.toLowerCase() === label);
  if (byName) return byName.zone;
  return name.includes('/') && isKnownZone(name.trim()) ? name.trim() : null;
}

let acceptedOffsets: Set<string> | undefined;

/**
 * The offsets a request may send: the list's, and any other offset a zone keeps this year (St.
 * John's summer UTC-02:30, Chatham's UTC+13:45), which the answers derive for a ride's date and a
 * client may send back. Offsets no zone keeps (UTC+05:15) are refused.
 */
export function isAcceptedOffset(offset: string): boolean {
  if (!TIMEZONE_OFFSET_PATTERN.test(offset)) return false;
  if (isKnownTimezoneOffset(offset)) return true;
  if (!acceptedOffsets) {
    const year = new Date().getUTCFullYear();
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : TIMEZONES.map((t) => t.zone);
    acceptedOffsets = new Set(zones.flatMap((zone) => [Date.UTC(year, 0, 15), Date.UTC(year, 6, 15)].map((at) => offsetLabel(zoneOffsetMinutes(zone, at)))));
  }
  return acceptedOffsets.has(offset);
}

/** A zone's city as a label: "America/New_York" -> "New York", "UTC" -> "UTC" (the answers' `timezoneName` when none was sent). */
export function zoneCity(zone: string): string {
  return (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
}

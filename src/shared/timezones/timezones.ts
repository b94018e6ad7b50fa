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
}

const entries: ReadonlyArray<readonly [string, string]> = [
  ['UTC-12:00', 'Baker Island'],
  ['UTC-11:00', 'Pago Pago'],
  ['UTC-10:00', 'Honolulu'],
  ['UTC-09:30', 'Marquesas Islands'],
  ['UTC-09:00', 'Anchorage'],
  ['UTC-08:00', 'Los Angeles'],
  ['UTC-07:00', 'Denver'],
  ['UTC-06:00', 'Chicago'],
  ['UTC-05:00', 'New York'],
  ['UTC-04:00', 'Halifax'],
  ['UTC-03:30', 'St. John\'s'],
  ['UTC-03:00', 'São Paulo'],
  ['UTC-02:00', 'South Georgia'],
  ['UTC-01:00', 'Azores'],
  ['UTC+00:00', 'UTC'],
  ['UTC+01:00', 'Berlin'],
  ['UTC+02:00', 'Athens'],
  ['UTC+03:00', 'Moscow'],
  ['UTC+03:30', 'Tehran'],
  ['UTC+04:00', 'Dubai'],
  ['UTC+04:30', 'Kabul'],
  ['UTC+05:00', 'Karachi'],
  ['UTC+05:30', 'Mumbai'],
  ['UTC+05:45', 'Kathmandu'],
  ['UTC+06:00', 'Dhaka'],
  ['UTC+06:30', 'Yangon'],
  ['UTC+07:00', 'Bangkok'],
  ['UTC+08:00', 'Singapore'],
  ['UTC+08:45', 'Eucla'],
  ['UTC+09:00', 'Tokyo'],
  ['UTC+09:30', 'Adelaide'],
  ['UTC+10:00', 'Sydney'],
  ['UTC+10:30', 'Lord Howe Island'],
  ['UTC+11:00', 'Noumea'],
  ['UTC+12:00', 'Auckland'],
  ['UTC+13:00', 'Nuku\'alofa'],
  ['UTC+14:00', 'Kiritimati'],
];

function offsetHours(offset: string): number {
  const match = /^UTC([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return Number.NaN;
  const sign = match[1] === '-' ? -1 : 1;
  return sign * (Number(match[2]) + Number(match[3]) / 60);
}

export const TIMEZONES: readonly TimezoneOption[] = entries.map(([offset, name]) => ({
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

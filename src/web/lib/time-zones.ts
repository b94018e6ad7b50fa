import { TIMEZONES, zoneCity } from '../../shared/timezones/timezones';
import { isKnownZone, zoneOffsetLabel } from '../../shared/timezones/zoned-time';

/** The browser's own zone (Intl.DateTimeFormat().resolvedOptions().timeZone), UTC when it names none the runtime knows. */
export function browserZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isKnownZone(zone) ? zone : 'UTC';
}

/** A zone as the forms hold it: the zone, with the spec's offset (today) and city beside it. */
export interface TimezoneChoice {
  timezone: string;
  timezoneOffset: string;
  timezoneName: string;
}

/** The zone's choice: its offset today and its city (the list's where it names one: "Mumbai" for Asia/Kolkata), unless `name` says otherwise. */
export function zoneChoice(zone: string, name?: string): TimezoneChoice {
  return { timezone: zone, timezoneOffset: zoneOffsetLabel(zone, Date.now()), timezoneName: name ?? zoneName(zone) };
}

/** A zone's city as the picker names it. */
export function zoneName(zone: string): string {
  return TIMEZONES.find((t) => t.zone === zone)?.name ?? zoneCity(zone);
}

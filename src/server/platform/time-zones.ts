import tzlookup from '@photostructure/tz-lookup';
import { AMBIGUOUS_LOCAL_TIME, type AmbiguousLocalTimeParams } from '../../shared/rides/ride-notice';
import { englishText } from './errors';
import { isKnownZone, localToInstant, wallClockOnOffset, zoneOffsetLabel } from '../../shared/timezones/zoned-time';
import { HttpError } from './errors';
import { legacyZone, zoneNamedBy } from '../../shared/timezones/timezones';

/*
 * The server's side of named time zones (issue 29): the zone of a place (offline, tz-lookup's data;
 * server only, it is large), and reading what a client sent into instants with the one rule of
 * shared/timezones/zoned-time.ts, refusing what it cannot place with stable codes.
 */

/** A place's IANA zone, or null without coordinates (0,0 meant "none" in older rows) or at sea (Etc/GMT±N). */
export function zoneAt(latitude: number | string | null | undefined, longitude: number | string | null | undefined): string | null {
  if (latitude === null || latitude === undefined || longitude === null || longitude === undefined) return null;
  const lat = Number(latitude);
  const lon = Number(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || (lat === 0 && lon === 0)) return null;
  try {
    const zone = tzlookup(lat, lon);
    return zone.startsWith('Etc/') || !isKnownZone(zone) ? null : zone;
  } catch {
    return null;
  }
}

/** The zone a request sent, checked: 400 `unknown_time_zone` for anything the runtime does not know. */
export function sentZone(zone: string | undefined): string | undefined {
  if (zone === undefined) return undefined;
  if (!isKnownZone(zone)) throw new HttpError(400, 'unknown_time_zone', { zone }, { field: 'timezone' });
  return zone;
}

/** The instant a wall-clock time shows in `zone`, and whether it happens twice there. */
export interface PlacedTime {
  iso: string;
  ambiguous: boolean;
}

/**
 * An instant sent with the spec's offset, read as the wall-clock time the rider typed on it and
 * placed in `zone` (09:00 sent on UTC+01:00 for a July ride in Berlin is 09:00 Berlin time). A time
 * the zone skips that night is refused with 400 `nonexistent_local_time`, naming the zone and the
 * day; one it has twice takes the first. Without an offset the instant is exact and stays.
 */
export function placeSentTime(instant: string, offset: string | undefined, zone: string, field: string): PlacedTime {
  if (offset === undefined) return { iso: new Date(instant).toISOString(), ambiguous: false };
  const shown = wallClockOnOffset(instant, offset);
  const placed = localToInstant(shown.day, shown.time, zone);
  if (!placed.ok) {
    if (placed.reason === 'nonexistent') throw new HttpError(400, 'nonexistent_local_time', { time: shown.time, zone, day: shown.day }, { field });
    throw new HttpError(400, 'invalid_local_time', undefined, { field });
  }
  return { iso: new Date(Date.parse(placed.iso) + shown.rest).toISOString(), ambiguous: placed.ambiguous };
}

/** An ambiguous time's notice: "01:30 happens twice in Europe/Rome on Oct 25, 2026 (...); the first, UTC+02:00, was taken.", its parameters as data. */
export function ambiguousNotice(iso: string, zone: string, day: string, time: string): { code: 'ambiguous_local_time'; message: string; params: AmbiguousLocalTimeParams } {
  const params: AmbiguousLocalTimeParams = { time, zone, day, offset: zoneOffsetLabel(zone, iso) };
  return { code: 'ambiguous_local_time', message: englishText(AMBIGUOUS_LOCAL_TIME, params), params };
}

/** The offsets `zone` keeps this year (winter and summer). */
function offsetsOf(zone: string): string[] {
  const year = new Date().getUTCFullYear();
  return [Date.UTC(year, 0, 15), Date.UTC(year, 6, 15)].map((at) => zoneOffsetLabel(zone, at));
}

/**
 * The zone a client sending only the spec's offset and label means, on an edit: the city the label
 * names when it keeps that offset ("Athens" on UTC+02:00); else the current zone while it keeps the
 * offset at some time of the year (a Berlin group re-sent as UTC+01:00 in July stays Berlin); else
 * the place's zone if it keeps it; else what the offset names (legacyZone).
 */
export function zoneForSentOffset(current: string, offset: string | undefined, label: string, placeZone: string | null = null): string {
  if (offset === undefined) return current;
  const named = zoneNamedBy(label);
  if (named && offsetsOf(named).includes(offset)) return named;
  if (offsetsOf(current).includes(offset)) return current;
  return placeZone && offsetsOf(placeZone).includes(offset) ? placeZone : legacyZone(offset, label);
}

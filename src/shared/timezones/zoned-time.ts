import { tzOffset } from '@date-fns/tz';

/*
 * The one rule that turns a ride's local date and time into an instant, and back: a named IANA
 * zone (Europe/Rome) with its summer time, read from the runtime's own zone data through Intl
 * (@date-fns/tz). Every place that needs a ride's instant or its wall-clock time goes through
 * these functions, on the server and in the browser.
 */

const DAY_MS = 86_400_000;

/** Whether the runtime knows this IANA zone name ("Europe/Rome", "UTC"); offsets and labels are not zones. */
export function isKnownZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Minutes east of UTC in `zone` at `instant` (Europe/Rome in July: 120). */
export function zoneOffsetMinutes(zone: string, instant: Date | number): number {
  return tzOffset(zone, typeof instant === 'number' ? new Date(instant) : instant);
}

/** 120 -> "UTC+02:00", -150 -> "UTC-02:30": the spec's offset label. */
export function offsetLabel(minutesEast: number): string {
  const sign = minutesEast < 0 ? '-' : '+';
  const abs = Math.abs(minutesEast);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const minutes = String(abs % 60).padStart(2, '0');
  return `UTC${sign}${hours}:${minutes}`;
}

/** The spec's offset label of `zone` at `instant`: a July ride in Rome says "UTC+02:00". */
export function zoneOffsetLabel(zone: string, instant: Date | number | string): string {
  const at = typeof instant === 'string' ? Date.parse(instant) : instant;
  return offsetLabel(zoneOffsetMinutes(zone, at));
}

export type LocalToInstant =
  | { ok: true; iso: string; /** The local time happens twice (the autumn hour); the first was taken. */ ambiguous: boolean }
  | { ok: false; reason: 'nonexistent' | 'invalid' };

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * "2026-07-04" + "09:00" in "Europe/Berlin" -> 2026-07-04T07:00:00.000Z. A local time skipped by
 * the spring change (02:30 on that night) is `nonexistent`; one that happens twice in autumn takes
 * the first (summer-time) instant and says `ambiguous`. Works for any shift (Lord Howe's 30 minutes)
 * as long as a zone changes at most once within a day either side, which every zone does.
 */
export function localToInstant(day: string, time: string, zone: string): LocalToInstant {
  if (!DAY_PATTERN.test(day) || !TIME_PATTERN.test(time) || !isKnownZone(zone)) return { ok: false, reason: 'invalid' };
  const wallClock = Date.parse(`${day}T${time}:00.000Z`);
  if (Number.isNaN(wallClock) || new Date(wallClock).toISOString().slice(0, 10) !== day) return { ok: false, reason: 'invalid' };
  const offsets = new Set([zoneOffsetMinutes(zone, wallClock - DAY_MS), zoneOffsetMinutes(zone, wallClock + DAY_MS)]);
  const instants = [...offsets]
    .map((offset) => wallClock - offset * 60_000)
    .filter((instant) => zoneOffsetMinutes(zone, instant) * 60_000 === wallClock - instant)
    .sort((a, b) => a - b);
  const first = instants[0];
  if (first === undefined) return { ok: false, reason: 'nonexistent' };
  return { ok: true, iso: new Date(first).toISOString(), ambiguous: instants.length > 1 };
}

/** An instant's local calendar day and time of day in `zone`: { day: "2026-07-04", time: "09:00" }. */
export function instantToLocal(instant: string | number | Date, zone: string): { day: string; time: string } {
  const at = instant instanceof Date ? instant.getTime() : typeof instant === 'string' ? Date.parse(instant) : instant;
  const local = new Date(at + zoneOffsetMinutes(zone, at) * 60_000).toISOString();
  return { day: local.slice(0, 10), time: local.slice(11, 16) };
}

/**
 * localToInstant for a time that repeats (a series' 02:30 ride): a local time the spring change
 * skips is not refused but read with the offset in force before the gap, as RFC 5545 (3.3.5) reads
 * it, so 02:30 on Rome's spring night is 03:30 summer time, the same hour after midnight it meant;
 * the autumn hour takes the first, as localToInstant does. Only a malformed day, time or zone is
 * null.
 */
export function repeatedLocalToInstant(day: string, time: string, zone: string): string | null {
  const exact = localToInstant(day, time, zone);
  if (exact.ok) return exact.iso;
  if (exact.reason !== 'nonexistent') return null;
  const wallClock = Date.parse(`${day}T${time}:00.000Z`);
  return new Date(wallClock - zoneOffsetMinutes(zone, wallClock - DAY_MS) * 60_000).toISOString();
}

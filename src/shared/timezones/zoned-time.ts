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

/**
 * The last millisecond of a local calendar day in `zone`: the instant before the next day's first
 * local minute ("2026-07-04" in Europe/Berlin -> 2026-07-04T21:59:59.999Z). A zone whose clocks
 * skip midnight starts its day at the first minute that exists.
 */
export function endOfLocalDay(day: string, zone: string): string {
  const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
  for (let minutes = 0; minutes <= 120; minutes += 15) {
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const start = localToInstant(next, time, zone);
    if (start.ok) return new Date(Date.parse(start.iso) - 1).toISOString();
  }
  return new Date(Date.parse(`${next}T00:00:00.000Z`) - zoneOffsetMinutes(zone, Date.parse(`${day}T12:00:00.000Z`)) * 60_000 - 1).toISOString();
}

/** Minutes east of UTC of the spec's offset label: "UTC+05:30" -> 330; NaN for anything else. */
export function labelMinutes(offset: string): number {
  const match = /^UTC([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return Number.NaN;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/**
 * The wall-clock time an instant shows on a fixed offset: what a rider typed when a client sent
 * the instant with the spec's `timezoneOffset` ("2026-07-04T08:00:00Z" with UTC+01:00 -> 09:00).
 * `rest` is the part below the minute, kept so that nothing but the zone moves an instant.
 */
export function wallClockOnOffset(instant: string, offset: string): { day: string; time: string; rest: number } {
  const local = Date.parse(instant) + labelMinutes(offset) * 60_000;
  const text = new Date(local).toISOString();
  return { day: text.slice(0, 10), time: text.slice(11, 16), rest: local % 60_000 };
}

/**
 * What a client sends for a local day and time in `zone`: an instant with the offset it was read
 * on, so that instant plus offset is the wall-clock time typed, whatever the zone does that night
 * (a nonexistent time goes as typed, for the server to refuse with the zone and the day).
 */
export function localToSent(day: string, time: string, zone: string): { iso: string; offset: string } {
  const placed = localToInstant(day, time, zone);
  if (placed.ok) return { iso: placed.iso, offset: zoneOffsetLabel(zone, placed.iso) };
  const wallClock = Date.parse(`${day}T${time}:00.000Z`);
  const before = Number.isNaN(wallClock) ? 0 : zoneOffsetMinutes(zone, wallClock - DAY_MS);
  return { iso: new Date((Number.isNaN(wallClock) ? 0 : wallClock) - before * 60_000).toISOString(), offset: offsetLabel(before) };
}

/** A wall-clock time written on a fixed offset: "2026-07-04" "09:00" on UTC+02:00 -> 2026-07-04T07:00:00.000Z (wallClockOnOffset's inverse). */
export function instantOnOffset(day: string, time: string, offset: string): string {
  return new Date(Date.parse(`${day}T${time}:00.000Z`) - labelMinutes(offset) * 60_000).toISOString();
}

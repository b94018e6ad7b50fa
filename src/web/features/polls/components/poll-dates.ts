import { addDays, format } from 'date-fns';

/**
 * Dates of a poll (spec 2 sections 5 and 9). A proposed date is a calendar day, kept as
 * 'YYYY-MM-DD'; it travels to the server as that day's UTC midnight, which is how the server
 * reads days (dayOf), so the day never shifts with the rider's time zone.
 */
export const POLL_DEADLINE_DEFAULT_DAYS = 7;

/** The rider's calendar day of a Date. */
export function dayKeyOf(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** The local midnight of a day (what the calendar shows). */
export function dateOfDayKey(key: string): Date {
  const [year, month, day] = key.split('-').map(Number);
  return new Date(year!, month! - 1, day!);
}

/**
 * The first day that may be proposed: today. The server judges "past" by the UTC day, so west of
 * UTC late in the evening (when UTC is already tomorrow) today cannot be proposed either.
 */
export function firstProposableDay(now: Date): string {
  const local = dayKeyOf(now);
  const utc = now.toISOString().slice(0, 10);
  return utc > local ? utc : local;
}

/** The calendar's selection as proposed days: past days dropped, duplicates ignored, sorted. */
export function proposedDaysFrom(dates: readonly Date[], now: Date): string[] {
  const first = firstProposableDay(now);
  return [...new Set(dates.map(dayKeyOf))].filter((day) => day >= first).sort();
}

/** What POST /api/polls receives for each proposed day. */
export function proposedDayToIso(day: string): string {
  return `${day}T00:00:00.000Z`;
}

/** A day as the app shows dates: 'MMM d, yyyy'. Accepts 'YYYY-MM-DD' or an ISO date-time (its UTC day). */
export function formatDay(dayOrIso: string): string {
  return format(dateOfDayKey(dayOrIso.slice(0, 10)), 'MMM d, yyyy');
}

/** Short form for chips: 'Sat, May 9'. */
export function formatDayShort(dayOrIso: string): string {
  return format(dateOfDayKey(dayOrIso.slice(0, 10)), 'EEE, MMM d');
}

/** A value for <input type="datetime-local"> (local time, minutes). */
export function toDateTimeLocal(date: Date): string {
  return format(date, "yyyy-MM-dd'T'HH:mm");
}

/** The deadline's default: 7 days from now. */
export function defaultDeadline(now: Date): string {
  return toDateTimeLocal(addDays(now, POLL_DEADLINE_DEFAULT_DAYS));
}

/** True when a datetime-local value names a moment after `now`. */
export function isFutureDeadline(value: string, now: Date): boolean {
  const time = new Date(value).getTime();
  return !Number.isNaN(time) && time > now.getTime();
}

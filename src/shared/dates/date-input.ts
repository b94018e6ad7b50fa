import { z } from 'zod';

/**
 * The instants a rider can mean: from 1900 to the day before the last of 9999 (so that a
 * time-zone shift still writes a four-digit year). Date.parse takes far more
 * ("+275760-09-13T00:00:00.000Z", the last instant a Date can hold), and such a date breaks
 * whatever shifts it afterwards (past the end of the Date range, toISOString throws), so it is
 * refused with the field's message instead of failing later with a 500.
 */
export const EARLIEST_DATE_MS = Date.UTC(1900, 0, 1);
export const LATEST_DATE_MS = Date.UTC(9999, 11, 30, 23, 59, 59, 999);

/** Whether "YYYY-MM-DD" is a day of the calendar ("2027-02-30" is not; February 29 in leap years only). */
export function isCalendarDay(day: string): boolean {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}

const LEADING_DAY = /^\d{4}-\d{2}-\d{2}/;

/**
 * The instant a date text names, or null when Date.parse refuses it, it is out of range, or it
 * names a day the calendar does not have: V8 rolls "2027-02-30" over to March 2 where a rider
 * meant a day that does not exist.
 */
export function parseDateInput(text: string): number | null {
  const ms = Date.parse(text);
  if (Number.isNaN(ms) || ms < EARLIEST_DATE_MS || ms > LATEST_DATE_MS) return null;
  const day = LEADING_DAY.exec(text)?.[0];
  return day !== undefined && !isCalendarDay(day) ? null : ms;
}

/**
 * A date or date-time text in range. The refusal aborts the parse, so an object's own checks
 * (end after start) never see a date they cannot compute with.
 */
export const dateInput = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .refine((v) => parseDateInput(v) !== null, { message, abort: true });

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

/** The instant a date text names, or null when Date.parse refuses it or it is out of range. */
export function parseDateInput(text: string): number | null {
  const ms = Date.parse(text);
  return Number.isNaN(ms) || ms < EARLIEST_DATE_MS || ms > LATEST_DATE_MS ? null : ms;
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

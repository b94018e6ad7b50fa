import { z } from 'zod';
import { MB } from './limits';

/** GET /api/media/storage: how much of their storage limit the signed-in rider's uploads use. */
export const storageUsageSchema = z.object({
  usedBytes: z.number().int(),
  limitBytes: z.number().int(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/**
 * Megabytes for people, in a language's numbers: whole ones as written (1,000; "20.000" in Italian),
 * one decimal below 10 MB (2.4; "2,4"), else rounded. English unless told (the web passes the rider's).
 */
export function megabytes(bytes: number, locale = 'en-US'): string {
  const mb = bytes / MB;
  const digits = Number.isInteger(mb) || mb >= 10 ? 0 : 1;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(mb);
}

/** "12.5 MB of 1,000 MB used": the gallery's line. */
export const storageUsageText = (usage: StorageUsage) => `${megabytes(usage.usedBytes)} MB of ${megabytes(usage.limitBytes)} MB used`;

/** The 413 of an upload that would go over the rider's limit. */
export const storageLimitMessage = (limitBytes: number) => `Your uploads would exceed your ${megabytes(limitBytes)} MB storage limit`;

/**
 * The `code` beside the message of the 413 a guest gets when the guests of their client address
 * have uploaded their total for the day: the web app then offers adding an e-mail address.
 */
export const GUEST_UPLOAD_TOTAL_CODE = 'guest_upload_total';

/** That 413's message: what was reached, and that an e-mail address lifts the rider out of it. */
export const guestUploadTotalMessage = (totalBytes: number, riderLimitBytes: number) =>
  `Guests on this network have used today's ${megabytes(totalBytes)} MB upload allowance. Add your email address to keep uploading, up to your own ${megabytes(riderLimitBytes)} MB storage limit.`;

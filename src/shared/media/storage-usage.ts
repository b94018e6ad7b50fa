import { z } from 'zod';
import { MB } from './limits';

/** GET /api/media/storage: how much of their storage limit the signed-in rider's uploads use. */
export const storageUsageSchema = z.object({
  usedBytes: z.number().int(),
  limitBytes: z.number().int(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** Megabytes for people: whole ones as written (1,000), one decimal below 10 MB (2.4), else rounded. */
export function megabytes(bytes: number): string {
  const mb = bytes / MB;
  if (Number.isInteger(mb)) return mb.toLocaleString('en-US');
  return mb < 10 ? mb.toFixed(1) : Math.round(mb).toLocaleString('en-US');
}

/** "12.5 MB of 1,000 MB used": the gallery's line. */
export const storageUsageText = (usage: StorageUsage) => `${megabytes(usage.usedBytes)} MB of ${megabytes(usage.limitBytes)} MB used`;

/** The 413 of an upload that would go over the rider's limit. */
export const storageLimitMessage = (limitBytes: number) => `Your uploads would exceed your ${megabytes(limitBytes)} MB storage limit`;

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { MB } from '../../shared/media/limits';
import { GUEST_UPLOAD_TOTAL_CODE, type StorageUsage } from '../../shared/media/storage-usage';
import type { HttpError } from '../platform/errors';
import { reserveGuestUpload, type GuestUploadReservation } from '../limits/guest-upload-limits';
import { usersRepository } from '../users/users.repository';
import type { AppContext } from '../context';
import { mediaRepository } from './media.repository';
import { fileTooLarge, storageLimitExceeded } from './media.upload';

type Executor = Kysely<Database> | Transaction<Database>;
/** What the quota needs of the app; bug reports use it as well as media uploads. */
type QuotaContext = Pick<AppContext, 'db' | 'log' | 'config'>;

/** The form fields and part headers around an uploaded file, beyond the file's own bytes. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** What a rider may still store: their limit, what of it is free, and whether they are a guest. */
export interface StorageRoom {
  limitBytes: number;
  freeBytes: number;
  /** No confirmed e-mail: the guest limit, and the guests' total of the client address, apply. */
  guest: boolean;
}

/** Bytes a rider's uploads take, the screenshots of their bug reports with them (files on our disk like any other). */
const bytesUsedBy = (db: Executor, userId: string) => mediaRepository.bytesStoredBy(db, userId);

/** A rider's storage limit: MEDIA_QUOTA_MB, or MEDIA_GUEST_QUOTA_MB for a guest (an account without a confirmed e-mail). */
async function storageLimit(ctx: QuotaContext, userId: string): Promise<{ limitBytes: number; guest: boolean }> {
  const user = await usersRepository.findById(ctx.db, userId);
  const guest = !user?.email;
  return { limitBytes: (guest ? ctx.config.mediaGuestQuotaMb : ctx.config.mediaQuotaMb) * MB, guest };
}

/** The rider's limit and what of it their uploads leave free. */
export async function storageRoom(ctx: QuotaContext, userId: string): Promise<StorageRoom> {
  const { limitBytes, guest } = await storageLimit(ctx, userId);
  return { limitBytes, guest, freeBytes: Math.max(0, limitBytes - (await bytesUsedBy(ctx.db, userId))) };
}

/** GET /api/media/storage: what the rider's uploads take of their limit. */
export async function storageUsage(ctx: QuotaContext, userId: string): Promise<StorageUsage> {
  const { limitBytes } = await storageLimit(ctx, userId);
  return { usedBytes: await bytesUsedBy(ctx.db, userId), limitBytes };
}

/**
 * The last check before a file is recorded, in the transaction that records it, after
 * `mediaRepository.lockOwner` (or another lock of the rider's row): two uploads that each fit alone
 * may not both pass. 413 naming the limit.
 */
export async function assertRoomFor(trx: Executor, userId: string, room: StorageRoom, bytes: number): Promise<void> {
  if (bytes > room.limitBytes - (await bytesUsedBy(trx, userId))) throw storageLimitExceeded(room.limitBytes);
}

/** The 413 of a guest whose client address's guests have uploaded their total for today. */
export function guestUploadTotalReached(ctx: QuotaContext): HttpError {
  const { guestUploadMbPerAddressPerDay: totalMb, mediaQuotaMb: riderLimitMb } = ctx.config;
  const params = { totalBytes: totalMb * MB, totalMb, riderLimitBytes: riderLimitMb * MB, riderLimitMb };
  return fileTooLarge(GUEST_UPLOAD_TOTAL_CODE, params);
}

/**
 * For a guest's file, before any of it is stored: holds up to `mostBytes` (what the file may have
 * for its target and the guest's own room) of today's total of the guests of `clientAddress`, and
 * the file may then not grow past what is held. Refused at once (413) when nothing is left, or when
 * the request's declared length says the file cannot fit. Null for a rider with an e-mail.
 */
export async function reserveGuestBytes(
  ctx: QuotaContext,
  room: StorageRoom,
  clientAddress: string,
  mostBytes: number,
  declaredBytes: number | null,
): Promise<GuestUploadReservation | null> {
  // Nothing of the guest's own room left: the file may have no byte, and is refused for that.
  if (!room.guest || mostBytes === 0) return null;
  const wanted = declaredBytes === null ? mostBytes : Math.min(mostBytes, declaredBytes);
  const reservation = await reserveGuestUpload(ctx, clientAddress, wanted);
  const fileMayFit = reservation.bytes > 0 && (declaredBytes === null || reservation.bytes + MULTIPART_OVERHEAD_BYTES >= Math.min(mostBytes, declaredBytes));
  if (!fileMayFit) {
    await reservation.release();
    throw guestUploadTotalReached(ctx);
  }
  return reservation;
}

import { MB } from '../../shared/media/limits';
import type { StorageUsage } from '../../shared/media/storage-usage';
import { usersRepository } from '../users/users.repository';
import type { MediaContext } from './media.access';
import { mediaRepository } from './media.repository';

/** A rider's storage limit: MEDIA_QUOTA_MB, or MEDIA_GUEST_QUOTA_MB for a guest (an account without a confirmed e-mail). */
async function storageLimitBytes(ctx: MediaContext, userId: string): Promise<number> {
  const user = await usersRepository.findById(ctx.db, userId);
  return (user?.email ? ctx.config.mediaQuotaMb : ctx.config.mediaGuestQuotaMb) * MB;
}

/** The rider's limit and what of it their uploads leave free. */
export async function storageRoom(ctx: MediaContext, userId: string): Promise<{ limitBytes: number; freeBytes: number }> {
  const limitBytes = await storageLimitBytes(ctx, userId);
  return { limitBytes, freeBytes: Math.max(0, limitBytes - (await mediaRepository.bytesOwnedBy(ctx.db, userId))) };
}

/** GET /api/media/storage: what the rider's uploads take of their limit. */
export async function storageUsage(ctx: MediaContext, userId: string): Promise<StorageUsage> {
  const limitBytes = await storageLimitBytes(ctx, userId);
  return { usedBytes: await mediaRepository.bytesOwnedBy(ctx.db, userId), limitBytes };
}

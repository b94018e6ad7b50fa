import type { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { createStorage, type FileStorage } from '../platform/storage';
import { previewsRepository, type PictureSubject, type PreviewPictureRow } from './previews.repository';

export type { PictureSubject } from './previews.repository';

/*
 * Which stored link preview pictures are in use, and their removal (issue 32 point 6;
 * docs/decisions/2026-11-27-preview-picture-cache.md). A request records the picture as its
 * subject's before it reads or stores the file, and again after storing one (picture-cache.ts); a
 * file is removed only once no row names it, and put back when a row appeared while it was being
 * removed. So a picture some page names is never left removed (at worst drawn again), and no
 * stored picture is left without a row that leads a sweep to it.
 */

export async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Records the picture as the subject's; a read first, so a picture in use costs no write. */
export async function recordPicture(ctx: Pick<AppContext, 'db'>, key: string, subject: PictureSubject): Promise<void> {
  if (!(await previewsRepository.isRecorded(ctx.db, key, subject))) await previewsRepository.record(ctx.db, key, subject, nowIso());
}

/**
 * Removes the stored picture when no row names it; true when it removed it. Its bytes are read
 * first: a request that recorded the picture meanwhile (the same route again, or another ride's
 * identical one) finds it put back, and one that records it later draws it again. Loops only while
 * rows come and go under it. The test seam AppContext.beforeLock('preview-sweep') holds it just before it removes.
 */
export async function removeUnusedPicture(ctx: Pick<AppContext, 'db' | 'beforeLock'>, storage: FileStorage, key: string): Promise<boolean> {
  if (await previewsRepository.inUse(ctx.db, key)) return false;
  // Not stored (removed by another sweep, or never drawn): nothing to remove. A request storing it
  // now has recorded it first, and records it again after. A failed read throws (the caller keeps the row).
  if (!(await storage.stat(key))) return false;
  const bytes = await bytesOf(storage.read(key));
  await ctx.beforeLock?.('preview-sweep');
  for (;;) {
    await storage.delete(key);
    if (!(await previewsRepository.inUse(ctx.db, key))) return true;
    await storage.put(key, bytes);
    if (await previewsRepository.inUse(ctx.db, key)) return false;
  }
}

/** Long ago: a row put back after a failed removal is checked by the next sweep. */
const UNCHECKED = new Date(0).toISOString();

/**
 * Forgets this row (its subject shows another picture now, or is gone or hidden), then removes the
 * file when no other row names it; true when it did. A removal that fails puts the row back,
 * unchecked, so the next sweep tries again.
 */
export async function forgetPicture(ctx: Pick<AppContext, 'db' | 'beforeLock'>, storage: FileStorage, row: PreviewPictureRow): Promise<boolean> {
  await previewsRepository.forget(ctx.db, row);
  try {
    return await removeUnusedPicture(ctx, storage, row.key);
  } catch (error) {
    await previewsRepository.record(ctx.db, row.key, { kind: row.subject_kind as PictureSubject['kind'], id: row.subject_id }, UNCHECKED);
    throw error;
  }
}

/**
 * In the transaction that removes a ride, or a group and its rides: their pictures' rows, read
 * before they go; the returned step, run after the commit, forgets them and removes the files no
 * other subject shows. The periodic sweep (picture-sweep.ts) removes whatever this misses (a
 * failure, a request that recorded its picture again meanwhile).
 */
export async function detachPictures(tx: Transaction<Database>, subjects: PictureSubject[], ridesOfGroupId?: string): Promise<(ctx: Pick<AppContext, 'db' | 'config' | 'log' | 'beforeLock'>) => Promise<void>> {
  const rows = await previewsRepository.rowsOfSubjects(tx, subjects, ridesOfGroupId);
  return async (ctx) => {
    const storage = createStorage(ctx.config);
    for (const row of rows) {
      try {
        await forgetPicture(ctx, storage, row);
      } catch (error) {
        ctx.log.warn({ err: error, key: row.key }, 'a preview picture was not removed (the sweep will)');
      }
    }
  };
}

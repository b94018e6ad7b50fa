import type { AppContext } from '../context';
import type { FileStorage } from '../platform/storage';
import { mediaRepository } from './media.repository';
import { removeFiles } from './media-files.service';

const HOUR_MS = 3600 * 1000;
const BATCH = 500;

/**
 * Removes media whose ride or group is gone (their deletion removes rows, or cascades past them),
 * then every stored file whose media row is gone (deleted elsewhere, or an upload that died
 * half-way; keys recorded within the last hour belong to uploads that may still be running).
 * Idempotent; returns how many files it removed. Meant for the housekeeping scheduler.
 */
export async function sweepOrphanMedia(ctx: Pick<AppContext, 'db'>, storage: FileStorage, now = Date.now()): Promise<number> {
  for (;;) {
    const rows = await mediaRepository.orphanRows(ctx.db, BATCH);
    await mediaRepository.deleteRows(
      ctx.db,
      rows.map((r) => r.id),
    );
    if (rows.length < BATCH) break;
  }
  let removed = 0;
  for (;;) {
    const keys = await mediaRepository.orphanKeys(ctx.db, new Date(now - HOUR_MS).toISOString(), BATCH);
    await removeFiles(ctx, storage, keys);
    removed += keys.length;
    if (keys.length < BATCH) return removed;
  }
}

import type { AppContext } from '../context';
import { createStorage } from '../platform/storage';
import { currentPictureKey } from './previews.service';
import { forgetPicture } from './picture-store.service';
import { previewsRepository, type PictureSubject } from './previews.repository';

const HOUR_MS = 3600 * 1000;
const BATCH = 200;
/** A row found current is checked again after this long (the job runs every 6 hours, on each machine). */
export const PICTURE_RECHECK_MS = 5 * HOUR_MS;

/**
 * The housekeeping job `sweep-preview-pictures`: every recorded preview picture not checked for
 * PICTURE_RECHECK_MS is claimed (a conditional UPDATE of its row, so one server checks it, and a
 * row recorded by a request waits that long) and checked against its subject's picture today, read
 * as an anonymous visitor (previews.service.ts currentPictureKey, the routes' own path): a ride
 * whose route changed, a group or avatar whose photo changed, a subject deleted, hidden or made
 * private, the app's card of an older drawing. Those rows are forgotten and their files removed once
 * no row names them (picture-store.service.ts: a picture that is current anywhere stays).
 * Idempotent, no state in memory; returns how many rows it checked (claimed) and files it removed.
 */
export async function sweepPreviewPictures(ctx: AppContext, now = Date.now()): Promise<{ checked: number; removed: number }> {
  const storage = createStorage(ctx.config);
  const cutoff = new Date(now - PICTURE_RECHECK_MS).toISOString();
  const checkedAt = new Date(now).toISOString();
  let checked = 0;
  let removed = 0;
  for (;;) {
    const rows = await previewsRepository.dueForCheck(ctx.db, cutoff, BATCH);
    for (const row of rows) {
      if (!(await previewsRepository.claim(ctx.db, row, checkedAt))) continue;
      checked += 1;
      try {
        const subject = { kind: row.subject_kind as PictureSubject['kind'], id: row.subject_id };
        if ((await currentPictureKey(ctx, subject)) === row.key) continue;
        if (await forgetPicture(ctx, storage, row)) removed += 1;
      } catch (error) {
        // Checked again at the next run (its row is kept, or put back).
        ctx.log.warn({ err: error, key: row.key }, 'a preview picture was not swept');
      }
    }
    if (rows.length < BATCH) return { checked, removed };
  }
}

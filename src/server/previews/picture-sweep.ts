import type { AppContext } from '../context';
import { createStorage, type FileStorage } from '../platform/storage';
import { currentPictureKey } from './previews.service';
import { forgetPicture } from './picture-store.service';
import { PICTURE_KEY_PREFIX } from './picture-cache';
import { previewsRepository, type PictureSubject } from './previews.repository';

const HOUR_MS = 3600 * 1000;
const BATCH = 200;
/** A row found current is checked again after this long (the job runs every 6 hours, on each machine). */
export const PICTURE_RECHECK_MS = 5 * HOUR_MS;

/** A preview picture's storage key (picture-cache.ts pictureKey); nothing else in the storage starts so. */
const PICTURE_KEY = /^og-[a-z0-9]+\.(png|jpg)$/;

/**
 * Every stored preview picture no row names gets one, as found (`stored`): those stored before
 * migration 048, and any a failure left without one. Its row is due PICTURE_RECHECK_MS later (the
 * next run): a page that shows the picture meanwhile records it as its own (served from the storage,
 * not drawn) and it stays; one no page asked for by then is removed (picture-store.service.ts), and
 * drawn again should a page name it later. Two servers finding the same picture make one row (its
 * key is the row's), which one check claims. Returns how many it recorded.
 */
async function recordFoundPictures(ctx: AppContext, storage: FileStorage, nowIso: string): Promise<number> {
  let found = 0;
  for await (const page of storage.keys(PICTURE_KEY_PREFIX)) {
    const keys = page.filter((key) => PICTURE_KEY.test(key));
    const recorded = await previewsRepository.recordedAmong(ctx.db, keys);
    for (const key of keys) {
      if (recorded.has(key)) continue;
      await previewsRepository.record(ctx.db, key, { kind: 'stored', id: key }, nowIso);
      found += 1;
    }
  }
  return found;
}

/**
 * The housekeeping job `sweep-preview-pictures`: every recorded preview picture not checked for
 * PICTURE_RECHECK_MS is claimed (a conditional UPDATE of its row, so one server checks it, and a
 * row recorded by a request waits that long) and checked against its subject's picture today, read
 * as an anonymous visitor (previews.service.ts currentPictureKey, the routes' own path): a ride
 * whose route changed, a group or avatar whose photo changed, a subject deleted, hidden or made
 * private, the app's card of an older drawing. Those rows are forgotten and their files removed once
 * no row names them (picture-store.service.ts: a picture that is current anywhere stays). Then the
 * stored pictures no row names are recorded as found (recordFoundPictures), for a later run.
 * Idempotent, no state in memory; returns how many rows it checked (claimed), files it removed and
 * pictures it found.
 */
export async function sweepPreviewPictures(ctx: AppContext, now = Date.now()): Promise<{ checked: number; removed: number; found: number }> {
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
    if (rows.length < BATCH) return { checked, removed, found: await recordFoundPictures(ctx, storage, checkedAt) };
  }
}

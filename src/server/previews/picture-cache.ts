import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { createStorage } from '../platform/storage';
import { enforcePreviewDrawLimit } from '../limits/write-limits';
import { bytesOf, recordPicture, type PictureSubject } from './picture-store.service';

/*
 * Link preview pictures are drawn once per version and kept in the app's file storage (local disk
 * or STORAGE_URL's bucket), under a key named by the version: the hash of everything the picture is
 * drawn from (preview-image.ts). Every server of an installation finds what any of them drew; no
 * picture is held in a process's memory. A picture not yet kept is drawn only within the drawing
 * limit (limits/write-limits.ts enforcePreviewDrawLimit: 429 too_many_preview_pictures). Each is
 * recorded as its subject's before its file is read or stored, and again after storing it, so the
 * sweep of pictures no longer in use (picture-sweep.ts) never removes one a page names, and finds
 * every stored one (picture-store.service.ts).
 * docs/decisions/2026-11-27-preview-picture-cache.md.
 */

export type PictureFormat = 'png' | 'jpg';

/** What every preview picture's storage key starts with, and no other stored file's (media keys are hex, bug reports' `bug-`). */
export const PICTURE_KEY_PREFIX = 'og-';

/** The storage key of a picture's version (flat, lower-case: platform/storage-keys.ts). */
export const pictureKey = (version: string, format: PictureFormat) => `${PICTURE_KEY_PREFIX}${version}.${format}`;

/** The subject's kept picture of this version, else drawn (counted against the drawing limit) and kept. */
export async function keptPicture(ctx: AppContext, request: FastifyRequest, subject: PictureSubject, version: string, format: PictureFormat, draw: () => Promise<Buffer>): Promise<Buffer> {
  const storage = createStorage(ctx.config);
  const key = pictureKey(version, format);
  await recordPicture(ctx, key, subject);
  await ctx.beforeLock?.('preview-draw');
  if (await storage.stat(key)) {
    try {
      return await bytesOf(storage.read(key));
    } catch (error) {
      // Removed meanwhile (or the bucket failed mid-read): drawn again below.
      ctx.log.warn({ err: error, key }, 'a kept preview picture could not be read');
    }
  }
  await enforcePreviewDrawLimit(ctx, request);
  const picture = await draw();
  await storage.put(key, picture);
  // Its row may have been forgotten while it was drawn (the subject changed or went): a stored picture always has one.
  await recordPicture(ctx, key, subject);
  return picture;
}

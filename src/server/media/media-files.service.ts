import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { notFound } from '../platform/errors';
import type { FileStorage } from '../platform/storage';
import type { MediaAssociatedType } from '../../shared/media/media-item';
import { PRIVACY_ZONE_METRES, type GpxPrivacyZone } from '../../shared/gpx/privacy-zone';
import { MediaAccess, type MediaContext } from './media.access';
import { audienceOf } from './media.policy';
import { mediaRepository, type MediaListRow } from './media.repository';
import { mimeTypeOfExtension } from './media.sniff';
import { writeTrimmedGpx } from './media.gpx';
import type { ServedFile } from './media.serving';

/** The upload's name with the extension of what was actually stored (photo.png re-encoded is photo.jpg). */
function storedName(originalName: string, extension: string): string {
  return `${path.basename(originalName, path.extname(originalName)) || 'file'}.${extension}`;
}

/** Removes stored files, then forgets their keys (a key is forgotten only once its file is gone). */
export async function removeFiles(ctx: Pick<AppContext, 'db'>, storage: FileStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key)));
  await mediaRepository.forgetFiles(ctx.db, keys);
}

/**
 * A stored file by its key, for whoever may see its item: 404 for a key no media row owns, and
 * for an item the viewer may not see (resolved only for files that are not public).
 */
export async function findServedFile(ctx: MediaContext, storage: FileStorage, key: string, viewer: () => Promise<string | null>): Promise<ServedFile> {
  const row = await mediaRepository.findByStorageKey(ctx.db, key);
  const extension = path.extname(key).slice(1);
  const mimeType = mimeTypeOfExtension(extension);
  if (!row || !mimeType) throw notFound('file_not_found');
  const isGpxFile = row.file_type === 'gpx' && key === row.filename;
  const isPublic = audienceOf(row.associated_type as MediaAssociatedType | null) === 'public' && !isGpxFile;
  const access = isPublic ? null : new MediaAccess(ctx, await viewer());
  if (access && !(await access.canView(row))) throw notFound('file_not_found');
  if (!(await storage.stat(key))) throw notFound('file_not_found');
  // A GPX file goes to anyone but its uploader trimmed (privacy zones) and without times.
  const view = access && isGpxFile ? await access.gpxView(row) : 'original';
  const servedKey = view === 'original' ? key : await gpxCopyForOthers(ctx, storage, row, view);
  const stat = await storage.stat(servedKey);
  if (!stat) throw notFound('file_not_found');
  const name = storedName(row.original_name, extension);
  const downloadName = key === row.thumbnail_filename ? `${path.basename(name, `.${extension}`)}-thumbnail.${extension}` : name;
  // The same address serves the uploader and others different files, and the others' copy
  // changes with the uploader's zone: never kept without asking again.
  return { key: servedKey, size: stat.size, mimeType, downloadName, isPublic, attachment: isGpxFile, revalidate: isGpxFile };
}

/**
 * The stored copy of a GPX file that others get with this privacy zone, made (in the GPX worker
 * thread) on first request and kept beside the original under its own key, recorded with the media
 * item so it goes when the item goes. A new zone makes a new copy.
 */
async function gpxCopyForOthers(ctx: MediaContext, storage: FileStorage, row: MediaListRow, zone: GpxPrivacyZone): Promise<string> {
  const key = row.filename.replace(/\.gpx$/, `.others-${zone}.gpx`);
  if (await storage.stat(key)) return key;
  await mediaRepository.recordFiles(ctx.db, row.id, [key], nowIso(), { ifNew: true });
  const original = await storage.createTempFile();
  const trimmed = await storage.createTempFile();
  try {
    await pipeline(storage.read(row.filename), fs.createWriteStream(original.path));
    await writeTrimmedGpx(original.path, trimmed.path, PRIVACY_ZONE_METRES[zone]);
    await storage.put(key, trimmed);
  } finally {
    await original.discard();
    await trimmed.discard();
  }
  return key;
}

import crypto from 'node:crypto';
import path from 'node:path';
import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { badRequest, HttpError, notFound } from '../platform/errors';
import type { FileStorage } from '../platform/storage';
import { newId } from '../platform/tokens';
import { AVATAR_MAX_BYTES, BACKGROUND_MAX_BYTES } from '../../shared/media/limits';
import {
  MEDIA_MESSAGES,
  mediaUploadFieldsSchema,
  type MediaAssociatedType,
  type MediaFileType,
  type MediaItem,
  type MediaUploadFields,
} from '../../shared/media/media-item';
import { canAttachToProfile } from './media.policy';
import { mediaRepository, type MediaRow, type UserImageColumn } from './media.repository';
import { mediaFileUrl, presentMedia } from './media.presenter';
import { mimeTypeOfExtension, sniffFileType } from './media.sniff';
import { processImage, type ImageVariant } from './media.images';
import { fileTooLarge, receiveUpload, type ReceivedUpload, type UploadFields, type UploadPart } from './media.upload';
import type { ServedFile } from './media.serving';

type MediaContext = Pick<AppContext, 'db'>;

/** What an upload attached to one associatedType may be, who may make it, and what it changes. */
interface UploadTarget {
  maxBytes: number;
  accepts: readonly MediaFileType[];
  image: ImageVariant;
  /** Throws 404 when the rider may not attach to this id (or it does not exist). */
  authorize(ctx: MediaContext, userId: string, associatedId: string): Promise<void>;
  /** Runs in the transaction that inserts the media row. */
  afterInsert(trx: Transaction<Database>, row: MediaRow): Promise<void>;
}

const ownProfile = async (_ctx: MediaContext, userId: string, associatedId: string) => {
  if (!canAttachToProfile(userId, associatedId)) throw notFound();
};

const setsUserImage = (column: UserImageColumn) => async (trx: Transaction<Database>, row: MediaRow) => {
  if (!(await mediaRepository.setUserImage(trx, row.associated_id ?? '', column, row.url))) throw notFound();
};

const TARGETS: Record<MediaAssociatedType, UploadTarget> = {
  user_avatar: { maxBytes: AVATAR_MAX_BYTES, accepts: ['image'], image: 'avatar', authorize: ownProfile, afterInsert: setsUserImage('profile_image_url') },
  user_background: { maxBytes: BACKGROUND_MAX_BYTES, accepts: ['image'], image: 'background', authorize: ownProfile, afterInsert: setsUserImage('background_image_url') },
};

/** While the target is not known yet (fields after the file), the file may be as large as the largest target allows. */
const LARGEST_UPLOAD_BYTES = Math.max(...Object.values(TARGETS).map((t) => t.maxBytes));

interface ResolvedTarget extends UploadTarget {
  fields: MediaUploadFields;
  associatedType: MediaAssociatedType;
  associatedId: string;
}

/** Validates the fields (400 naming the field) and authorizes the target (404). */
async function resolveTarget(ctx: MediaContext, userId: string, raw: UploadFields): Promise<ResolvedTarget> {
  const parsed = mediaUploadFieldsSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid upload');
  const fields = parsed.data;
  const target = TARGETS[fields.associatedType];
  const associatedId = fields.associatedId ?? userId;
  await target.authorize(ctx, userId, associatedId);
  return { ...target, fields, associatedType: fields.associatedType, associatedId };
}

function randomKey(extension: string, suffix = ''): string {
  return `${crypto.randomBytes(16).toString('hex')}${suffix}.${extension}`;
}

/** The upload's name with the extension of what was actually stored (photo.png re-encoded is photo.jpg). */
function storedName(originalName: string, extension: string): string {
  return `${path.basename(originalName, path.extname(originalName)) || 'file'}.${extension}`;
}

/**
 * Stores a received upload: checks the fields and the target (400/404), the size for that target
 * (413), the real type from the bytes (415), re-encodes images, writes the file and its thumbnail
 * to storage, then inserts the media row and applies the target's change in one transaction.
 * Later file kinds (gallery, group image, ride GPX, video) add targets and processing here.
 * The caller still owns `upload.file.temp` and discards it; stored files are removed again on failure.
 */
export async function storeUpload(ctx: MediaContext, storage: FileStorage, userId: string, upload: ReceivedUpload): Promise<MediaItem> {
  const target = await resolveTarget(ctx, userId, upload.fields);
  const file = upload.file;
  if (!file) throw badRequest(MEDIA_MESSAGES.noFile);
  if (file.size > target.maxBytes) throw fileTooLarge();
  const sniffed = sniffFileType(file.head);
  if (!sniffed || !target.accepts.includes(sniffed.fileType)) throw new HttpError(415, MEDIA_MESSAGES.notAnImage);

  const processed = await processImage(file.temp.path, target.image);
  const key = randomKey(processed.extension);
  const thumbnailKey = randomKey('jpg', '.thumb');
  const row: MediaRow = {
    id: newId(),
    owner_id: userId,
    url: mediaFileUrl(key),
    filename: key,
    thumbnail_filename: thumbnailKey,
    original_name: file.originalName,
    description: target.fields.description || null,
    mime_type: processed.mimeType,
    file_type: sniffed.fileType,
    size: processed.image.length,
    associated_type: target.associatedType,
    associated_id: target.associatedId,
    created_at: nowIso(),
  };
  try {
    await storage.put(key, processed.image);
    await storage.put(thumbnailKey, processed.thumbnail);
    await ctx.db.transaction().execute(async (trx) => {
      await mediaRepository.insert(trx, { ...row, size: processed.image.length });
      await target.afterInsert(trx, row);
    });
  } catch (error) {
    await Promise.all([storage.delete(key), storage.delete(thumbnailKey)]);
    throw error;
  }
  return presentMedia(row);
}

/**
 * POST /api/media: receives the multipart parts (fields before or after the file), streaming the
 * file to a temp file with the size limit of the target named so far, refusing early what the
 * fields already rule out, then stores it. Leaves no temp file behind in any case.
 */
export async function uploadMedia(ctx: MediaContext, storage: FileStorage, userId: string, parts: AsyncIterable<UploadPart>): Promise<MediaItem> {
  const upload = await receiveUpload(storage, parts, {
    maxBytes: (fields) => {
      const known = mediaUploadFieldsSchema.shape.associatedType.safeParse(fields.associatedType);
      return known.success ? TARGETS[known.data].maxBytes : LARGEST_UPLOAD_BYTES;
    },
    beforeFile: async (fields) => {
      if (fields.associatedType !== undefined) await resolveTarget(ctx, userId, fields);
    },
  });
  try {
    return await storeUpload(ctx, storage, userId, upload);
  } finally {
    await upload.file?.temp.discard();
  }
}

/** A stored file by its key, or 404 for a key no media row owns. */
export async function findServedFile(ctx: MediaContext, storage: FileStorage, key: string): Promise<ServedFile> {
  const row = await mediaRepository.findByStorageKey(ctx.db, key);
  const extension = path.extname(key).slice(1);
  const mimeType = mimeTypeOfExtension(extension);
  const stat = row && mimeType ? await storage.stat(key) : null;
  if (!row || !mimeType || !stat) throw notFound('File not found');
  const name = storedName(row.original_name, extension);
  const downloadName = key === row.thumbnail_filename ? `${path.basename(name, `.${extension}`)}-thumbnail.${extension}` : name;
  return { key, size: stat.size, mimeType, downloadName };
}

import crypto from 'node:crypto';
import type { FileStorage } from '../platform/storage';
import { nowIso } from '../db/database';
import { badRequest, invalidInput, unsupportedMediaType } from '../platform/errors';
import { newId } from '../platform/tokens';
import { mediaUploadFieldsSchema, type MediaAssociatedType, type MediaFileType, type MediaItem, type MediaUploadFields } from '../../shared/media/media-item';
import { notifyUpload } from '../notifications/notifications.service';
import { groupsRepository } from '../groups/groups.repository';
import { ridesRepository } from '../rides/rides.repository';
import { usersRepository } from '../users/users.repository';
import { MediaAccess, type LockingMediaContext, type MediaContext } from './media.access';
import { assertMayStoreFileType, assertMayUploadTo, type UploadTargetFacts } from './media.policy';
import { mediaRepository, type MediaListRow } from './media.repository';
import { mediaFileUrl, type StoredGpxInfo } from './media.presenter';
import { sniffFileType } from './media.sniff';
import { processImage } from './media.images';
import { GPX_READER_VERSION, parseGpxFile } from './media.gpx';
import { InvalidVideoError, stripVideoMetadata } from './media.video';
import { fileTooLarge, receiveUpload, storageLimitExceeded, type ReceivedFile, type ReceivedUpload, type UploadFields, type UploadPart } from './media.upload';
import { LARGEST_UPLOAD_BYTES, UPLOAD_TARGETS, type UploadTarget } from './media.targets';
import { assertRoomFor, guestUploadTotalReached, MULTIPART_OVERHEAD_BYTES, reserveGuestBytes, storageRoom } from './media-quota.service';
import type { GuestUploadReservation } from '../limits/guest-upload-limits';

/** Uploads decide under the group's lock (engine) and pause there for tests (beforeLock). */
type UploadContext = LockingMediaContext;

interface ResolvedTarget extends UploadTarget {
  fields: MediaUploadFields;
  associatedType: MediaAssociatedType;
  associatedId: string;
  facts: UploadTargetFacts;
}

/** Validates the fields (400 naming the field) and authorizes the target (404/403). */
async function resolveTarget(access: MediaAccess, raw: UploadFields): Promise<ResolvedTarget> {
  const parsed = mediaUploadFieldsSchema.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message ?? 'Invalid upload', parsed.error.issues[0]?.path.join('.'));
  const fields = parsed.data;
  const associatedId = fields.associatedId ?? access.viewerId ?? '';
  const facts = await access.uploadTarget(fields.associatedType, associatedId);
  assertMayUploadTo(facts);
  return { ...UPLOAD_TARGETS[fields.associatedType], fields, associatedType: fields.associatedType, associatedId, facts };
}

function randomKey(extension: string, suffix = ''): string {
  return `${crypto.randomBytes(16).toString('hex')}${suffix}.${extension}`;
}

/** What goes into storage for one upload, and the row fields that describe it. */
interface PreparedFile {
  body: Buffer | ReceivedFile['temp'];
  thumbnail: Buffer | null;
  fileType: MediaFileType;
  mimeType: string;
  extension: string;
  size: number;
  gpxInfo: string | null;
  gpxData: string | null;
}

/**
 * The type from the bytes (415 otherwise; 403 for a type the rider may not add there), then the
 * file made safe to keep: images re-encoded, videos stripped, GPX parsed.
 */
async function prepareFile(file: ReceivedFile, target: ResolvedTarget): Promise<PreparedFile> {
  const sniffed = sniffFileType(file.head);
  if (!sniffed || !target.accepts.includes(sniffed.fileType)) {
    if (!sniffed && target.accepts.includes('gpx') && /\.gpx$/i.test(file.originalName) && file.head.toString('utf8').replace(/^\ufeff/, '').trim() === '') {
      throw badRequest('gpx_empty');
    }
    throw unsupportedMediaType(target.unsupportedCode);
  }
  assertMayStoreFileType(target.facts, sniffed.fileType);
  const kept = { fileType: sniffed.fileType, mimeType: sniffed.mimeType, extension: sniffed.extension, size: file.size, thumbnail: null, gpxInfo: null, gpxData: null };
  if (sniffed.fileType === 'image') {
    const processed = await processImage(file.temp.path, target.image, sniffed.mimeType);
    return { ...kept, body: processed.image, thumbnail: processed.thumbnail, mimeType: processed.mimeType, extension: processed.extension, size: processed.image.length };
  }
  if (sniffed.fileType === 'video') {
    try {
      await stripVideoMetadata(file.temp.path);
    } catch (error) {
      if (error instanceof InvalidVideoError) throw unsupportedMediaType(target.unsupportedCode);
      throw error;
    }
    return { ...kept, body: file.temp };
  }
  const gpx = await parseGpxFile(file.temp.path);
  return { ...kept, body: file.temp, gpxInfo: JSON.stringify({ ...gpx.info, privateBounds: gpx.privateBounds, reader: GPX_READER_VERSION } satisfies StoredGpxInfo), gpxData: JSON.stringify(gpx.data) };
}

/** Members of the group, or riders on the ride, told about new media (never the uploader). */
async function announceUpload(ctx: MediaContext, target: ResolvedTarget, uploaderId: string, uploadedAt: string): Promise<void> {
  if (!target.notifies) return;
  try {
    const recipients =
      target.notifies === 'group'
        ? await groupsRepository.memberIds(ctx.db, target.associatedId)
        : await ridesRepository.participantIds(ctx.db, target.associatedId);
    const uploader = await usersRepository.findById(ctx.db, uploaderId);
    // The list writes the text from the count and the place's current name; the handle is the fallback.
    const upload = {
      uploaderId,
      rideId: target.notifies === 'ride' ? target.associatedId : null,
      groupId: target.notifies === 'group' ? target.associatedId : null,
      at: uploadedAt,
      params: { rider: uploader?.handle ?? 'A rider' },
    };
    for (const recipient of new Set(recipients)) {
      if (recipient !== uploaderId) await notifyUpload(ctx, recipient, upload);
    }
  } catch (error) {
    ctx.log.warn({ err: error }, 'media stored but its notifications failed');
  }
}

/**
 * Stores a received upload: checks the fields and the target (400/404/403), the size for that
 * target (413), the real type from the bytes (415), makes the file safe (images re-encoded, videos
 * stripped of location, GPX parsed: 400 when unusable), records the storage keys, writes the file
 * and its thumbnail, then inserts the media row and applies the target's change in one
 * transaction. The caller still owns `upload.file.temp` and discards it; on failure the stored
 * files and their records are removed again. A guest's `reservation` (of their address's total) is
 * made the size kept before the file is stored, and kept once the row is committed; the caller
 * gives it back when this throws.
 */
export async function storeUpload(
  ctx: UploadContext,
  storage: FileStorage,
  userId: string,
  upload: ReceivedUpload,
  reservation: GuestUploadReservation | null = null,
): Promise<MediaItem> {
  const access = new MediaAccess(ctx, userId);
  const target = await resolveTarget(access, upload.fields);
  const file = upload.file;
  if (!file) throw badRequest('no_file');
  if (file.size > target.maxBytes) throw fileTooLarge(target.tooLargeCode);
  const prepared = await prepareFile(file, target);
  // Again by what is really kept (a re-encoded image differs from what was sent; another upload may have finished meanwhile).
  const room = await storageRoom(ctx, userId);
  if (prepared.size > room.freeBytes) throw storageLimitExceeded(room.limitBytes);
  if (reservation && !(await reservation.settle(prepared.size))) throw guestUploadTotalReached(ctx);

  const id = newId();
  const key = randomKey(prepared.extension);
  const thumbnailKey = prepared.thumbnail ? randomKey('jpg', '.thumb') : null;
  const keys = thumbnailKey ? [key, thumbnailKey] : [key];
  const now = nowIso();
  const row: MediaListRow = {
    id,
    owner_id: userId,
    url: mediaFileUrl(key),
    filename: key,
    thumbnail_filename: thumbnailKey,
    original_name: file.originalName,
    description: target.fields.description || null,
    mime_type: prepared.mimeType,
    file_type: prepared.fileType,
    size: prepared.size,
    associated_type: target.associatedType,
    associated_id: target.associatedId,
    created_at: now,
    gpx_info: prepared.gpxInfo,
  };
  await mediaRepository.recordFiles(ctx.db, id, keys, now);
  try {
    await storage.put(key, prepared.body);
    if (thumbnailKey && prepared.thumbnail) await storage.put(thumbnailKey, prepared.thumbnail);
    await ctx.beforeLock?.('media');
    await ctx.db.transaction().execute(async (trx) => {
      // Who may add to the ride or group, asked again under the group's lock; refused, the stored files go (below).
      const facts = await access.uploadTargetUnderLock(trx, ctx.engine, target.associatedType, target.associatedId);
      assertMayUploadTo(facts);
      assertMayStoreFileType(facts, prepared.fileType);
      // Counted once more under the owner's lock: two uploads that each fit alone may not both pass.
      await mediaRepository.lockOwner(trx, userId);
      await assertRoomFor(trx, userId, room, prepared.size);
      await mediaRepository.insert(trx, { ...row, size: prepared.size, gpx_data: prepared.gpxData });
      await target.afterInsert?.(trx, row);
    });
    reservation?.keep();
  } catch (error) {
    await Promise.all(keys.map((k) => storage.delete(k)));
    await mediaRepository.forgetFiles(ctx.db, keys);
    throw error;
  }
  await announceUpload(ctx, target, userId, row.created_at);
  return access.present(row);
}

/**
 * POST /api/media: receives the multipart parts (fields before or after the file), streaming the
 * file to a temp file with the size limit of the target named so far, refusing early what the
 * fields already rule out, then stores it. A guest's file first takes its bytes from the day's
 * total of the guests of `clientAddress` (and may not grow past them); a failed upload gives them
 * back. Leaves no temp file behind in any case.
 */
export async function uploadMedia(
  ctx: UploadContext,
  storage: FileStorage,
  userId: string,
  clientAddress: string,
  parts: AsyncIterable<UploadPart>,
  declaredBytes: number | null = null,
): Promise<MediaItem> {
  const known = (fields: UploadFields) => {
    const parsed = mediaUploadFieldsSchema.shape.associatedType.safeParse(fields.associatedType);
    return parsed.success && fields.associatedType !== undefined ? UPLOAD_TARGETS[parsed.data] : null;
  };
  // Refused before a byte is stored when the request says it is larger than the room left (its
  // Content-Length: the file and a few hundred bytes of form around it); then, while it streams,
  // the file may not grow past that room.
  const room = await storageRoom(ctx, userId);
  const overQuota = () => storageLimitExceeded(room.limitBytes);
  if (declaredBytes !== null && declaredBytes > room.freeBytes + MULTIPART_OVERHEAD_BYTES) throw overQuota();
  /** The most the file may have for its target and the rider's own room. */
  const mostBytes = (fields: UploadFields) => Math.min(known(fields)?.maxBytes ?? LARGEST_UPLOAD_BYTES, room.freeBytes);
  const guest: { reservation: GuestUploadReservation | null } = { reservation: null };
  try {
    const upload = await receiveUpload(storage, parts, {
      maxBytes: (fields) => Math.min(mostBytes(fields), guest.reservation?.bytes ?? Infinity),
      tooLarge: (fields) => {
        if (guest.reservation && guest.reservation.bytes < mostBytes(fields)) return guestUploadTotalReached(ctx);
        const targetMax = known(fields)?.maxBytes ?? LARGEST_UPLOAD_BYTES;
        return room.freeBytes < targetMax ? overQuota() : fileTooLarge(known(fields)?.tooLargeCode ?? 'gallery_file_too_large');
      },
      beforeFile: async (fields) => {
        if (fields.associatedType !== undefined) await resolveTarget(new MediaAccess(ctx, userId), fields);
        guest.reservation = await reserveGuestBytes(ctx, room, clientAddress, mostBytes(fields), declaredBytes);
      },
    });
    try {
      return await storeUpload(ctx, storage, userId, upload, guest.reservation);
    } finally {
      await upload.file?.temp.discard();
    }
  } catch (error) {
    await guest.reservation?.release();
    throw error;
  }
}

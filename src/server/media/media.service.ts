import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { badRequest, forbidden, HttpError, notFound } from '../platform/errors';
import { createStorage, type FileStorage } from '../platform/storage';
import { newId } from '../platform/tokens';
import { AVATAR_MAX_BYTES, BACKGROUND_MAX_BYTES, MB, MEDIA_MAX_BYTES } from '../../shared/media/limits';
import { storageLimitMessage, type StorageUsage } from '../../shared/media/storage-usage';
import {
  MEDIA_MESSAGES,
  mediaUploadFieldsSchema,
  type MediaAssociatedType,
  type MediaBelongsTo,
  type MediaFileType,
  type MediaItem,
  type MediaListQuery,
  type MediaUploadFields,
} from '../../shared/media/media-item';
import type { GpxData } from '../../shared/gpx/gpx-types';
import { DEFAULT_GPX_PRIVACY_ZONE, PRIVACY_ZONE_METRES, trimForOthers, type GpxPrivacyZone } from '../../shared/gpx/privacy-zone';
import type { ProfileVisibility } from '../../shared/users/current-user';
import { notificationTexts } from '../../shared/notifications/notification';
import { notifyUpload, retractUpload } from '../notifications/notifications.service';
import { groupsRepository } from '../groups/groups.repository';
import { ridesRepository, type RideRow } from '../rides/rides.repository';
import { usersRepository } from '../users/users.repository';
import { canViewProfile } from '../users/users.policy';
import { audienceOf, canUploadTo, canViewMedia, mediaAbilities } from './media.policy';
import { mediaRepository, type MediaListRow, type UserImageColumn } from './media.repository';
import { mediaFileUrl, presentMedia, type StoredGpxInfo } from './media.presenter';
import { mimeTypeOfExtension, sniffFileType, type SniffedType } from './media.sniff';
import { processImage, type ImageVariant } from './media.images';
import { parseGpxFile, writeTrimmedGpx } from './media.gpx';
import { InvalidVideoError, stripVideoMetadata } from './media.video';
import { fileTooLarge, receiveUpload, type ReceivedFile, type ReceivedUpload, type UploadFields, type UploadPart } from './media.upload';
import type { ServedFile } from './media.serving';

type MediaContext = Pick<AppContext, 'db' | 'bus' | 'log' | 'config'>;

/** What an upload attached to one associatedType may be, how large, and what it changes. */
interface UploadTarget {
  maxBytes: number;
  /** The 413 message past maxBytes. */
  tooLargeMessage: string;
  accepts: readonly MediaFileType[];
  /** The 415 message for anything else. */
  unsupportedMessage: string;
  image: ImageVariant;
  /** Runs in the transaction that inserts the media row. */
  afterInsert?(trx: Transaction<Database>, row: MediaListRow): Promise<void>;
  /** Who hears about the upload (never the uploader). */
  notifies?: 'group' | 'ride';
}

const setsUserImage = (column: UserImageColumn) => async (trx: Transaction<Database>, row: MediaListRow) => {
  if (!(await mediaRepository.setUserImage(trx, row.associated_id ?? '', column, row.url))) throw notFound();
};

const gallery = {
  maxBytes: MEDIA_MAX_BYTES,
  tooLargeMessage: MEDIA_MESSAGES.galleryTooLarge,
  accepts: ['image', 'video', 'gpx'],
  unsupportedMessage: MEDIA_MESSAGES.unsupportedType,
  image: 'gallery',
} as const satisfies UploadTarget;

const TARGETS: Record<MediaAssociatedType, UploadTarget> = {
  profile: gallery,
  group: { ...gallery, notifies: 'group' },
  ride: { ...gallery, notifies: 'ride' },
  user_avatar: {
    maxBytes: AVATAR_MAX_BYTES,
    tooLargeMessage: MEDIA_MESSAGES.tooLarge,
    accepts: ['image'],
    unsupportedMessage: MEDIA_MESSAGES.notAnImage,
    image: 'avatar',
    afterInsert: setsUserImage('profile_image_url'),
  },
  user_background: {
    maxBytes: BACKGROUND_MAX_BYTES,
    tooLargeMessage: MEDIA_MESSAGES.tooLarge,
    accepts: ['image'],
    unsupportedMessage: MEDIA_MESSAGES.notAnImage,
    image: 'background',
    afterInsert: setsUserImage('background_image_url'),
  },
  group_image: {
    maxBytes: MEDIA_MAX_BYTES,
    tooLargeMessage: MEDIA_MESSAGES.galleryTooLarge,
    accepts: ['image'],
    unsupportedMessage: MEDIA_MESSAGES.notAnImage,
    image: 'gallery',
    afterInsert: async (trx, row) => {
      if (!(await mediaRepository.setGroupImage(trx, row.associated_id ?? '', row.url))) throw notFound('Group not found');
    },
  },
};

/** While the target is not known yet (fields after the file), the file may be as large as the largest target allows. */
const LARGEST_UPLOAD_BYTES = Math.max(...Object.values(TARGETS).map((t) => t.maxBytes));

/** The rider kinds: attached to a rider's own account. */
const PROFILE_KINDS: readonly MediaAssociatedType[] = ['profile', 'user_avatar', 'user_background'];

interface ResolvedTarget extends UploadTarget {
  fields: MediaUploadFields;
  associatedType: MediaAssociatedType;
  associatedId: string;
}

/** Refuses an upload the rider may not make: 404 for a missing target (or another rider's profile), 403 otherwise. */
async function authorizeUpload(ctx: MediaContext, userId: string, associatedType: MediaAssociatedType, associatedId: string): Promise<void> {
  if (PROFILE_KINDS.includes(associatedType)) {
    if (!canUploadTo(associatedType, { userId, targetOwnerId: associatedId, groupInsider: false })) throw notFound();
    return;
  }
  if (associatedType === 'ride') {
    const ride = await ridesRepository.findById(ctx.db, associatedId);
    if (!ride) throw notFound('Ride not found');
    if (!canUploadTo('ride', { userId, targetOwnerId: ride.owner_id, groupInsider: false })) throw forbidden(MEDIA_MESSAGES.rideOwnerOnly);
    return;
  }
  const group = await ctx.db.selectFrom('groups').select(['id', 'creator_id']).where('id', '=', associatedId).executeTakeFirst();
  if (!group) throw notFound('Group not found');
  const groupInsider = group.creator_id === userId || (await groupsRepository.isMember(ctx.db, associatedId, userId));
  if (!canUploadTo(associatedType, { userId, targetOwnerId: group.creator_id, groupInsider })) {
    throw forbidden(associatedType === 'group_image' ? MEDIA_MESSAGES.groupOwnerOnly : MEDIA_MESSAGES.groupMembersOnly);
  }
}

/** Validates the fields (400 naming the field) and authorizes the target (404/403). */
async function resolveTarget(ctx: MediaContext, userId: string, raw: UploadFields): Promise<ResolvedTarget> {
  const parsed = mediaUploadFieldsSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid upload');
  const fields = parsed.data;
  const target = TARGETS[fields.associatedType];
  const associatedId = fields.associatedId ?? userId;
  await authorizeUpload(ctx, userId, fields.associatedType, associatedId);
  return { ...target, fields, associatedType: fields.associatedType, associatedId };
}

function randomKey(extension: string, suffix = ''): string {
  return `${crypto.randomBytes(16).toString('hex')}${suffix}.${extension}`;
}

/** The upload's name with the extension of what was actually stored (photo.png re-encoded is photo.jpg). */
function storedName(originalName: string, extension: string): string {
  return `${path.basename(originalName, path.extname(originalName)) || 'file'}.${extension}`;
}

/** What goes into storage for one upload, and the row fields that describe it. */
interface PreparedFile {
  body: Buffer | ReceivedFile['temp'];
  thumbnail: Buffer | null;
  mimeType: string;
  extension: string;
  size: number;
  gpxInfo: string | null;
  gpxData: string | null;
}

/** The type from the bytes (415 otherwise), then the file made safe to keep: images re-encoded, videos stripped, GPX parsed. */
async function prepareFile(file: ReceivedFile, target: ResolvedTarget): Promise<PreparedFile> {
  const sniffed: SniffedType | null = sniffFileType(file.head);
  if (!sniffed || !target.accepts.includes(sniffed.fileType)) {
    if (!sniffed && target.accepts.includes('gpx') && /\.gpx$/i.test(file.originalName) && file.head.toString('utf8').replace(/^\ufeff/, '').trim() === '') {
      throw badRequest('Empty GPX file');
    }
    throw new HttpError(415, target.unsupportedMessage);
  }
  if (sniffed.fileType === 'image') {
    const processed = await processImage(file.temp.path, target.image, sniffed.mimeType);
    return { body: processed.image, thumbnail: processed.thumbnail, mimeType: processed.mimeType, extension: processed.extension, size: processed.image.length, gpxInfo: null, gpxData: null };
  }
  if (sniffed.fileType === 'video') {
    try {
      await stripVideoMetadata(file.temp.path);
    } catch (error) {
      if (error instanceof InvalidVideoError) throw new HttpError(415, target.unsupportedMessage);
      throw error;
    }
    return { body: file.temp, thumbnail: null, mimeType: sniffed.mimeType, extension: sniffed.extension, size: file.size, gpxInfo: null, gpxData: null };
  }
  const gpx = await parseGpxFile(file.temp.path);
  return {
    body: file.temp,
    thumbnail: null,
    mimeType: sniffed.mimeType,
    extension: sniffed.extension,
    size: file.size,
    gpxInfo: JSON.stringify({ ...gpx.info, privateBounds: gpx.privateBounds } satisfies StoredGpxInfo),
    gpxData: JSON.stringify(gpx.data),
  };
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
    // The list writes the text again from the count and the place's current name.
    const { title, message } = notificationTexts.mediaUploaded(uploader?.user_id ?? 'A rider', 1);
    const upload = {
      uploaderId,
      rideId: target.notifies === 'ride' ? target.associatedId : null,
      groupId: target.notifies === 'group' ? target.associatedId : null,
      at: uploadedAt,
      title,
      message,
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
 * files and their records are removed again.
 */
export async function storeUpload(ctx: MediaContext, storage: FileStorage, userId: string, upload: ReceivedUpload): Promise<MediaItem> {
  const target = await resolveTarget(ctx, userId, upload.fields);
  const file = upload.file;
  if (!file) throw badRequest(MEDIA_MESSAGES.noFile);
  if (file.size > target.maxBytes) throw fileTooLarge(target.tooLargeMessage);
  const prepared = await prepareFile(file, target);
  // Again by what is really kept (a re-encoded image differs from what was sent; another upload may have finished meanwhile).
  const room = await storageRoom(ctx, userId);
  if (prepared.size > room.freeBytes) throw fileTooLarge(storageLimitMessage(room.limitBytes));

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
    file_type: sniffFileType(file.head)!.fileType,
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
    await ctx.db.transaction().execute(async (trx) => {
      // Counted once more under the owner's lock: two uploads that each fit alone may not both pass.
      await mediaRepository.lockOwner(trx, userId);
      if (prepared.size > room.limitBytes - (await mediaRepository.bytesOwnedBy(trx, userId))) throw fileTooLarge(storageLimitMessage(room.limitBytes));
      await mediaRepository.insert(trx, { ...row, size: prepared.size, gpx_data: prepared.gpxData });
      await target.afterInsert?.(trx, row);
    });
  } catch (error) {
    await Promise.all(keys.map((k) => storage.delete(k)));
    await mediaRepository.forgetFiles(ctx.db, keys);
    throw error;
  }
  await announceUpload(ctx, target, userId, row.created_at);
  return presentMedia(row, mediaAbilities({ isUploader: true, isRideOwner: target.associatedType === 'ride' }), 'original', await new MediaAccess(ctx, userId).belongsTo(row));
}

/**
 * POST /api/media: receives the multipart parts (fields before or after the file), streaming the
 * file to a temp file with the size limit of the target named so far, refusing early what the
 * fields already rule out, then stores it. Leaves no temp file behind in any case.
 */
export async function uploadMedia(ctx: MediaContext, storage: FileStorage, userId: string, parts: AsyncIterable<UploadPart>, declaredBytes: number | null = null): Promise<MediaItem> {
  const known = (fields: UploadFields) => {
    const parsed = mediaUploadFieldsSchema.shape.associatedType.safeParse(fields.associatedType);
    return parsed.success && fields.associatedType !== undefined ? TARGETS[parsed.data] : null;
  };
  // Refused before a byte is stored when the request says it is larger than the room left (its
  // Content-Length: the file and a few hundred bytes of form around it); then, while it streams,
  // the file may not grow past that room.
  const room = await storageRoom(ctx, userId);
  const overQuota = () => fileTooLarge(storageLimitMessage(room.limitBytes));
  if (declaredBytes !== null && declaredBytes > room.freeBytes + MULTIPART_OVERHEAD_BYTES) throw overQuota();
  const upload = await receiveUpload(storage, parts, {
    maxBytes: (fields) => Math.min(known(fields)?.maxBytes ?? LARGEST_UPLOAD_BYTES, room.freeBytes),
    tooLarge: (fields) => {
      const targetMax = known(fields)?.maxBytes ?? LARGEST_UPLOAD_BYTES;
      return room.freeBytes < targetMax ? overQuota() : fileTooLarge(known(fields)?.tooLargeMessage ?? MEDIA_MESSAGES.galleryTooLarge);
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

// ---------------------------------------------------------------------------------------------
// Storage limits

/** The form fields and part headers around an uploaded file, beyond the file's own bytes. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** A rider's storage limit: MEDIA_QUOTA_MB, or MEDIA_GUEST_QUOTA_MB for a guest (an account without a confirmed e-mail). */
async function storageLimitBytes(ctx: MediaContext, userId: string): Promise<number> {
  const user = await usersRepository.findById(ctx.db, userId);
  return (user?.email ? ctx.config.mediaQuotaMb : ctx.config.mediaGuestQuotaMb) * MB;
}

async function storageRoom(ctx: MediaContext, userId: string): Promise<{ limitBytes: number; freeBytes: number }> {
  const limitBytes = await storageLimitBytes(ctx, userId);
  return { limitBytes, freeBytes: Math.max(0, limitBytes - (await mediaRepository.bytesOwnedBy(ctx.db, userId))) };
}

/** GET /api/media/storage: what the rider's uploads take of their limit. */
export async function storageUsage(ctx: MediaContext, userId: string): Promise<StorageUsage> {
  const limitBytes = await storageLimitBytes(ctx, userId);
  return { usedBytes: await mediaRepository.bytesOwnedBy(ctx.db, userId), limitBytes };
}

// ---------------------------------------------------------------------------------------------
// Who sees what

/** Loads, per item, whether the viewer may see it and what they may do with it. */
class MediaAccess {
  private profiles = new Map<string, Promise<boolean>>();
  private groups: Promise<Set<string>> | null = null;
  private rides = new Map<string, Promise<RideRow | undefined>>();
  private groupLabels = new Map<string, Promise<MediaBelongsTo | null>>();
  private zones = new Map<string, Promise<GpxPrivacyZone>>();

  constructor(
    private readonly ctx: MediaContext,
    readonly viewerId: string | null,
  ) {}

  /** Whether the viewer may see this rider's profile (spec 1 section 6), cached per rider. */
  profileVisible(accountId: string): Promise<boolean> {
    let known = this.profiles.get(accountId);
    if (!known) {
      known = (async () => {
        const owner = await usersRepository.findById(this.ctx.db, accountId);
        if (!owner) return false;
        const visibility = owner.profile_visibility as ProfileVisibility;
        const viewerId = this.viewerId;
        const shareAGroup = visibility === 'groups' && viewerId !== null && viewerId !== owner.id ? await usersRepository.shareAGroup(this.ctx.db, viewerId, owner.id) : false;
        return canViewProfile({ viewerId, ownerId: owner.id, visibility, shareAGroup });
      })();
      this.profiles.set(accountId, known);
    }
    return known;
  }

  async groupInsider(groupId: string): Promise<boolean> {
    if (!this.viewerId) return false;
    this.groups ??= mediaRepository.groupIdsOf(this.ctx.db, this.viewerId);
    return (await this.groups).has(groupId);
  }

  private ride(rideId: string): Promise<RideRow | undefined> {
    let known = this.rides.get(rideId);
    if (!known) {
      known = ridesRepository.findById(this.ctx.db, rideId);
      this.rides.set(rideId, known);
    }
    return known;
  }

  private async rideOwner(rideId: string): Promise<string | null> {
    return (await this.ride(rideId))?.owner_id ?? null;
  }

  /** The ride or group the item is attached to, named (read once per ride or group). */
  async belongsTo(row: MediaListRow): Promise<MediaBelongsTo | null> {
    const id = row.associated_id;
    if (!id) return null;
    if (row.associated_type === 'ride') {
      const ride = await this.ride(id);
      return ride ? { type: 'ride', id: ride.id, name: ride.name, slug: ride.slug, groupSlug: ride.group_slug } : null;
    }
    if (row.associated_type !== 'group' && row.associated_type !== 'group_image') return null;
    let known = this.groupLabels.get(id);
    if (!known) {
      known = mediaRepository.groupLabel(this.ctx.db, id).then((group) => (group ? { type: 'group' as const, ...group } : null));
      this.groupLabels.set(id, known);
    }
    return known;
  }

  /**
   * How this viewer gets a GPX item: the uploader as it was uploaded ('original'); anyone else
   * through the uploader's privacy zone (read once per uploader).
   */
  async gpxView(row: MediaListRow): Promise<GpxPrivacyZone | 'original'> {
    if (row.file_type !== 'gpx' || (this.viewerId !== null && row.owner_id === this.viewerId)) return 'original';
    let zone = this.zones.get(row.owner_id);
    if (!zone) {
      zone = usersRepository.findById(this.ctx.db, row.owner_id).then((owner) => (owner?.gpx_privacy_zone ?? DEFAULT_GPX_PRIVACY_ZONE) as GpxPrivacyZone);
      this.zones.set(row.owner_id, zone);
    }
    return zone;
  }

  async canView(row: MediaListRow): Promise<boolean> {
    const audience = audienceOf(row.associated_type as MediaAssociatedType | null);
    const isUploader = this.viewerId !== null && row.owner_id === this.viewerId;
    return canViewMedia(audience, {
      isUploader,
      profileVisible: audience === 'profile' && !isUploader ? await this.profileVisible(row.associated_id ?? row.owner_id) : false,
      groupInsider: audience === 'group' && !isUploader ? await this.groupInsider(row.associated_id ?? '') : false,
    });
  }

  async present(row: MediaListRow): Promise<MediaItem> {
    const isUploader = this.viewerId !== null && row.owner_id === this.viewerId;
    const isRideOwner = row.associated_type === 'ride' && this.viewerId !== null && !isUploader && (await this.rideOwner(row.associated_id ?? '')) === this.viewerId;
    return presentMedia(row, mediaAbilities({ isUploader, isRideOwner }), await this.gpxView(row), await this.belongsTo(row));
  }
}

async function presentVisible(access: MediaAccess, rows: MediaListRow[]): Promise<MediaItem[]> {
  const items: MediaItem[] = [];
  for (const row of rows) if (await access.canView(row)) items.push(await access.present(row));
  return items;
}

/** The rider a userId query names: the internal id, or else the public handle. */
async function findRider(ctx: MediaContext, idOrHandle: string) {
  return (await usersRepository.findById(ctx.db, idOrHandle)) ?? (await usersRepository.findByHandle(ctx.db, idOrHandle));
}

/**
 * GET /api/media. With userId: the rider's media the viewer may see (all of it for the rider
 * themself; for others 404 unless the profile is visible, then without the media of groups the
 * viewer is not in). With associatedType and associatedId: what is attached there, when the
 * viewer may see it (a ride's for everyone, a group's for its members: 403, a hidden profile's: 404).
 */
export async function listMedia(ctx: MediaContext, viewerId: string | null, query: MediaListQuery): Promise<MediaItem[]> {
  const access = new MediaAccess(ctx, viewerId);
  if (query.userId !== undefined) {
    const rider = await findRider(ctx, query.userId);
    if (!rider || !(await access.profileVisible(rider.id))) throw notFound('Profile not found');
    return presentVisible(access, await mediaRepository.listByOwner(ctx.db, rider.id));
  }
  const associatedType = query.associatedType!;
  const associatedId = query.associatedId!;
  const audience = audienceOf(associatedType);
  if (associatedType === 'ride' && !(await ridesRepository.findById(ctx.db, associatedId))) throw notFound('Ride not found');
  if (associatedType === 'group' || associatedType === 'group_image') {
    const group = await ctx.db.selectFrom('groups').select('id').where('id', '=', associatedId).executeTakeFirst();
    if (!group) throw notFound('Group not found');
    if (audience === 'group' && !(await access.groupInsider(associatedId))) throw forbidden(MEDIA_MESSAGES.groupMembersOnly);
  }
  if (audience === 'profile' && !(await access.profileVisible(associatedId)) && viewerId !== associatedId) throw notFound('Profile not found');
  return presentVisible(access, await mediaRepository.listByAssociation(ctx.db, associatedType, associatedId));
}

/** An item the viewer may see, or 404 (hidden answers exactly like missing). */
async function loadVisible(ctx: MediaContext, viewerId: string | null, id: string): Promise<{ row: MediaListRow; access: MediaAccess }> {
  const row = await mediaRepository.findById(ctx.db, id);
  const access = new MediaAccess(ctx, viewerId);
  if (!row || !(await access.canView(row))) throw notFound(MEDIA_MESSAGES.notFound);
  return { row, access };
}

/** An item the rider may change: 404 when they cannot see it, 403 when they see it but it is not theirs. */
async function loadManaged(ctx: MediaContext, userId: string, id: string): Promise<{ row: MediaListRow; item: MediaItem }> {
  const { row, access } = await loadVisible(ctx, userId, id);
  const item = await access.present(row);
  if (!item.abilities.edit) throw forbidden(row.associated_type === 'ride' ? MEDIA_MESSAGES.rideOwnerOnly : MEDIA_MESSAGES.uploaderOnly);
  return { row, item };
}

export async function getMedia(ctx: MediaContext, viewerId: string | null, id: string): Promise<MediaItem> {
  const { row, access } = await loadVisible(ctx, viewerId, id);
  return access.present(row);
}

/**
 * GET /api/media/{id}/gpx: the parsed file for the map (long tracks simplified); for anyone but
 * the uploader without the start and end zones and without times, like the file they download.
 */
export async function getGpxData(ctx: MediaContext, viewerId: string | null, id: string): Promise<GpxData> {
  const { row, access } = await loadVisible(ctx, viewerId, id);
  const data = row.file_type === 'gpx' ? await mediaRepository.gpxData(ctx.db, id) : null;
  if (!data) throw notFound(MEDIA_MESSAGES.notFound);
  const parsed = JSON.parse(data) as GpxData;
  const view = await access.gpxView(row);
  return view === 'original' ? parsed : trimForOthers(parsed, PRIVACY_ZONE_METRES[view]);
}

/** PATCH /api/media/{id}: the description (empty clears it). */
export async function updateMediaDescription(ctx: MediaContext, userId: string, id: string, description: string | null): Promise<MediaItem> {
  const { row, item } = await loadManaged(ctx, userId, id);
  const value = description?.trim() || null;
  await mediaRepository.updateDescription(ctx.db, row.id, value);
  return { ...item, description: value };
}

/**
 * DELETE /api/media/{id}: the row (and the avatar, background or group image that showed it) in
 * one transaction, then the file and its thumbnail.
 */
export async function deleteMedia(ctx: MediaContext, storage: FileStorage, userId: string, id: string): Promise<void> {
  const { row } = await loadManaged(ctx, userId, id);
  const keys = await mediaRepository.keysOf(ctx.db, [row.id]);
  await ctx.db.transaction().execute(async (trx) => {
    await mediaRepository.delete(trx, row.id);
    if (row.associated_type === 'user_avatar') await mediaRepository.clearUserImage(trx, row.associated_id ?? '', 'profile_image_url', row.url);
    if (row.associated_type === 'user_background') await mediaRepository.clearUserImage(trx, row.associated_id ?? '', 'background_image_url', row.url);
    if (row.associated_type === 'group_image') await mediaRepository.setGroupImage(trx, row.associated_id ?? '', null, row.url);
  });
  // The notifications that announced it count one less (and go when they announce nothing left).
  if (row.associated_type === 'ride' || row.associated_type === 'group') {
    await retractUpload(ctx, {
      uploaderId: row.owner_id,
      rideId: row.associated_type === 'ride' ? row.associated_id : null,
      groupId: row.associated_type === 'group' ? row.associated_id : null,
      createdAt: row.created_at,
    });
  }
  await removeFiles(ctx, storage, keys);
}

/**
 * Deleting a ride or a group: its media rows go in the caller's transaction (so nothing of it is
 * served from the commit on), and the returned function removes their files once it has committed.
 */
export async function detachMedia(tx: Transaction<Database>, attachedTo: { groupId: string } | { rideId: string }): Promise<(ctx: Pick<AppContext, 'db' | 'config'>) => Promise<void>> {
  const ids = 'groupId' in attachedTo ? await mediaRepository.idsAttachedToGroup(tx, attachedTo.groupId) : await mediaRepository.idsAttachedToRide(tx, attachedTo.rideId);
  const keys = await mediaRepository.keysOf(tx, ids);
  await mediaRepository.deleteRows(tx, ids);
  return (ctx) => removeFiles(ctx, createStorage(ctx.config), keys);
}

async function removeFiles(ctx: Pick<AppContext, 'db'>, storage: FileStorage, keys: string[]): Promise<void> {
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
  if (!row || !mimeType) throw notFound('File not found');
  const isGpxFile = row.file_type === 'gpx' && key === row.filename;
  const isPublic = audienceOf(row.associated_type as MediaAssociatedType | null) === 'public' && !isGpxFile;
  const access = isPublic ? null : new MediaAccess(ctx, await viewer());
  if (access && !(await access.canView(row))) throw notFound('File not found');
  if (!(await storage.stat(key))) throw notFound('File not found');
  // A GPX file goes to anyone but its uploader trimmed (privacy zones) and without times.
  const view = access && isGpxFile ? await access.gpxView(row) : 'original';
  const servedKey = view === 'original' ? key : await gpxCopyForOthers(ctx, storage, row, view);
  const stat = await storage.stat(servedKey);
  if (!stat) throw notFound('File not found');
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

// ---------------------------------------------------------------------------------------------
// Clean-up

const HOUR_MS = 3600 * 1000;

/**
 * Removes media whose ride or group is gone (their deletion removes rows, or cascades past them),
 * then every stored file whose media row is gone (deleted elsewhere, or an upload that died
 * half-way; keys recorded within the last hour belong to uploads that may still be running).
 * Idempotent; returns how many files it removed. Meant for the housekeeping scheduler.
 */
export async function sweepOrphanMedia(ctx: Pick<AppContext, 'db'>, storage: FileStorage, now = Date.now()): Promise<number> {
  for (;;) {
    const rows = await mediaRepository.orphanRows(ctx.db, 500);
    await mediaRepository.deleteRows(
      ctx.db,
      rows.map((r) => r.id),
    );
    if (rows.length < 500) break;
  }
  let removed = 0;
  for (;;) {
    const keys = await mediaRepository.orphanKeys(ctx.db, new Date(now - HOUR_MS).toISOString(), 500);
    await Promise.all(keys.map((key) => storage.delete(key)));
    await mediaRepository.forgetFiles(ctx.db, keys);
    removed += keys.length;
    if (keys.length < 500) return removed;
  }
}

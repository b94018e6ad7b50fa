import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { forbidden, notFound } from '../platform/errors';
import { createStorage, type FileStorage } from '../platform/storage';
import { type MediaAbilities, type MediaItem, type MediaListQuery } from '../../shared/media/media-item';
import type { GpxData } from '../../shared/gpx/gpx-types';
import { PRIVACY_ZONE_METRES, trimForOthers } from '../../shared/gpx/privacy-zone';
import { retractUpload } from '../notifications/notifications.service';
import { loadVisibleProfile } from '../users/profile-visibility.service';
import { MediaAccess, type LockingMediaContext, type MediaContext } from './media.access';
import { assertMayChangeMedia, audienceOf } from './media.policy';
import { isInsider } from '../groups/groups.policy';
import { mediaRepository, type MediaListRow } from './media.repository';
import { removeFiles } from './media-files.service';
import { MEDIA_FILES_PATH } from './media.presenter';
import { isStorageKey } from '../platform/storage';

/**
 * GET /api/media. With userId: the rider's media the viewer may see (all of it for the rider
 * themself; for others 404 unless the profile is visible, then without the media of groups the
 * viewer is not in, nor those of rides whose riders the viewer may not see). With associatedType and associatedId: what is attached there, when the
 * viewer may see it (a ride's for everyone, a group's for its members: 403, a hidden profile's: 404).
 */
export async function listMedia(ctx: MediaContext, viewerId: string | null, query: MediaListQuery): Promise<MediaItem[]> {
  const access = new MediaAccess(ctx, viewerId);
  if (query.userId !== undefined) {
    const rider = await loadVisibleProfile(ctx, viewerId, { idOrHandle: query.userId });
    return access.presentGallery(await mediaRepository.listByOwner(ctx.db, rider.id));
  }
  const associatedType = query.associatedType!;
  const associatedId = query.associatedId!;
  const audience = audienceOf(associatedType);
  if (associatedType === 'ride' && !(await access.ride(associatedId))) throw notFound('ride_not_found');
  if (associatedType === 'group' || associatedType === 'group_image') {
    if (!(await access.group(associatedId))) throw notFound('group_not_found');
    if (audience === 'group' && !isInsider(await access.groupMembership(associatedId))) throw forbidden('media_group_members_only');
  }
  if (audience === 'profile' && !(await access.profileVisible(associatedId)) && viewerId !== associatedId) throw notFound('profile_not_found');
  return access.presentVisible(await mediaRepository.listByAssociation(ctx.db, associatedType, associatedId));
}

/** An item the viewer may see, or 404 (hidden answers exactly like missing). */
async function loadVisible(ctx: MediaContext, viewerId: string | null, id: string): Promise<{ row: MediaListRow; access: MediaAccess }> {
  const row = await mediaRepository.findById(ctx.db, id);
  const access = new MediaAccess(ctx, viewerId);
  if (!row || !(await access.canView(row))) throw notFound('media_not_found');
  return { row, access };
}

/** An item the rider may edit or delete: 404 when they cannot see it, 403 when they see it but may not. */
async function loadManaged(ctx: MediaContext, userId: string, id: string, action: keyof MediaAbilities): Promise<{ row: MediaListRow; access: MediaAccess }> {
  const loaded = await loadVisible(ctx, userId, id);
  assertMayChangeMedia(await loaded.access.itemFacts(loaded.row), action);
  return loaded;
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
  if (!data) throw notFound('media_not_found');
  const parsed = JSON.parse(data) as GpxData;
  const view = await access.gpxView(row);
  return view === 'original' ? parsed : trimForOthers(parsed, PRIVACY_ZONE_METRES[view]);
}

/** PATCH /api/media/{id}: the description (empty clears it). */
export async function updateMediaDescription(ctx: MediaContext, userId: string, id: string, description: string | null): Promise<MediaItem> {
  const { row, access } = await loadManaged(ctx, userId, id, 'edit');
  const value = description?.trim() || null;
  await mediaRepository.updateDescription(ctx.db, row.id, value);
  return access.present({ ...row, description: value });
}

/**
 * DELETE /api/media/{id}: the row (and the avatar, background or group image that showed it) in
 * one transaction, then the file and its thumbnail.
 */
export async function deleteMedia(ctx: LockingMediaContext, storage: FileStorage, userId: string, id: string): Promise<void> {
  const { row, access } = await loadManaged(ctx, userId, id, 'delete');
  const keys = await mediaRepository.keysOf(ctx.db, [row.id]);
  await ctx.beforeLock?.('media-manage');
  await ctx.db.transaction().execute(async (trx) => {
    // An organizer's right asked again under the group's lock: one removed or demoted since the read above deletes nothing.
    assertMayChangeMedia(await access.itemFactsUnderLock(trx, ctx.engine, row), 'delete');
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

/** The storage key of a stored file's address (`/media/files/{key}`, a group image or an avatar), or null for any other. */
export function storageKeyOfFileUrl(url: string | null): string | null {
  const prefix = `${MEDIA_FILES_PATH}/`;
  const key = url?.startsWith(prefix) ? url.slice(prefix.length) : null;
  return key && isStorageKey(key) ? key : null;
}

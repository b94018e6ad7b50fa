import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MediaTable } from '../db/schema';
import { viewerMembershipColumns } from '../groups/groups.repository';
import { columnValues } from '../db/column-values';

type Executor = Kysely<Database> | Transaction<Database>;
export type MediaRow = Selectable<MediaTable>;
/** A media row as lists read it: without the (possibly large) GPX drawing data. */
export type MediaListRow = Omit<MediaRow, 'gpx_data'>;

export interface GroupWithStanding {
  id: string;
  name: string;
  slug: string;
  creator_id: string;
  viewer_is_member: number;
  viewer_is_pending: number;
  viewer_is_banned: number;
}

/** The user columns an upload may point at the stored file. */
export type UserImageColumn = 'profile_image_url' | 'background_image_url';

const LIST_COLUMNS = [
  'id',
  'owner_id',
  'url',
  'filename',
  'thumbnail_filename',
  'original_name',
  'description',
  'mime_type',
  'file_type',
  'size',
  'associated_type',
  'associated_id',
  'created_at',
  'gpx_info',
] as const;

/** At most this many items in one list (the newest). */
const LIST_LIMIT = 1000;

export const mediaRepository = {
  async insert(db: Executor, row: Insertable<MediaTable>): Promise<void> {
    await db.insertInto('media').values(row).execute();
  },

  /** Records storage keys before their files are written, so a file is never in storage unaccounted for. */
  async recordFiles(db: Executor, mediaId: string, keys: string[], nowIso: string, options: { ifNew?: boolean } = {}): Promise<void> {
    const insert = db.insertInto('media_files').values(keys.map((key) => ({ key, media_id: mediaId, created_at: nowIso })));
    await (options.ifNew ? insert.onConflict((oc) => oc.column('key').doNothing()) : insert).execute();
  },

  /** Every stored key of a media item: its file, thumbnail, and copies made from them. */
  async keysOf(db: Executor, mediaIds: string[]): Promise<string[]> {
    if (mediaIds.length === 0) return [];
    return columnValues(db.selectFrom('media_files').select('key').where('media_id', 'in', mediaIds));
  },

  async forgetFiles(db: Executor, keys: string[]): Promise<void> {
    if (keys.length > 0) await db.deleteFrom('media_files').where('key', 'in', keys).execute();
  },

  findById(db: Executor, id: string): Promise<MediaListRow | undefined> {
    return db.selectFrom('media').select(LIST_COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  /** GPX rows whose summary an older reader than `version` wrote (their `reader` mark is not this one), oldest first. */
  gpxReadBefore(db: Executor, version: number, limit: number): Promise<Array<{ id: string; filename: string; gpx_info: string }>> {
    return db
      .selectFrom('media')
      .select(['id', 'filename', 'gpx_info'])
      .where('file_type', '=', 'gpx')
      .where('gpx_info', 'is not', null)
      .where('gpx_info', 'not like', `%"reader":${version}%`)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute() as Promise<Array<{ id: string; filename: string; gpx_info: string }>>;
  },

  /** Writes a GPX row's summary (and map data when read again) if it is still `previousInfo`; false when another writer came first. */
  async replaceGpx(db: Executor, id: string, previousInfo: string, info: string, data: string | undefined): Promise<boolean> {
    const result = await db
      .updateTable('media')
      .set({ gpx_info: info, ...(data !== undefined && { gpx_data: data }) })
      .where('id', '=', id)
      .where('gpx_info', '=', previousInfo)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async gpxData(db: Executor, id: string): Promise<string | null> {
    const row = await db.selectFrom('media').select('gpx_data').where('id', '=', id).executeTakeFirst();
    return row?.gpx_data ?? null;
  },

  /** The row a served storage key belongs to: its file or its thumbnail (both unique, indexed). */
  findByStorageKey(db: Executor, key: string): Promise<MediaListRow | undefined> {
    return db
      .selectFrom('media')
      .select(LIST_COLUMNS)
      .where((eb) => eb.or([eb('filename', '=', key), eb('thumbnail_filename', '=', key)]))
      .executeTakeFirst();
  },

  listByAssociation(db: Executor, associatedType: string, associatedId: string): Promise<MediaListRow[]> {
    return db
      .selectFrom('media')
      .select(LIST_COLUMNS)
      .where('associated_type', '=', associatedType)
      .where('associated_id', '=', associatedId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(LIST_LIMIT)
      .execute();
  },

  listByOwner(db: Executor, ownerId: string): Promise<MediaListRow[]> {
    return db.selectFrom('media').select(LIST_COLUMNS).where('owner_id', '=', ownerId).orderBy('created_at', 'desc').orderBy('id').limit(LIST_LIMIT).execute();
  },

  /**
   * A group's name and slug (to label its media) with its owner and the viewer's standing in it
   * (what they may see and do with its media); one read per group and request.
   */
  groupWithStanding(db: Executor, groupId: string, viewerId: string | null): Promise<GroupWithStanding | undefined> {
    return db
      .selectFrom('groups')
      .select(['id', 'name', 'slug', 'creator_id', ...viewerMembershipColumns('groups.id', viewerId)])
      .where('id', '=', groupId)
      .executeTakeFirst();
  },

  async updateDescription(db: Executor, id: string, description: string | null): Promise<void> {
    await db.updateTable('media').set({ description }).where('id', '=', id).execute();
  },

  /** Deletes the row; its storage keys stay in media_files until the files are gone. */
  async delete(db: Executor, id: string): Promise<void> {
    await db.deleteFrom('media').where('id', '=', id).execute();
  },

  /** Points a rider's avatar or background at a stored file; false when there is no such rider. */
  async setUserImage(db: Executor, userId: string, column: UserImageColumn, url: string): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set(column === 'profile_image_url' ? { profile_image_url: url } : { background_image_url: url })
      .where('id', '=', userId)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },

  /** Clears a rider's avatar or background if it still shows this file. */
  async clearUserImage(db: Executor, userId: string, column: UserImageColumn, url: string): Promise<void> {
    await db
      .updateTable('users')
      .set(column === 'profile_image_url' ? { profile_image_url: null } : { background_image_url: null })
      .where('id', '=', userId)
      .where(column, '=', url)
      .execute();
  },

  async setGroupImage(db: Executor, groupId: string, url: string | null, onlyIf?: string): Promise<boolean> {
    let query = db.updateTable('groups').set({ group_image_url: url }).where('id', '=', groupId);
    if (onlyIf !== undefined) query = query.where('group_image_url', '=', onlyIf);
    const result = await query.executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },

  /**
   * Media rows whose ride or group no longer exists (a group's deletion takes its rides with it,
   * and rides do not know about media); at most `limit`.
   */
  orphanRows(db: Executor, limit: number): Promise<Array<{ id: string }>> {
    return db
      .selectFrom('media')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('associated_type', '=', 'ride'), eb.not(eb.exists(eb.selectFrom('rides').select('rides.id').whereRef('rides.id', '=', 'media.associated_id')))]),
          eb.and([
            eb('associated_type', 'in', ['group', 'group_image']),
            eb.not(eb.exists(eb.selectFrom('groups').select('groups.id').whereRef('groups.id', '=', 'media.associated_id'))),
          ]),
        ]),
      )
      .limit(limit)
      .execute();
  },

  /**
   * Holds the owner's row until the transaction ends, so two uploads finishing at once are counted
   * against the storage limit one after the other (a no-op write: PostgreSQL locks the row, SQLite
   * takes the database's write lock).
   */
  async lockOwner(db: Executor, ownerId: string): Promise<void> {
    await db.updateTable('users').set((eb) => ({ gpx_privacy_zone: eb.ref('gpx_privacy_zone') })).where('id', '=', ownerId).execute();
  },

  /**
   * Bytes a rider's files take on our disk: every media row they own (gallery, GPX, avatar,
   * background, group image) and the screenshots of their bug reports. One sum over both.
   */
  async bytesStoredBy(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom((eb) =>
        eb
          .selectFrom('media')
          .select('size as bytes')
          .where('owner_id', '=', userId)
          .unionAll(
            eb
              .selectFrom('bug_reports')
              .select('screenshot_size as bytes')
              .where('user_id', '=', userId)
              .where('screenshot_size', 'is not', null)
              .$narrowType<{ bytes: number }>(),
          )
          .as('files'),
      )
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('files.bytes'), eb.val(0)).as('bytes'))
      .executeTakeFirstOrThrow();
    return Number(row.bytes);
  },

  /** Media attached to a group: its gallery, its image, and the media of each of its rides. */
  idsAttachedToGroup(db: Executor, groupId: string): Promise<string[]> {
    return columnValues(
      db
        .selectFrom('media')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('associated_type', 'in', ['group', 'group_image']), eb('associated_id', '=', groupId)]),
            eb.and([eb('associated_type', '=', 'ride'), eb('associated_id', 'in', eb.selectFrom('rides').select('rides.id').where('rides.group_id', '=', groupId))]),
          ]),
        ),
    );
  },

  idsAttachedToRide(db: Executor, rideId: string): Promise<string[]> {
    return columnValues(db.selectFrom('media').select('id').where('associated_type', '=', 'ride').where('associated_id', '=', rideId));
  },

  async deleteRows(db: Executor, ids: string[]): Promise<void> {
    if (ids.length > 0) await db.deleteFrom('media').where('id', 'in', ids).execute();
  },

  /** Storage keys whose media row is gone, recorded before the cutoff (uploads in progress are younger). */
  orphanKeys(db: Executor, cutoffIso: string, limit: number): Promise<string[]> {
    return columnValues(
      db
        .selectFrom('media_files')
        .select('media_files.key')
        .where('media_files.created_at', '<', cutoffIso)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('media').select('media.id').whereRef('media.id', '=', 'media_files.media_id'))))
        .limit(limit),
    );
  },
};

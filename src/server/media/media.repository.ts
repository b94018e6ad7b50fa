import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MediaTable } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;
export type MediaRow = Selectable<MediaTable>;

/** The user columns an upload may point at the stored file. */
export type UserImageColumn = 'profile_image_url' | 'background_image_url';

export const mediaRepository = {
  async insert(db: Executor, row: Insertable<MediaTable>): Promise<void> {
    await db.insertInto('media').values(row).execute();
  },

  findById(db: Executor, id: string): Promise<MediaRow | undefined> {
    return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The row a served storage key belongs to: its file or its thumbnail (both unique, indexed). */
  findByStorageKey(db: Executor, key: string): Promise<MediaRow | undefined> {
    return db
      .selectFrom('media')
      .selectAll()
      .where((eb) => eb.or([eb('filename', '=', key), eb('thumbnail_filename', '=', key)]))
      .executeTakeFirst();
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
};

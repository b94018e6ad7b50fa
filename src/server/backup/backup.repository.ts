import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const backupRepository = {
  /**
   * Every storage key a row points at: media files and their thumbnails, bug-report screenshots.
   * Read in the same snapshot as the backed-up rows, so the manifest names exactly the files the
   * backup needs.
   */
  async referencedStorageKeys(db: Kysely<Database>): Promise<string[]> {
    const rows = await db
      .selectFrom('media')
      .select('filename as key')
      .unionAll(db.selectFrom('media').select('thumbnail_filename as key').where('thumbnail_filename', 'is not', null).$narrowType<{ key: string }>())
      .unionAll(db.selectFrom('bug_reports').select('screenshot_key as key').where('screenshot_key', 'is not', null).$narrowType<{ key: string }>())
      .execute();
    return [...new Set(rows.map((row) => row.key))].sort();
  },

  /** Whether the database holds any table at all (a restore only goes into an empty one). */
  async hasAnyTable(db: Kysely<Database>): Promise<boolean> {
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    return tables.length > 0;
  },
};

import { sql, type Kysely } from 'kysely';

/**
 * Gallery media, GPX files and bug reports.
 * - media.gpx_info: the parsed GPX summary (JSON: name, bounds, summary) shown in lists;
 *   media.gpx_data: the parsed tracks, routes and waypoints for drawing (JSON, long tracks simplified).
 * - media_files: every storage key a media row put in storage. Rows of media can disappear without
 *   the media code (a ride or group deleted, a rider removed); the keys whose row is gone are how
 *   a clean-up job finds the files to remove (the storage itself is never listed).
 * - bug_reports: what riders send from /report-bug, with the storage key of the screenshot.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('gpx_info', 'text').execute();
  await db.schema.alterTable('media').addColumn('gpx_data', 'text').execute();

  await db.schema
    .createTable('media_files')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('media_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_files_media_idx').on('media_files').column('media_id').execute();
  await sql`insert into media_files (key, media_id, created_at) select filename, id, created_at from media`.execute(db);
  await sql`insert into media_files (key, media_id, created_at) select thumbnail_filename, id, created_at from media where thumbnail_filename is not null`.execute(db);

  await db.schema
    .createTable('bug_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('page_url', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('screenshot_key', 'text')
    .addColumn('screenshot_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bug_reports_created_idx').on('bug_reports').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bug_reports').ifExists().execute();
  await db.schema.dropTable('media_files').ifExists().execute();
  await db.schema.alterTable('media').dropColumn('gpx_data').execute();
  await db.schema.alterTable('media').dropColumn('gpx_info').execute();
}

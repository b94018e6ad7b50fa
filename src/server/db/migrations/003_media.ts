import type { Kysely } from 'kysely';

/**
 * Stored files (spec 2 section 3, "Media item"). `filename` is the storage key of the file itself,
 * `thumbnail_filename` that of its thumbnail (images only); both are unique so a served key maps to
 * at most one row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull().unique())
    .addColumn('thumbnail_filename', 'text', (c) => c.unique())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('associated_type', 'text')
    .addColumn('associated_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_associated_idx').on('media').columns(['associated_type', 'associated_id', 'created_at']).execute();
  await db.schema.createIndex('media_owner_created_idx').on('media').columns(['owner_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media').ifExists().execute();
}

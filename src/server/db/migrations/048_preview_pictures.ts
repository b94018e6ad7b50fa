import type { Kysely } from 'kysely';

/**
 * Issue 32 point 6: which stored link preview pictures (previews/picture-cache.ts, `og-{version}.png`
 * and `.jpg` in the file storage) are in use, and by what: one row per picture and subject (a ride by
 * its id, a group by its slug, a profile by its handle, the app's card), written before the picture
 * is stored. A picture's key is its version (a hash of what it is drawn from), so two rides with the
 * same route share one file: it is removed once no subject's row names it. `checked_at`: when the
 * sweep (previews/picture-sweep.ts) last found it current, or when it was recorded; the sweep claims
 * a row by moving it, so one server checks it. Pictures stored before this table are not known to it.
 * docs/decisions/2026-11-27-preview-picture-cache.md.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('preview_pictures')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('preview_pictures_pk', ['key', 'subject_kind', 'subject_id'])
    .execute();
  await db.schema.createIndex('preview_pictures_subject_idx').on('preview_pictures').columns(['subject_kind', 'subject_id']).execute();
  await db.schema.createIndex('preview_pictures_checked_idx').on('preview_pictures').column('checked_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('preview_pictures').ifExists().execute();
}

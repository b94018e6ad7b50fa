import type { Kysely } from 'kysely';

// Guests' upload totals per client address and day (limits/upload-counters.ts), shared by every app
// process and machine like the write counters (migration 014), but counting bytes: a bigint, since
// a day's total may pass the 2 GB a PostgreSQL integer holds. And the size of a bug report's
// screenshot, so it counts in its rider's storage limit (reports stored before this count 0: their
// size is in the file store, which a migration does not read).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_counters')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull()) // ISO-8601 UTC, the day's start
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_counters_pkey', ['key', 'window_start'])
    .execute();
  // Housekeeping removes old days by their start.
  await db.schema.createIndex('upload_counters_window_start').on('upload_counters').column('window_start').execute();
  await db.schema.alterTable('bug_reports').addColumn('screenshot_size', 'integer').execute();
  // Every upload sums its rider's screenshots.
  await db.schema.createIndex('bug_reports_user_idx').on('bug_reports').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('bug_reports_user_idx').execute();
  await db.schema.alterTable('bug_reports').dropColumn('screenshot_size').execute();
  await db.schema.dropTable('upload_counters').execute();
}

import type { Kysely } from 'kysely';

// Fixed-window write counters (limits/write-counters.ts), shared by every app process and machine:
// one row per key (a session's or a client address's hash, with what it counts) and window.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('write_counters')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull()) // ISO-8601 UTC
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('write_counters_pkey', ['key', 'window_start'])
    .execute();
  // Housekeeping removes old windows by their start.
  await db.schema.createIndex('write_counters_window_start').on('write_counters').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('write_counters').execute();
}

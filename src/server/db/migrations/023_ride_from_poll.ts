import type { Kysely } from 'kysely';

/**
 * A ride planned from a date poll links back to it ("Plan this ride"). Set when the ride is
 * created and never changed, so the ride-card triggers of migration 009 need not watch it; a
 * deleted poll leaves the ride without the link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('rides')
    .addColumn('poll_id', 'text', (c) => c.references('polls.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('rides_poll_idx').on('rides').column('poll_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rides_poll_idx').execute();
  await db.schema.alterTable('rides').dropColumn('poll_id').execute();
}

import type { Kysely } from 'kysely';

/**
 * What a notification is about: the group, and the rider it concerns (who asked to
 * join). The client opens the group's Pending Members tab from a membership request, and a request
 * withdrawn before a decision takes its notification back, found by these two columns.
 * A notification about a deleted group goes with it; one about a deleted rider keeps its text.
 * Older notifications have neither and read as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('subject_group_id', 'text', (c) => c.references('groups.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('subject_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // Deleting a group finds its notifications by it, and a withdrawal finds the owner's by both.
  await db.schema.createIndex('notifications_subject_idx').on('notifications').columns(['subject_group_id', 'subject_user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_subject_idx').execute();
  await db.schema.alterTable('notifications').dropColumn('subject_user_id').execute();
  await db.schema.alterTable('notifications').dropColumn('subject_group_id').execute();
}

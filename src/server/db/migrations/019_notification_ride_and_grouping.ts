import type { Kysely } from 'kysely';

/**
 * Notifications that name their subject and group uploads.
 * - `subject_ride_id`: the ride a notification is about (new ride, reminder, cancellation, media
 *   uploaded to it). A deleted ride takes its notifications with it, as a deleted group does.
 * - `item_count`, `first_at`: how many things one notification stands for (files uploaded by one
 *   rider to one ride or group) and when the first of them came; `created_at` is the latest.
 * - `group_key`: what such a notification gathers ("media:{uploader}:{ride or group}"), set only
 *   while it is unread. The unique index makes the next upload update that row in one upsert
 *   (safe when uploads race, on both engines); reading it clears the key, so the next upload
 *   starts a new notification. NULL keys never collide (both engines).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('subject_ride_id', 'text', (c) => c.references('rides.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('notifications').addColumn('first_at', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('group_key', 'text').execute();
  // Deleting a ride finds its notifications by it (the cascade).
  await db.schema.createIndex('notifications_subject_ride_idx').on('notifications').column('subject_ride_id').execute();
  await db.schema.createIndex('notifications_group_key_idx').on('notifications').columns(['user_id', 'group_key']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_group_key_idx').execute();
  await db.schema.dropIndex('notifications_subject_ride_idx').execute();
  await db.schema.alterTable('notifications').dropColumn('group_key').execute();
  await db.schema.alterTable('notifications').dropColumn('first_at').execute();
  await db.schema.alterTable('notifications').dropColumn('item_count').execute();
  await db.schema.alterTable('notifications').dropColumn('subject_ride_id').execute();
}

import { sql, type Kysely } from 'kysely';

/**
 * The delivery outbox (issue 30 point 2) and the riders' channel switches (point 3).
 *
 * - `deliveries`: one row per mail or push to send, written in the same transaction as what caused
 *   it, so a process killed after the commit still sends it (a fresh worker claims it). `dedupe_key`
 *   (channel, recipient and event) is unique: the same event enqueued twice, by a retry or by two
 *   servers, is one row and one mail. `state` is pending, sent or failed; a claim sets
 *   `claimed_until` (a lease: a worker killed mid-send leaves the row to be claimed again once the
 *   lease ends); `attempts`, `last_error` and `due_at` carry the retries (exponential backoff for a day).
 *   The type and parameters are stored in the row itself, not only in a notification: a mail about a
 *   ride deleted meanwhile is still written from the names as they were.
 * - `signing_keys`: secrets every server shares, made by the first that needs one (the key of the
 *   unsubscribe links' tokens).
 * - `notification_channel_settings`: a rider's switch of one type on one channel ('email', 'push'),
 *   stored only when it differs from the type's default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('notification_id', 'text')
    .addColumn('ride_id', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  // The workers' question: which pending rows are due.
  await db.schema.createIndex('deliveries_due_idx').on('deliveries').columns(['state', 'due_at']).execute();
  await db.schema.createIndex('deliveries_user_idx').on('deliveries').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('notification_channel_settings')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_channel_settings_pk', ['user_id', 'type', 'channel'])
    .execute();
  // Keys the servers share (made once, by whichever comes first): the unsubscribe links' HMAC key.
  await db.schema
    .createTable('signing_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // "Pause all e-mail" (point 5): one flag on the rider.
  await db.schema.alterTable('users').addColumn('email_paused', 'integer', (c) => c.notNull().defaultTo(sql`0`)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_paused').execute();
  await db.schema.dropTable('signing_keys').execute();
  await db.schema.dropTable('notification_channel_settings').execute();
  await db.schema.dropTable('deliveries').execute();
}

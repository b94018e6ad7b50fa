import type { Kysely } from 'kysely';

// Web push (issue 30, point 8). The VAPID key pair every server signs with: one row, made at the
// first start by whichever process gets there first (insert-if-absent, then read), so every process
// and machine sends under the same key, and the subscriptions browsers made with its public key keep
// working after a restart.
// A push subscription belongs to one signed-in browser (a session): it goes when that session ends
// (sign-out, "Sign out other devices", expiry, the account's deletion) by the foreign key, and when
// the push service answers 404 or 410. One browser's endpoint is one row (unique), whoever holds it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vapid_keys')
    .addColumn('id', 'text', (c) => c.primaryKey()) // always 'current'
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.public_id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_session_idx').on('push_subscriptions').column('session_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('vapid_keys').execute();
}

import { sql, type Kysely } from 'kysely';

// Migrations use Kysely's schema builder with types both engines understand:
// text, integer, double precision. Timestamps are ISO text (see db/schema.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('user_id_changes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('bio', 'text')
    .addColumn('location', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('motorcycles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('profile_image_url', 'text')
    .addColumn('background_image_url', 'text')
    .addColumn('is_first_visit', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('profile_visibility', 'text', (c) => c.notNull().defaultTo('public'))
    .addColumn('preferred_units', 'text', (c) => c.notNull().defaultTo('kilometers'))
    .addColumn('timezone_offset', 'text', (c) => c.notNull().defaultTo('UTC+00:00'))
    .addColumn('timezone_name', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  // Handles are unique regardless of case: "Rider" and "rider" are the same profile URL.
  await db.schema.createIndex('users_user_id_lower_unique').on('users').unique().expression(sql`lower(user_id)`).execute();
  await db.schema.createIndex('users_last_seen_idx').on('users').column('last_seen_at').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('magic_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('requested_by_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('requester_ip_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .addColumn('cancelled_at', 'text')
    .execute();
  await db.schema.createIndex('magic_links_email_idx').on('magic_links').columns(['email', 'created_at']).execute();
  await db.schema.createIndex('magic_links_ip_idx').on('magic_links').columns(['requester_ip_hash', 'created_at']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user_created_idx').on('notifications').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('activity_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('properties', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activity_events_created_idx').on('activity_events').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['activity_events', 'notifications', 'magic_links', 'sessions', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

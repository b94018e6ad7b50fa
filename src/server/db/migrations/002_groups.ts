import { sql, type Kysely } from 'kysely';

// Groups and membership. The riders domain needs membership for profile visibility ("groups":
// only riders who share a group); the groups domain builds its screens on these tables.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('radius_km', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('membership_approval_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('timezone_offset', 'text', (c) => c.notNull().defaultTo('UTC+00:00'))
    .addColumn('timezone_name', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('group_image_url', 'text')
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('groups_name_lower_idx').on('groups').expression(sql`lower(name)`).execute();
  await db.schema.createIndex('groups_lat_lon_idx').on('groups').columns(['latitude', 'longitude']).execute();
  await db.schema.createIndex('groups_creator_idx').on('groups').column('creator_id').execute();

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_members_user_idx').on('group_members').column('user_id').execute();

  await db.schema
    .createTable('membership_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('membership_requests_group_user_unique', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('membership_requests_user_idx').on('membership_requests').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['membership_requests', 'group_members', 'groups']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

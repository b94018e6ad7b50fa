import type { Kysely } from 'kysely';

// Rides (with participants and comments), date polls and invitations.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rides')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.references('groups.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('confirmed'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('duration', 'text', (c) => c.notNull().defaultTo('full-day'))
    .addColumn('start_location', 'text', (c) => c.notNull())
    .addColumn('start_latitude', 'double precision')
    .addColumn('start_longitude', 'double precision')
    .addColumn('midpoint_location', 'text')
    .addColumn('midpoint_latitude', 'double precision')
    .addColumn('midpoint_longitude', 'double precision')
    .addColumn('end_location', 'text', (c) => c.notNull())
    .addColumn('end_latitude', 'double precision')
    .addColumn('end_longitude', 'double precision')
    .addColumn('waypoints', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('total_distance_km', 'double precision')
    .addColumn('min_riders', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_riders', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('timezone_offset', 'text', (c) => c.notNull().defaultTo('UTC+00:00'))
    .addColumn('timezone_name', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('navigator_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('rides_group_slug_unique', ['group_id', 'slug'])
    .execute();
  await db.schema.createIndex('rides_group_start_idx').on('rides').columns(['group_id', 'start_date']).execute();
  await db.schema.createIndex('rides_start_idx').on('rides').column('start_date').execute();
  await db.schema.createIndex('rides_start_lat_lon_idx').on('rides').columns(['start_latitude', 'start_longitude']).execute();
  await db.schema.createIndex('rides_owner_idx').on('rides').column('owner_id').execute();

  await db.schema
    .createTable('ride_participants')
    .addColumn('ride_id', 'text', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ride_participants_pk', ['ride_id', 'user_id'])
    .execute();
  await db.schema.createIndex('ride_participants_user_idx').on('ride_participants').column('user_id').execute();

  await db.schema
    .createTable('ride_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ride_id', 'text', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ride_comments_ride_idx').on('ride_comments').columns(['ride_id', 'created_at']).execute();

  await db.schema
    .createTable('polls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('duration_days', 'integer', (c) => c.notNull())
    .addColumn('deadline', 'text', (c) => c.notNull())
    .addColumn('proposed_dates', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('polls_group_idx').on('polls').columns(['group_id', 'created_at']).execute();
  await db.schema.createIndex('polls_deadline_idx').on('polls').column('deadline').execute();

  await db.schema
    .createTable('poll_responses')
    .addColumn('poll_id', 'text', (c) => c.notNull().references('polls.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('preferred_dates', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('poll_responses_pk', ['poll_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('inviter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inviter_first_name', 'text', (c) => c.notNull())
    .addColumn('invitee_name', 'text')
    .addColumn('invitee_email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('invitations_group_idx').on('invitations').column('group_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['invitations', 'poll_responses', 'polls', 'ride_comments', 'ride_participants', 'rides']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

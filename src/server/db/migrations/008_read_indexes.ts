import type { Kysely } from 'kysely';

/**
 * Covering indexes for the counts every list of groups shows (GUIDE section 8): a group's upcoming
 * rides skip cancelled ones, and "active" looks for rides and members added in the last 30 days.
 * With the filtered columns in the index those counts never read a table row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rides_group_start_idx').execute();
  await db.schema.createIndex('rides_group_start_status_idx').on('rides').columns(['group_id', 'start_date', 'status']).execute();
  await db.schema.createIndex('rides_group_created_idx').on('rides').columns(['group_id', 'created_at']).execute();
  await db.schema.createIndex('group_members_group_joined_idx').on('group_members').columns(['group_id', 'joined_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('group_members_group_joined_idx').execute();
  await db.schema.dropIndex('rides_group_created_idx').execute();
  await db.schema.dropIndex('rides_group_start_status_idx').execute();
  await db.schema.createIndex('rides_group_start_idx').on('rides').columns(['group_id', 'start_date']).execute();
}

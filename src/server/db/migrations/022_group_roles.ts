import type { Kysely } from 'kysely';

/**
 * A member's role in their group: 'member' or 'co_organizer' (docs/behaviour/groups.md "Clubs run by more
 * than one person"). The owner is still `groups.creator_id`; their own membership row keeps a role
 * too, so handing the group over only swaps who the owner is and makes the old owner a co-organizer.
 * Every existing member is a plain member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('group_members')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('group_members').dropColumn('role').execute();
}

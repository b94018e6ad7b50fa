import type { Kysely } from 'kysely';

/**
 * Riders an organizer removed with "Don't let them rejoin" (docs/behaviour/groups.md "Clubs run by more than
 * one person"): kept until an organizer lifts the ban. While a row exists the rider cannot join the
 * group, ask to join it, join one of its rides (which adds the membership on the way), come back
 * through an invitation, or receive its membership from a guest merged into their account.
 * The rider's row goes with their account; who banned them is forgotten with theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('group_bans')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('banned_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('banned_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_bans_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_bans_user_idx').on('group_bans').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_bans').execute();
}

import type { Kysely } from 'kysely';

// Issue 31 point 7: the language the inviter chose for an invitation (the one they were reading the
// app in when they made it). Its mails are written in it when the invitee's own language is not
// known. NULL for an invitation made before this: its inviter's saved language is used instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invitations').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invitations').dropColumn('language').execute();
}

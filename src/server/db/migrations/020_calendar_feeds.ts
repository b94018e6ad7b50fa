import type { Kysely } from 'kysely';

/**
 * Calendar feeds (docs/behaviour/routes-and-calendars.md "Calendar feeds"): one private feed per rider, found by the SHA-256
 * of its token (the lookup is by hash so its time tells nothing of the token); `token` is kept so the
 * rider is shown the same address again (why it is not stored hashed only: docs/behaviour/routes-and-calendars.md "Calendar
 * feeds"); `scope` chooses
 * joined rides only or every upcoming ride of the rider's groups. `rides.sequence` is the
 * iCalendar SEQUENCE, raised by every edit in the edit's own transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('groups'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('rides')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rides').dropColumn('sequence').execute();
  await db.schema.dropTable('calendar_feeds').execute();
}

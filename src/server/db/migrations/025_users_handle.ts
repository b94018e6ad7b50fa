import { sql, type Kysely } from 'kysely';

/**
 * The rider's public handle was stored as `users.user_id`, a name that reads like a reference to a
 * user in every query that joins users to a table whose `user_id` IS such a reference. It becomes
 * `handle` (and its change counter `handle_changes_count`); the API keeps its field names
 * (`userId`, `userIdChangesCount`) because they are the published contract.
 *
 * Both engines rename the column in place and carry the unique lower(...) index and the ride-card
 * trigger that watch it along (SQLite rewrites their definitions, PostgreSQL tracks columns by number).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users rename column user_id to handle`.execute(db);
  await sql`alter table users rename column user_id_changes_count to handle_changes_count`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users rename column handle_changes_count to user_id_changes_count`.execute(db);
  await sql`alter table users rename column handle to user_id`.execute(db);
}

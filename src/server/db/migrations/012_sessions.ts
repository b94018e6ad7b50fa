import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Sessions a rider can see and end: each gets an opaque public id (never the token's
 * hash), the browser's User-Agent and when it was last used. `last_seen_at` is written at most once
 * an hour per session, and a session unused for 30 days no longer counts (90 days at most, as before).
 * Open confirmation links are looked up by the rider who asked for them (the address waiting for
 * confirmation in Preferences).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('public_id', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
  // Sessions started before this migration: seen when they started, a fresh public id each.
  const rows = await sql<{ id_hash: string; created_at: string }>`select id_hash, created_at from sessions`.execute(db);
  for (const row of rows.rows) {
    await sql`update sessions set public_id = ${crypto.randomUUID()}, last_seen_at = ${row.created_at} where id_hash = ${row.id_hash}`.execute(db);
  }
  await db.schema.createIndex('sessions_public_id_unique').on('sessions').column('public_id').unique().execute();
  await db.schema.createIndex('sessions_last_seen_idx').on('sessions').column('last_seen_at').execute();
  await db.schema.createIndex('magic_links_requested_by_idx').on('magic_links').columns(['requested_by_user_id', 'purpose']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('magic_links_requested_by_idx').execute();
  await db.schema.dropIndex('sessions_last_seen_idx').execute();
  await db.schema.dropIndex('sessions_public_id_unique').execute();
  for (const column of ['last_seen_at', 'user_agent', 'public_id']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
}

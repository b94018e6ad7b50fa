import type { Kysely } from 'kysely';

// How long the router says a cached road takes (seconds), so a ride's calendar event can end when
// the ride is expected to (calendar/event-end.ts). Roads cached before have none (null) until asked again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('route_cache').addColumn('duration_s', 'double precision').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('route_cache').dropColumn('duration_s').execute();
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Roads the router (ROUTER_URL) answered, by a hash of the router and the stops (routing.service). */
export const routingRepository = {
  findCached(db: Kysely<Database>, key: string) {
    return db.selectFrom('route_cache').select(['geometry', 'distance_km']).where('key', '=', key).executeTakeFirst();
  },

  /** The riding time of the cached roads among `keys` (those with one), by key. */
  async durations(db: Kysely<Database>, keys: string[]): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const rows = await db.selectFrom('route_cache').select(['key', 'duration_s']).where('key', 'in', keys).where('duration_s', 'is not', null).execute();
    return new Map(rows.map((row) => [row.key, Number(row.duration_s)]));
  },

  /** A road another process cached meanwhile is the same road: the first one stays. */
  async cache(db: Kysely<Database>, row: { key: string; geometry: string; distance_km: number; duration_s: number | null; created_at: string }): Promise<void> {
    await db
      .insertInto('route_cache')
      .values(row)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  },
};

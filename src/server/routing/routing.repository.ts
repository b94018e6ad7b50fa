import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Roads the router (ROUTER_URL) answered, by a hash of the router and the stops (routing.service). */
export const routingRepository = {
  findCached(db: Kysely<Database>, key: string) {
    return db.selectFrom('route_cache').select(['geometry', 'distance_km']).where('key', '=', key).executeTakeFirst();
  },

  /** A road another process cached meanwhile is the same road: the first one stays. */
  async cache(db: Kysely<Database>, row: { key: string; geometry: string; distance_km: number; created_at: string }): Promise<void> {
    await db
      .insertInto('route_cache')
      .values(row)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  },
};

import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** The one row of geocoder_slots: when the next request to the outside geocoder may go. */
export const REMOTE_GEOCODER_SLOT = 'remote';

/**
 * Answers of the outside geocoder, kept in the database so every app process and every restart
 * shares them; and the request slots that keep all processes together to 1 request per second.
 */
export const geocodeCacheRepository = {
  async get(db: Executor, key: string, notBefore: string): Promise<string | null> {
    const row = await db.selectFrom('geocode_cache').select('results').where('key', '=', key).where('created_at', '>=', notBefore).executeTakeFirst();
    return row?.results ?? null;
  },

  async put(db: Executor, key: string, results: string, createdAt: string): Promise<void> {
    await db
      .insertInto('geocode_cache')
      .values({ key, results, created_at: createdAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ results, created_at: createdAt }))
      .execute();
  },

  async deleteOlderThan(db: Executor, before: string): Promise<number> {
    const result = await db.deleteFrom('geocode_cache').where('created_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /**
   * Takes the next request slot, `spacingMs` after the previous one, in one atomic UPDATE (so
   * concurrent requests, in any process, each get their own). Returns when the slot starts (epoch
   * ms), or null when the queue already reaches further than `maxWaitMs` ahead.
   */
  async reserveSlot(db: Executor, nowMs: number, spacingMs: number, maxWaitMs: number): Promise<number | null> {
    const row = await db
      .updateTable('geocoder_slots')
      .set({ next_at: sql<number>`case when next_at < ${nowMs} then ${nowMs + spacingMs} else next_at + ${spacingMs} end` })
      .where('name', '=', REMOTE_GEOCODER_SLOT)
      .where('next_at', '<', nowMs + maxWaitMs)
      .returning('next_at')
      .executeTakeFirst();
    return row ? Number(row.next_at) - spacingMs : null;
  },
};

import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Fixed-window counters in the database (migration 014), so a limit holds across the WORKERS
 * processes of one machine and across machines on PostgreSQL. One statement per counted request:
 * an upsert that adds one to every key's row of the current window and returns the new counts,
 * atomic on both engines (concurrent requests never lose a count).
 */
export const writeCountersRepository = {
  async bump(db: Kysely<Database>, keys: string[], windowStart: string): Promise<Map<string, number>> {
    const rows = await db
      .insertInto('write_counters')
      .values(keys.map((key) => ({ key, window_start: windowStart, count: 1 })))
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql<number>`${sql.ref('write_counters.count')} + 1` }))
      .returning(['key', 'count'])
      .execute();
    return new Map(rows.map((row) => [row.key, Number(row.count)]));
  },

  async deleteWindowsBefore(db: Kysely<Database>, before: string): Promise<void> {
    await db.deleteFrom('write_counters').where('window_start', '<', before).execute();
  },
};

/** The longest window any counter uses; housekeeping keeps rows this long past their window's start. */
export const LONGEST_WINDOW_MS = 3600 * 1000;

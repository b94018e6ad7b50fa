import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Bytes counted per key and fixed window in the database (migration 032), like the write counters,
 * so a total holds across the WORKERS processes and across machines on PostgreSQL. Unlike a write
 * count, bytes are reserved before they are stored and some may be given back, so a reservation
 * takes only what is left under the limit, never more.
 */
export const uploadCountersRepository = {
  /**
   * Takes `wanted` bytes of what is left under `limit` in the key's window, or, with `partial`, as
   * many of them as are left; answers how many it took (0: none). The transaction first touches the
   * key's row (a row lock on PostgreSQL, the write lock on SQLite), so reservations from every
   * process are made one after the other: two at once can never both take the last bytes.
   */
  async reserve(db: Kysely<Database>, key: string, windowStart: string, wanted: number, limit: number, partial: boolean): Promise<number> {
    return db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('upload_counters')
        .values({ key, window_start: windowStart, bytes: 0 })
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ bytes: sql<number>`${sql.ref('upload_counters.bytes')}` }))
        .returning('bytes')
        .executeTakeFirstOrThrow();
      const left = Math.max(0, limit - Number(row.bytes));
      const taken = partial ? Math.min(wanted, left) : wanted <= left ? wanted : 0;
      if (taken > 0) {
        await tx
          .updateTable('upload_counters')
          .set({ bytes: sql<number>`${sql.ref('bytes')} + ${taken}` })
          .where('key', '=', key)
          .where('window_start', '=', windowStart)
          .execute();
      }
      return taken;
    });
  },

  /** Gives back bytes a reservation took and did not keep (one statement: atomic on both engines). */
  async release(db: Kysely<Database>, key: string, windowStart: string, bytes: number): Promise<void> {
    if (bytes <= 0) return;
    await db
      .updateTable('upload_counters')
      .set({ bytes: sql<number>`${sql.ref('bytes')} - ${bytes}` })
      .where('key', '=', key)
      .where('window_start', '=', windowStart)
      .execute();
  },

  async deleteWindowsBefore(db: Kysely<Database>, before: string): Promise<void> {
    await db.deleteFrom('upload_counters').where('window_start', '<', before).execute();
  },
};

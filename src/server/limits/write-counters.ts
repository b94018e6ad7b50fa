import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Engine } from '../db/database';

/**
 * Fixed-window counters in the database (migration 014), so a limit holds across the WORKERS
 * processes of one machine and across machines on PostgreSQL. One statement per counted request:
 * an upsert that adds one to every key's row of the current window and returns the new counts,
 * atomic on both engines (concurrent requests never lose a count).
 */
export const writeCountersRepository = {
  /**
   * A count is not worth a disk flush: losing the last counts in a power cut only lets a few more
   * writes through. So the upsert's commit does not wait for the disk (PostgreSQL:
   * synchronous_commit off for its transaction; SQLite: synchronous NORMAL around it, on the one
   * connection held for the three statements, which in WAL mode is still ordered and consistent:
   * the next FULL commit flushes it too). Measured in docs/decisions/2026-11-24-write-counter-commit.md.
   */
  async bump(db: Kysely<Database>, engine: Engine, keys: string[], windowStart: string): Promise<Map<string, number>> {
    const upsert = (executor: Kysely<Database>) =>
      executor
        .insertInto('write_counters')
        .values(keys.map((key) => ({ key, window_start: windowStart, count: 1 })))
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql<number>`${sql.ref('write_counters.count')} + 1` }))
        .returning(['key', 'count'])
        .execute();
    const rows =
      engine === 'postgres'
        ? await db.transaction().execute(async (tx) => {
            await sql`SET LOCAL synchronous_commit = off`.execute(tx);
            return upsert(tx);
          })
        : await db.connection().execute(async (connection) => {
            await sql`PRAGMA synchronous = NORMAL`.execute(connection);
            try {
              return await upsert(connection);
            } finally {
              await sql`PRAGMA synchronous = FULL`.execute(connection);
            }
          });
    return new Map(rows.map((row) => [row.key, Number(row.count)]));
  },

  async deleteWindowsBefore(db: Kysely<Database>, before: string): Promise<void> {
    await db.deleteFrom('write_counters').where('window_start', '<', before).execute();
  },
};

/** The longest window any counter uses; housekeeping keeps rows this long past their window's start. */
export const LONGEST_WINDOW_MS = 3600 * 1000;

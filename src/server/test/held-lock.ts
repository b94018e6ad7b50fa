import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Another transaction, as a concurrent request would be midway: it takes what `take` locks and
 * holds it, not yet committed, until `release` (PostgreSQL tests of lock order).
 */
export async function holdInTransaction(db: Kysely<Database>, take: (tx: Transaction<Database>) => Promise<void>) {
  let release!: () => void;
  let taken!: () => void;
  const holding = new Promise<void>((resolve) => (taken = resolve));
  const transaction = db.transaction().execute(async (tx) => {
    await take(tx);
    taken();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await Promise.race([holding, transaction]);
  return {
    /** Commits the held transaction and waits for it. */
    async release() {
      release();
      await transaction;
    },
  };
}

/** How many statements of this database wait on a lock now. */
export async function lockWaits(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
  return Number(rows[0]!.n);
}

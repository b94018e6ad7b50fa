import type { Kysely, Transaction } from 'kysely';
import type { Database, ActivityEventsTable } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export const eventsRepository = {
  async insert(db: Executor, row: ActivityEventsTable): Promise<void> {
    await db.insertInto('activity_events').values(row).execute();
  },

  listRecent(db: Executor, limit: number) {
    return db.selectFrom('activity_events').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
  },
};

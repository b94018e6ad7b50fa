import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { BugReportsTable, Database } from '../db/schema';

export type Executor = Kysely<Database> | Transaction<Database>;
export type BugReportRow = Selectable<BugReportsTable>;

export const bugReportsRepository = {
  async insert(db: Executor, row: Insertable<BugReportsTable>): Promise<void> {
    await db.insertInto('bug_reports').values(row).execute();
  },

  /**
   * Holds the reporter's row until the transaction ends (a no-op update: a row lock on PostgreSQL,
   * the write lock on SQLite), so reports of one rider are counted and stored one at a time.
   */
  async lockReporter(db: Executor, userId: string): Promise<void> {
    await db.updateTable('users').set((eb) => ({ handle: eb.ref('handle') })).where('id', '=', userId).execute();
  },

  /** How many reports a rider sent since the cutoff (the per-rider rate limit). */
  async countSince(db: Executor, userId: string, sinceIso: string): Promise<number> {
    const row = await db
      .selectFrom('bug_reports')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', sinceIso)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The newest reports first, with the reporter's handle and e-mail (for whoever runs the server). */
  listNewest(db: Executor, limit: number) {
    return db
      .selectFrom('bug_reports')
      .leftJoin('users', 'users.id', 'bug_reports.user_id')
      .selectAll('bug_reports')
      .select(['users.handle as reporter_handle', 'users.email as reporter_email'])
      .orderBy('bug_reports.created_at', 'desc')
      .limit(limit)
      .execute();
  },
};

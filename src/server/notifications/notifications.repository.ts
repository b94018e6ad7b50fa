import type { Kysely, Transaction, Selectable } from 'kysely';
import type { Database, NotificationsTable } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;
export type NotificationRow = Selectable<NotificationsTable>;

/** How many notifications the list returns; older ones stay stored but are not sent. */
export const NOTIFICATION_LIST_LIMIT = 100;

export const notificationsRepository = {
  async insert(db: Executor, row: Omit<NotificationRow, 'is_read'>): Promise<void> {
    await db.insertInto('notifications').values(row).execute();
  },

  listForUser(db: Executor, userId: string): Promise<NotificationRow[]> {
    return db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(NOTIFICATION_LIST_LIMIT)
      .execute();
  },

  /** Marks one of the user's own notifications read; returns false when there is no such row for them. */
  async markRead(db: Executor, id: string, userId: string): Promise<boolean> {
    const result = await db.updateTable('notifications').set({ is_read: 1 }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },
};

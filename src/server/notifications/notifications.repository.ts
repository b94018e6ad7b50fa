import type { Kysely, Transaction, Selectable } from 'kysely';
import type { Database, NotificationsTable } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;
export type NotificationRow = Selectable<NotificationsTable>;

/** A notification with what its subject is called now (the group's slug and name, the rider's handle); null without a subject. */
export type NotificationListRow = NotificationRow & {
  subject_group_slug: string | null;
  subject_group_name: string | null;
  subject_user_handle: string | null;
};

/** How many notifications the list returns; older ones stay stored but are not sent. */
export const NOTIFICATION_LIST_LIMIT = 100;

export const notificationsRepository = {
  async insert(db: Executor, row: Omit<NotificationRow, 'is_read'>): Promise<void> {
    await db.insertInto('notifications').values(row).execute();
  },

  listForUser(db: Executor, userId: string): Promise<NotificationListRow[]> {
    return db
      .selectFrom('notifications')
      .leftJoin('groups as sg', 'sg.id', 'notifications.subject_group_id')
      .leftJoin('users as su', 'su.id', 'notifications.subject_user_id')
      .selectAll('notifications')
      .select(['sg.slug as subject_group_slug', 'sg.name as subject_group_name', 'su.user_id as subject_user_handle'])
      .where('notifications.user_id', '=', userId)
      .orderBy('notifications.created_at', 'desc')
      .orderBy('notifications.id', 'desc')
      .limit(NOTIFICATION_LIST_LIMIT)
      .execute();
  },

  /** Marks one of the user's own notifications read; returns false when there is no such row for them. */
  async markRead(db: Executor, id: string, userId: string): Promise<boolean> {
    const result = await db.updateTable('notifications').set({ is_read: 1 }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },

  /** Ids of a type of notification about one group and one rider (a rider's membership request, in the owner's list). */
  async idsAbout(db: Executor, type: string, groupId: string, subjectUserId: string): Promise<Array<{ id: string; user_id: string }>> {
    return db
      .selectFrom('notifications')
      .select(['id', 'user_id'])
      .where('subject_group_id', '=', groupId)
      .where('subject_user_id', '=', subjectUserId)
      .where('type', '=', type)
      .execute();
  },

  async deleteByIds(db: Executor, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db.deleteFrom('notifications').where('id', 'in', ids).execute();
  },

  async markReadByIds(db: Executor, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db.updateTable('notifications').set({ is_read: 1 }).where('id', 'in', ids).execute();
  },
};

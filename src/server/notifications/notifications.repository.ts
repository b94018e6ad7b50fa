import { sql, type Expression, type Kysely, type Transaction, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Database, NotificationsTable } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;
export type NotificationRow = Selectable<NotificationsTable>;

/** A notification with what its subject is called now (the group, the ride, the rider); null without one. */
export type NotificationListRow = NotificationRow & {
  subject_group_slug: string | null;
  subject_group_name: string | null;
  subject_user_handle: string | null;
  subject_ride_slug: string | null;
  subject_ride_name: string | null;
  subject_ride_group_id: string | null;
  subject_ride_group_slug: string | null;
  subject_ride_group_name: string | null;
};

/** How many notifications the list returns; older ones stay stored but are not sent. */
export const NOTIFICATION_LIST_LIMIT = 100;

/** Types whose subject is a rider: once that rider is gone (left the group, account deleted) the notification is too. */
const ABOUT_A_RIDER = ['member_joined', 'membership_request'];

/** Notifications with their subjects' current names. */
function withSubjects(db: Executor): SelectQueryBuilder<Database, 'notifications', NotificationListRow> {
  return db
    .selectFrom('notifications')
    .leftJoin('groups as sg', 'sg.id', 'notifications.subject_group_id')
    .leftJoin('users as su', 'su.id', 'notifications.subject_user_id')
    .leftJoin('rides as sr', 'sr.id', 'notifications.subject_ride_id')
    .leftJoin('groups as srg', 'srg.id', 'sr.group_id')
    .selectAll('notifications')
    .select([
      'sg.slug as subject_group_slug',
      'sg.name as subject_group_name',
      'su.handle as subject_user_handle',
      'sr.slug as subject_ride_slug',
      'sr.name as subject_ride_name',
      'srg.id as subject_ride_group_id',
      'srg.slug as subject_ride_group_slug',
      'srg.name as subject_ride_group_name',
    ]) as unknown as SelectQueryBuilder<Database, 'notifications', NotificationListRow>;
}

/** The rider's stored "off in the app" switch of a type (the app's switches default on: only an off is stored). */
function hiddenInApp<Q extends SelectQueryBuilder<Database, 'notification_channel_settings', object>>(query: Q, userId: string | Expression<string>, type: string | Expression<string>) {
  return query.select('notification_channel_settings.user_id').where('notification_channel_settings.user_id', '=', userId).where('notification_channel_settings.type', '=', type).where('notification_channel_settings.channel', '=', 'app').where('notification_channel_settings.enabled', '=', 0);
}

export const notificationsRepository = {
  /** Whether the rider switched this type off in the app: it is not shown, nor sent to their open pages. */
  async hiddenInApp(db: Executor, userId: string, type: string): Promise<boolean> {
    return (await hiddenInApp(db.selectFrom('notification_channel_settings'), userId, type).executeTakeFirst()) !== undefined;
  },

  async insert(db: Executor, row: Omit<NotificationRow, 'is_read' | 'item_count' | 'first_at' | 'group_key'>): Promise<void> {
    await db.insertInto('notifications').values(row).execute();
  },

  /**
   * One more thing for the rider's unread notification gathered under `group_key` (count + 1, its
   * time the newest), or a new one when there is none: one statement, so uploads that race still
   * count into one row (the unique key on user and group key decides, on both engines).
   */
  async upsertGrouped(db: Executor, row: Omit<NotificationRow, 'is_read' | 'item_count' | 'first_at'> & { group_key: string }): Promise<{ id: string }> {
    return db
      .insertInto('notifications')
      .values({ ...row, item_count: 1, first_at: row.created_at })
      .onConflict((oc) =>
        oc.columns(['user_id', 'group_key']).doUpdateSet({
          item_count: sql<number>`${sql.ref('notifications.item_count')} + 1`,
          // Uploads that race may arrive out of order: the latest time and the earliest first stay.
          created_at: sql<string>`case when ${sql.ref('excluded.created_at')} > ${sql.ref('notifications.created_at')} then ${sql.ref('excluded.created_at')} else ${sql.ref('notifications.created_at')} end`,
          first_at: sql<string>`case when ${sql.ref('excluded.first_at')} < ${sql.ref('notifications.first_at')} then ${sql.ref('excluded.first_at')} else ${sql.ref('notifications.first_at')} end`,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  findWithSubject(db: Executor, id: string): Promise<NotificationListRow | undefined> {
    return withSubjects(db).where('notifications.id', '=', id).executeTakeFirst();
  },

  listForUser(db: Executor, userId: string): Promise<NotificationListRow[]> {
    return (
      withSubjects(db)
        .where('notifications.user_id', '=', userId)
        // About a rider who is gone: there is nobody left to open (filtered here, so every way a rider goes counts).
        .where((eb) =>
          eb.not(eb.and([eb('notifications.type', 'in', ABOUT_A_RIDER), eb('notifications.subject_group_id', 'is not', null), eb('notifications.subject_user_id', 'is', null)])),
        )
        // Types the rider switched off in the app: kept, not shown (nor counted unread).
        .where((eb) => eb.not(eb.exists(hiddenInApp(eb.selectFrom('notification_channel_settings'), eb.ref('notifications.user_id'), eb.ref('notifications.type')))))
        .orderBy('notifications.created_at', 'desc')
        .orderBy('notifications.id', 'desc')
        .limit(NOTIFICATION_LIST_LIMIT)
        .execute()
    );
  },

  /** Marks one of the user's own notifications read; returns false when there is no such row for them. */
  async markRead(db: Executor, id: string, userId: string): Promise<boolean> {
    // Read, it gathers no more: the next upload starts a new notification.
    const result = await db.updateTable('notifications').set({ is_read: 1, group_key: null }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
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

  /**
   * One uploaded file deleted: each upload notification that counted it (same uploader and place,
   * within its first and last upload) counts one less (in one statement each, so deletions that race
   * count right); returns them with their new counts.
   */
  async uncountUpload(
    db: Executor,
    upload: { uploaderId: string; rideId: string | null; groupId: string | null; createdAt: string },
  ): Promise<Array<{ id: string; user_id: string; item_count: number }>> {
    const base = db
      .selectFrom('notifications')
      .select('id')
      .where('type', '=', 'media_uploaded')
      .where('subject_user_id', '=', upload.uploaderId)
      .where('first_at', '<=', upload.createdAt)
      .where('created_at', '>=', upload.createdAt);
    const matching = await (upload.rideId !== null ? base.where('subject_ride_id', '=', upload.rideId) : base.where('subject_group_id', '=', upload.groupId).where('subject_ride_id', 'is', null)).execute();
    const ids = matching.map((r) => r.id);
    if (ids.length === 0) return [];
    await db
      .updateTable('notifications')
      .set({ item_count: sql<number>`${sql.ref('item_count')} - 1` })
      .where('id', 'in', ids)
      .execute();
    return db.selectFrom('notifications').select(['id', 'user_id', 'item_count']).where('id', 'in', ids).execute();
  },

  async deleteByIds(db: Executor, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db.deleteFrom('notifications').where('id', 'in', ids).execute();
  },

  async markReadByIds(db: Executor, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db.updateTable('notifications').set({ is_read: 1, group_key: null }).where('id', 'in', ids).execute();
  },
};

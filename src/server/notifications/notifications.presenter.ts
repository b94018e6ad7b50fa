import type { Notification } from '../../shared/notifications/notification';
import { toBool } from '../db/database';
import type { NotificationListRow } from './notifications.repository';

/** A notification; `subject` only when it has one whose group still exists (spec 1 section 3's fields otherwise, unchanged). */
export function presentNotification(row: NotificationListRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: toBool(row.is_read),
    createdAt: row.created_at,
    ...(row.subject_group_id !== null &&
      row.subject_group_slug !== null && {
        subject: {
          groupId: row.subject_group_id,
          groupSlug: row.subject_group_slug,
          groupName: row.subject_group_name ?? '',
          riderHandle: row.subject_user_handle,
        },
      }),
  };
}

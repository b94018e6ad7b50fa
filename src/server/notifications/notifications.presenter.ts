import type { Notification } from '../../shared/notifications/notification';
import { toBool } from '../db/database';
import type { NotificationRow } from './notifications.repository';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: toBool(row.is_read),
    createdAt: row.created_at,
  };
}

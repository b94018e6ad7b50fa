import type { AppContext } from '../context';
import type { Notification } from '../../shared/notifications/notification';
import { nowIso } from '../db/database';
import { newId } from '../platform/tokens';
import { notFound } from '../platform/errors';
import { notificationsRepository } from './notifications.repository';
import { presentNotification } from './notifications.presenter';

/** The bus topic on which a user's new notifications travel to their open pages. */
export const notificationTopic = (userId: string) => `notifications:${userId}`;

/**
 * The one way any domain tells a rider something: stores the notification, then pushes it to every
 * page the rider has open (through the event bus, so it reaches them on any app process).
 * Delivery is best effort: the stored row is the truth, and the list shows it on the next load.
 */
export async function notify(ctx: Pick<AppContext, 'db' | 'bus' | 'log'>, userId: string, type: string, title: string, message: string): Promise<Notification> {
  const row = { id: newId(), user_id: userId, type, title, message, created_at: nowIso() };
  await notificationsRepository.insert(ctx.db, row);
  const notification = presentNotification({ ...row, is_read: 0 });
  try {
    await ctx.bus.publish(notificationTopic(userId), notification);
  } catch (error) {
    ctx.log.warn({ err: error }, 'notification stored but not pushed');
  }
  return notification;
}

export async function listNotifications(ctx: AppContext, userId: string): Promise<Notification[]> {
  const rows = await notificationsRepository.listForUser(ctx.db, userId);
  return rows.map(presentNotification);
}

export async function markNotificationRead(ctx: AppContext, userId: string, id: string): Promise<void> {
  // Someone else's notification answers exactly like a missing one.
  if (!(await notificationsRepository.markRead(ctx.db, id, userId))) throw notFound('Notification not found');
}

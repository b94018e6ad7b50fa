import type { AppContext } from '../context';
import type { Notification, NotificationRemoved } from '../../shared/notifications/notification';
import { nowIso } from '../db/database';
import { newId } from '../platform/tokens';
import { notFound } from '../platform/errors';
import { notificationsRepository } from './notifications.repository';
import { presentNotification } from './notifications.presenter';

/** The bus topic on which a user's new notifications travel to their open pages. */
export const notificationTopic = (userId: string) => `notifications:${userId}`;

/** The bus topic on which a user's open pages hear that a notification was taken back (`NotificationRemoved`). */
export const notificationRemovedTopic = (userId: string) => `notifications-removed:${userId}`;

/**
 * What a notification is about (migration 015): a group, and the rider it concerns. Stored as ids;
 * the slug, name and handle given here are what the live push carries (the list reads them fresh).
 */
export interface NotificationAbout {
  group: { id: string; slug: string; name: string };
  rider?: { id: string; handle: string } | null;
}

type NotifyContext = Pick<AppContext, 'db' | 'bus' | 'log'>;

/**
 * The one way any domain tells a rider something: stores the notification, then pushes it to every
 * page the rider has open (through the event bus, so it reaches them on any app process).
 * Delivery is best effort: the stored row is the truth, and the list shows it on the next load.
 * `about` (optional) names the group and rider it concerns, so the client can open it.
 */
export async function notify(ctx: NotifyContext, userId: string, type: string, title: string, message: string, about?: NotificationAbout): Promise<Notification> {
  const row = {
    id: newId(),
    user_id: userId,
    type,
    title,
    message,
    created_at: nowIso(),
    subject_group_id: about?.group.id ?? null,
    subject_user_id: about?.rider?.id ?? null,
  };
  await notificationsRepository.insert(ctx.db, row);
  const notification = presentNotification({
    ...row,
    is_read: 0,
    subject_group_slug: about?.group.slug ?? null,
    subject_group_name: about?.group.name ?? null,
    subject_user_handle: about?.rider?.handle ?? null,
  });
  await push(ctx, notificationTopic(userId), notification);
  return notification;
}

async function push(ctx: NotifyContext, topic: string, payload: unknown): Promise<void> {
  try {
    await ctx.bus.publish(topic, payload);
  } catch (error) {
    ctx.log.warn({ err: error }, 'notification stored but not pushed');
  }
}

/**
 * Takes back the notifications of a type about one group and rider (a membership request the rider
 * withdrew before a decision): they are deleted, and the recipients' open pages are told so they
 * drop them and refresh what they show.
 */
export async function retractNotifications(ctx: NotifyContext, type: string, about: NotificationAbout & { rider: { id: string; handle: string } }): Promise<void> {
  const rows = await notificationsRepository.idsAbout(ctx.db, type, about.group.id, about.rider.id);
  await notificationsRepository.deleteByIds(
    ctx.db,
    rows.map((r) => r.id),
  );
  const subject = { groupId: about.group.id, groupSlug: about.group.slug, groupName: about.group.name, riderHandle: about.rider.handle };
  for (const row of rows) {
    const removed: NotificationRemoved = { id: row.id, type, subject };
    await push(ctx, notificationRemovedTopic(row.user_id), removed);
  }
}

/** Marks read the notifications of a type about one group and rider (the owner acted on the request they announced). */
export async function settleNotifications(ctx: NotifyContext, type: string, groupId: string, riderId: string): Promise<void> {
  const rows = await notificationsRepository.idsAbout(ctx.db, type, groupId, riderId);
  await notificationsRepository.markReadByIds(
    ctx.db,
    rows.map((r) => r.id),
  );
}

export async function listNotifications(ctx: AppContext, userId: string): Promise<Notification[]> {
  const rows = await notificationsRepository.listForUser(ctx.db, userId);
  return rows.map(presentNotification);
}

export async function markNotificationRead(ctx: AppContext, userId: string, id: string): Promise<void> {
  // Someone else's notification answers exactly like a missing one.
  if (!(await notificationsRepository.markRead(ctx.db, id, userId))) throw notFound('Notification not found');
}

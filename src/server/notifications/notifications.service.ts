import type { AppContext } from '../context';
import type { Notification, NotificationRemoved } from '../../shared/notifications/notification';
import { nowIso, toCount } from '../db/database';
import { newId } from '../platform/tokens';
import { notFound } from '../platform/errors';
import { notificationsRepository } from './notifications.repository';
import { presentNotification } from './notifications.presenter';
import { pushToDevices } from '../push/push.service';

/** The bus topic on which a user's new notifications travel to their open pages. */
export const notificationTopic = (userId: string) => `notifications:${userId}`;

/** The bus topic on which a user's open pages hear that a notification was taken back (`NotificationRemoved`). */
export const notificationRemovedTopic = (userId: string) => `notifications-removed:${userId}`;

/**
 * What a notification is about (migrations 015 and 019): a group, a ride (with its group), the
 * rider it concerns. Stored as ids, so the list always names them as they are called now, and a
 * deleted ride or group takes its notifications with it.
 */
export interface NotificationAbout {
  groupId?: string | null;
  rideId?: string | null;
  riderId?: string | null;
}

type NotifyContext = Pick<AppContext, 'db' | 'bus' | 'log' | 'config' | 'pushAgent'>;

function aboutColumns(about: NotificationAbout | undefined) {
  return { subject_group_id: about?.groupId ?? null, subject_user_id: about?.riderId ?? null, subject_ride_id: about?.rideId ?? null };
}

/** The stored notification as the list shows it, pushed to every page the rider has open. */
async function pushStored(ctx: NotifyContext, userId: string, id: string): Promise<Notification | undefined> {
  const row = await notificationsRepository.findWithSubject(ctx.db, id);
  if (!row) return undefined;
  const notification = presentNotification(row);
  await push(ctx, notificationTopic(userId), notification);
  return notification;
}

/**
 * The one way any domain tells a rider something: stores the notification, then pushes it to every
 * page the rider has open (through the event bus, so it reaches them on any app process).
 * Delivery is best effort: the stored row is the truth, and the list shows it on the next load.
 * `about` names what it concerns, so the client can name it and open it.
 */
export async function notify(ctx: NotifyContext, userId: string, type: string, title: string, message: string, about?: NotificationAbout): Promise<Notification | undefined> {
  const id = newId();
  await notificationsRepository.insert(ctx.db, { id, user_id: userId, type, title, message, created_at: nowIso(), ...aboutColumns(about) });
  const notification = await pushStored(ctx, userId, id);
  // Until the outbox (issue 30 point 2): the rider's devices with push on get it too (push/push.service.ts).
  if (notification) await pushToDevices(ctx, userId, notification);
  return notification;
}

/**
 * Files uploaded by one rider to one ride or group: counted into the recipient's unread
 * notification of them ("Ana uploaded 13 files to Futa Pass Loop"), or a new one when there is
 * none; the stream then carries the notification with its new count and time (same id).
 * `at` is the upload's time, so deleting that file later finds the notifications that counted it.
 */
export async function notifyUpload(
  ctx: NotifyContext,
  userId: string,
  upload: { uploaderId: string; rideId: string | null; groupId: string | null; at: string; title: string; message: string },
): Promise<Notification | undefined> {
  const { id } = await notificationsRepository.upsertGrouped(ctx.db, {
    id: newId(),
    user_id: userId,
    type: 'media_uploaded',
    title: upload.title,
    message: upload.message,
    created_at: upload.at,
    group_key: `media:${upload.uploaderId}:${upload.rideId ?? upload.groupId ?? ''}`,
    ...aboutColumns({ groupId: upload.groupId, rideId: upload.rideId, riderId: upload.uploaderId }),
  });
  return pushStored(ctx, userId, id);
}

async function push(ctx: NotifyContext, topic: string, payload: unknown): Promise<void> {
  try {
    await ctx.bus.publish(topic, payload);
  } catch (error) {
    ctx.log.warn({ err: error }, 'notification stored but not pushed');
  }
}

/** Deletes notifications and tells their recipients' open pages, which drop them and refresh what they show. */
async function removeAndTell(ctx: NotifyContext, rows: Array<{ id: string; user_id: string }>): Promise<void> {
  const told: Array<{ user: string; removed: NotificationRemoved }> = [];
  for (const row of rows) {
    const stored = await notificationsRepository.findWithSubject(ctx.db, row.id);
    if (!stored) continue;
    const { subject } = presentNotification(stored);
    told.push({ user: row.user_id, removed: { id: row.id, type: stored.type, ...(subject && { subject }) } });
  }
  await notificationsRepository.deleteByIds(
    ctx.db,
    rows.map((r) => r.id),
  );
  for (const { user, removed } of told) await push(ctx, notificationRemovedTopic(user), removed);
}

/**
 * Takes back the notifications of a type about one group and rider (a membership request the rider
 * withdrew before a decision; a member who joined and left again): they are deleted, and the
 * recipients' open pages are told.
 */
export async function retractNotifications(ctx: NotifyContext, type: string, groupId: string, riderId: string): Promise<void> {
  await removeAndTell(ctx, await notificationsRepository.idsAbout(ctx.db, type, groupId, riderId));
}

/** An uploaded file was deleted: the notifications that counted it count one less, and go when they count none. */
export async function retractUpload(ctx: NotifyContext, upload: { uploaderId: string; rideId: string | null; groupId: string | null; createdAt: string }): Promise<void> {
  const rows = await notificationsRepository.uncountUpload(ctx.db, upload);
  await removeAndTell(
    ctx,
    rows.filter((r) => toCount(r.item_count) <= 0),
  );
  // The rest are pushed with their new count (the open list and toast say it; no new toast for a smaller count).
  for (const row of rows.filter((r) => toCount(r.item_count) > 0)) await pushStored(ctx, row.user_id, row.id);
}

/** Marks read the notifications of a type about one group and rider (the owner acted on the request they announced), and tells their open pages. */
export async function settleNotifications(ctx: NotifyContext, type: string, groupId: string, riderId: string): Promise<void> {
  const rows = await notificationsRepository.idsAbout(ctx.db, type, groupId, riderId);
  await notificationsRepository.markReadByIds(
    ctx.db,
    rows.map((r) => r.id),
  );
  // The recipient's open pages hear it read (the bell's count drops); a read one is never toasted.
  for (const row of rows) await pushStored(ctx, row.user_id, row.id);
}

export async function listNotifications(ctx: AppContext, userId: string): Promise<Notification[]> {
  const rows = await notificationsRepository.listForUser(ctx.db, userId);
  return rows.map(presentNotification);
}

export async function markNotificationRead(ctx: AppContext, userId: string, id: string): Promise<void> {
  // Someone else's notification answers exactly like a missing one.
  if (!(await notificationsRepository.markRead(ctx.db, id, userId))) throw notFound('Notification not found');
}

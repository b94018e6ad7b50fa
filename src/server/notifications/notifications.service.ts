import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import type { Notification, NotificationRemoved } from '../../shared/notifications/notification';
import type { NotificationParams, NotificationType } from '../../shared/notifications/notification-types';
import { nowIso, toCount } from '../db/database';
import { enqueueDeliveries } from '../deliveries/outbox.service';
import { isKnownZone } from '../../shared/timezones/zoned-time';
import { newId } from '../platform/tokens';
import { notFound } from '../platform/errors';
import { notificationsRepository } from './notifications.repository';
import { presentNotification } from './notifications.presenter';
import { i18nFor, i18nOfUserId } from '../i18n/i18n.service';

/**
 * The clock a rider or a ride is told on: its IANA zone (`timezone`; every row has one since
 * migration 034, and the server takes only zones it knows), else UTC.
 */
export function zoneOf(row: { timezone?: string | null }): string {
  return row.timezone && isKnownZone(row.timezone) ? row.timezone : 'UTC';
}

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
  // A type the rider switched off in the app reaches no open page (its mail and push follow their own switches).
  if (!row || (await notificationsRepository.hiddenInApp(ctx.db, userId, row.type))) return undefined;
  // Written in the language of its recipient, whoever caused it.
  const notification = presentNotification(row, await i18nOfUserId(ctx.db, userId));
  await push(ctx, notificationTopic(userId), notification);
  return notification;
}

type Executor = Kysely<Database> | Transaction<Database>;

/** What a domain tells: its type, the parameters its texts are written from, what it is about. */
export interface News<T extends NotificationType> {
  type: T;
  params: NotificationParams[T];
  about?: NotificationAbout;
  /**
   * What happened, the same for every recipient ("ride_cancelled:{ride}:{sequence}"), so its mails
   * and pushes go out once however often it is recorded; by default each notification is its own event.
   */
  eventKey?: string;
}

/** Notifications recorded in a transaction, to be pushed to open pages once it commits. */
export type Told = Array<{ userId: string; id: string }>;

/**
 * The one way any domain tells riders something, in `db`: the transaction of what caused it. One
 * notification per recipient (its type and parameters; the texts are written when it is shown),
 * and their mails and pushes in the outbox, so that what commits is delivered even if the process
 * dies right after, and what rolls back tells nobody. Push the result with `publishNotifications`
 * after the commit.
 */
export async function recordNotifications<T extends NotificationType>(db: Executor, recipients: string[], news: News<T>): Promise<Told> {
  const told: Told = [];
  const createdAt = nowIso();
  for (const userId of recipients) {
    const id = newId();
    await notificationsRepository.insert(db, { id, user_id: userId, type: news.type, title: '', message: '', params: JSON.stringify(news.params), created_at: createdAt, ...aboutColumns(news.about) });
    told.push({ userId, id });
  }
  await enqueueDeliveries(db, {
    type: news.type,
    params: news.params,
    rideId: news.about?.rideId ?? null,
    recipients: told.map(({ userId, id }) => ({ userId, notificationId: id })),
    eventKey: news.eventKey ?? `notification:${told[0]?.id ?? ''}`,
  });
  return told;
}

/**
 * After the commit: each recorded notification to every page its rider has open (through the event
 * bus, so it reaches them on any app process). Best effort: the stored row is the truth.
 */
export async function publishNotifications(ctx: NotifyContext, told: Told): Promise<void> {
  for (const { userId, id } of told) await pushStored(ctx, userId, id);
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
  upload: { uploaderId: string; rideId: string | null; groupId: string | null; at: string; params: NotificationParams['media_uploaded'] },
): Promise<Notification | undefined> {
  const { id } = await notificationsRepository.upsertGrouped(ctx.db, {
    id: newId(),
    user_id: userId,
    type: 'media_uploaded',
    title: '',
    message: '',
    params: JSON.stringify(upload.params),
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

/** Notifications removed in a transaction, to tell their open pages once it commits (`publishRetracted`). */
export type Retracted = Array<{ user: string; removed: NotificationRemoved }>;

/** Deletes notifications, and says what their recipients' open pages must drop. */
async function removeRows(db: Executor, rows: Array<{ id: string; user_id: string }>): Promise<Retracted> {
  const retracted: Retracted = [];
  for (const row of rows) {
    const stored = await notificationsRepository.findWithSubject(db, row.id);
    if (!stored) continue;
    const { subject } = presentNotification(stored, await i18nFor(null));
    retracted.push({ user: row.user_id, removed: { id: row.id, type: stored.type, ...(subject && { subject }) } });
  }
  await notificationsRepository.deleteByIds(
    db,
    rows.map((r) => r.id),
  );
  return retracted;
}

/** Tells the open pages of notifications removed in a committed transaction; they drop them and refresh what they show. */
export async function publishRetracted(ctx: NotifyContext, retracted: Retracted): Promise<void> {
  for (const { user, removed } of retracted) await push(ctx, notificationRemovedTopic(user), removed);
}

async function removeAndTell(ctx: NotifyContext, rows: Array<{ id: string; user_id: string }>): Promise<void> {
  await publishRetracted(ctx, await removeRows(ctx.db, rows));
}

/** `retractNotifications` inside the caller's transaction; its open pages are told after the commit (`publishRetracted`). */
export async function recordRetraction(db: Executor, type: string, groupId: string, riderId: string): Promise<Retracted> {
  return removeRows(db, await notificationsRepository.idsAbout(db, type, groupId, riderId));
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
  const i18n = await i18nOfUserId(ctx.db, userId);
  return rows.map((row) => presentNotification(row, i18n));
}

export async function markNotificationRead(ctx: AppContext, userId: string, id: string): Promise<void> {
  // Someone else's notification answers exactly like a missing one.
  if (!(await notificationsRepository.markRead(ctx.db, id, userId))) throw notFound('notification_not_found');
}

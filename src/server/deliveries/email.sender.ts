import type { AppContext } from '../context';
import { notificationsRepository, type NotificationListRow } from '../notifications/notifications.repository';
import { zoneOf } from '../notifications/notifications.service';
import { ridesRepository } from '../rides/rides.repository';
import { rideInvitation } from '../calendar/calendar.service';
import { i18nOfUser } from '../i18n/i18n.service';
import { defaultChannelOn, isNotificationType, notificationLabel, notificationTypes, renderNotification, type CurrentNames, type DigestItem, type NotificationType, type NotificationTypeDefinition } from '../../shared/notifications/notification-types';
import { toBool } from '../db/database';
import { channelSettingsRepository } from './channel-settings.repository';
import { deliveriesRepository } from './deliveries.repository';
import { composeNotificationMail } from './notification-mail';
import { unsubscribeToken } from './unsubscribe-token';
import { reminderStillDue } from '../rides/reminder-deliveries';
import type { ClaimedDelivery, DeliverySender } from './deliveries.worker';
import { withRepeatWords } from '../../shared/series/series-label-text';

/** At most this many notification mails a rider gets in 24 hours (issue 30 point 5); the rest stay in the app. */
export const MAILS_PER_DAY = 50;
const DAY_MS = 86_400_000;

/** The unsubscribe link of a mail: GET shows a confirmation page, POST (RFC 8058 one-click) switches the type off. */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/notifications/unsubscribe/${token}`;
}

/** Where the rider switches notification mails: the Preferences page. */
function settingsUrl(publicUrl: string): string {
  return `${publicUrl}/preferences#notifications`;
}

interface Subject {
  current: CurrentNames;
  rideId: string | null;
  groupSlug: string | null;
  opened: boolean;
}

/** The names a notification's subject is called by now; none when it is gone (the stored names stand in). */
function currentNames(row: NotificationListRow | undefined): CurrentNames {
  return { ride: row?.subject_ride_name ?? null, group: row?.subject_group_name ?? row?.subject_ride_group_name ?? null, rider: row?.subject_user_handle ?? null };
}

/** What the notification is about, named as it is called now; the stored parameters stand in for what is gone. */
async function subjectOf(ctx: AppContext, delivery: ClaimedDelivery): Promise<Subject> {
  const row = delivery.notificationId ? await notificationsRepository.findWithSubject(ctx.db, delivery.notificationId) : undefined;
  return {
    current: currentNames(row),
    rideId: row?.subject_ride_id ?? delivery.rideId,
    groupSlug: row?.subject_group_slug ?? row?.subject_ride_group_slug ?? null,
    opened: row ? toBool(row.is_read) : false,
  };
}

/** Whether the rider has `type` on by e-mail: the default left on, or a type off by default (a comment) switched on. */
async function emailSwitchedOn(ctx: AppContext, userId: string, type: NotificationType): Promise<boolean> {
  const byDefault = defaultChannelOn(type, 'email');
  const switched = (await channelSettingsRepository.usersWith(ctx.db, [userId], type, 'email', !byDefault)).size > 0;
  return byDefault !== switched;
}

/** A digest's items whose type the rider still has on by e-mail (one switched off since, by its mail's link or in Preferences, drops out). */
async function digestItemsStillOn(ctx: AppContext, delivery: ClaimedDelivery): Promise<Array<DigestItem & { type: NotificationType }>> {
  const items = Array.isArray(delivery.params.items) ? (delivery.params.items as DigestItem[]) : [];
  const on = new Map<string, boolean>();
  const kept: Array<DigestItem & { type: NotificationType }> = [];
  for (const item of items) {
    if (!isNotificationType(item.type)) continue;
    if (!on.has(item.type)) on.set(item.type, await emailSwitchedOn(ctx, delivery.userId, item.type));
    if (on.get(item.type)) kept.push({ ...item, type: item.type });
  }
  return kept;
}

/**
 * Sends one notification mail, or skips it when there is no longer a reason to: the rider has no
 * address, paused mail or switched the type off since it was written, already opened the
 * notification in the app, or had the day's mails. Message-ID is the delivery's, so a mail sent
 * again after a crash is known as the same mail; References names the ride, so one ride's mails
 * thread together.
 */
export const emailSender: DeliverySender = {
  async send(ctx, delivery) {
    const rider = await deliveriesRepository.mailRecipient(ctx.db, delivery.userId);
    if (!rider?.email || toBool(rider.email_paused)) return 'skipped';
    const definition: NotificationTypeDefinition = notificationTypes[delivery.type];
    // A digest has no switch of its own: it carries the items whose type is still on by e-mail.
    const digestItems = definition.gathers ? await digestItemsStillOn(ctx, delivery) : undefined;
    if (digestItems ? digestItems.length === 0 : !(await emailSwitchedOn(ctx, delivery.userId, delivery.type))) return 'skipped';
    const subject = await subjectOf(ctx, delivery);
    // Opened in the app already: the rider knows (being active in the app is not enough: the row must be read).
    if (subject.opened) return 'skipped';
    // A reminder is sent only to a rider still holding a seat, and never after the start (a retry).
    const reminded = delivery.type === 'ride_reminder_due' ? await reminderStillDue(ctx, delivery) : undefined;
    if (reminded === null) return 'skipped';
    if ((await deliveriesRepository.sentSince(ctx.db, delivery.userId, 'email', new Date(Date.now() - DAY_MS).toISOString())) >= MAILS_PER_DAY) return 'skipped';

    // In the language of the rider it goes to, never the one of the rider who caused it.
    const i18n = await i18nOfUser(rider);
    const { publicUrl, appName } = ctx.config;
    const host = new URL(publicUrl).host;
    const ride = reminded ?? (subject.rideId ? await ridesRepository.findById(ctx.db, subject.rideId) : undefined);
    // A digest counts the items it still carries.
    const params = digestItems ? { ...delivery.params, count: digestItems.length } : delivery.params;
    // A delivery without an in-app notification (a reminder) names the ride as it is called now too.
    const { title, message } = renderNotification(i18n, delivery.type, withRepeatWords(i18n, delivery.type, params), { ...subject.current, ride: subject.current.ride ?? ride?.name ?? null });
    const link =
      definition.opens === 'ride' && subject.rideId
        ? { url: `${publicUrl}/rides/${encodeURIComponent(subject.rideId)}`, label: i18n._(/*i18n*/ { id: 'mail.notification.open_ride', message: 'Open the ride' }) }
        : subject.groupSlug && (definition.opens === 'group' || definition.opens === 'member')
          ? { url: `${publicUrl}/groups/${encodeURIComponent(subject.groupSlug)}`, label: i18n._(/*i18n*/ { id: 'mail.notification.open_group', message: 'Open the group' }) }
          : { url: `${publicUrl}/`, label: i18n._(/*i18n*/ { id: 'mail.notification.open_app', message: 'Open {app}', values: { app: appName } }) };
    const token = await unsubscribeToken(ctx.db, delivery.userId, delivery.type);
    // A digest lists its items, each written as its own mail would say it: with today's names (the stored ones for what is gone).
    const items = digestItems && (await Promise.all(digestItems.map(async (item) => renderNotification(i18n, item.type, withRepeatWords(i18n, item.type, item.params), currentNames(item.notificationId ? await notificationsRepository.findWithSubject(ctx.db, item.notificationId) : undefined)).message)));
    const mail = composeNotificationMail(i18n, {
      appName,
      title,
      message,
      link,
      rideStart: ride ? { at: ride.start_date, rideZone: zoneOf(ride), riderZone: zoneOf(rider), cancelled: ride.status === 'cancelled' } : undefined,
      items,
      typeLabel: notificationLabel(i18n, delivery.type),
      settingsUrl: settingsUrl(publicUrl),
      unsubscribeUrl: unsubscribeUrl(publicUrl, token),
    });
    // A rider holding a seat gets the ride as an invitation their calendar applies at once.
    const holdsSeat = ride ? await ridesRepository.isParticipant(ctx.db, ride.id, delivery.userId) : false;
    const invitation = ride && holdsSeat ? await rideInvitation(ctx, i18n, ride.id) : null;
    const thread = subject.rideId ? `<ride-${subject.rideId}@${host}>` : undefined;
    await ctx.mailer.send({
      to: rider.email,
      ...mail,
      messageId: `<delivery-${delivery.id}@${host}>`,
      ...(thread && { references: thread, inReplyTo: thread }),
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl(publicUrl, token)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'Auto-Submitted': 'auto-generated',
      },
      ...(invitation && { icalEvent: { method: invitation.method, filename: 'ride.ics', content: invitation.text } }),
    });
    return 'sent';
  },
};

import type { DeliverySender } from '../deliveries/deliveries.worker';
import { notificationsRepository } from '../notifications/notifications.repository';
import { presentNotification } from '../notifications/notifications.presenter';
import { notificationTexts } from '../../shared/notifications/notification';
import { pushDeliveryOptions } from './push-options';
import { pushRepository } from './push.repository';
import { pushMessageOf, sendPush } from './push.service';
import { reminderStillDue } from '../rides/reminder-deliveries';
import { renderNotification } from '../../shared/notifications/notification-types';
import type { PushMessage } from '../../shared/push/push';
import type { ClaimedDelivery } from '../deliveries/deliveries.worker';
import type { AppContext } from '../context';
import type { I18n } from '@lingui/core';
import { i18nOfUserId } from '../i18n/i18n.service';

/**
 * A reminder (issue 30 point 6) has no in-app notification: its words are written from its
 * parameters with the ride's name today, its tap opens the ride, and one push per ride and choice
 * replaces the last on the device. Undefined when there is nothing to remind of any more.
 */
async function reminderMessage(ctx: AppContext, delivery: ClaimedDelivery, i18n: I18n): Promise<PushMessage | undefined> {
  const ride = await reminderStillDue(ctx, delivery);
  if (!ride) return undefined;
  const { title, message } = renderNotification(i18n, delivery.type, delivery.params, { ride: ride.name });
  return { title, body: message, url: `/rides/${encodeURIComponent(ride.id)}`, tag: `reminder-${ride.id}` };
}

/**
 * The outbox's push channel: one delivery row per rider and event, sent to each of the rider's
 * devices with push on, written when sent with today's names. A device the push service no longer
 * knows (404, 410) is removed by sendPush; another failure throws, and the worker tries the row again.
 * Each device the push service took it for is recorded at once (push_sent), and a retry skips it, so
 * a device gets the push once; only a worker killed between a send and its record may send that one
 * device's push again (at least once, as the platforms allow). The records go when the row settles.
 */
export const pushSender: DeliverySender = {
  async send(ctx, delivery) {
    const subscriptions = await pushRepository.listForUser(ctx.db, delivery.userId, new Date().toISOString());
    if (subscriptions.length === 0) return 'skipped';
    // In the language of the rider it goes to, never the one of the rider who caused it.
    const i18n = await i18nOfUserId(ctx.db, delivery.userId);
    let message: PushMessage | undefined;
    if (delivery.type === 'ride_reminder_due') message = await reminderMessage(ctx, delivery, i18n);
    else {
      const row = delivery.notificationId ? await notificationsRepository.findWithSubject(ctx.db, delivery.notificationId) : undefined;
      const notification = row && presentNotification(row, i18n);
      message = notification && pushMessageOf({ ...notification, ...notificationTexts(i18n, notification) });
    }
    if (!message) return 'skipped';
    const startAt = typeof delivery.params.startAt === 'string' ? new Date(delivery.params.startAt) : null;
    const options = pushDeliveryOptions(delivery.type, { now: new Date(), rideStartsAt: startAt });
    const sentBefore = await pushRepository.sentTo(ctx.db, delivery.id);
    let sent = false;
    for (const subscription of subscriptions) {
      if (sentBefore.has(subscription.id)) sent = true;
      else if ((await sendPush(ctx, subscription, message, options)) === 'sent') {
        await pushRepository.markSent(ctx.db, delivery.id, subscription.id);
        sent = true;
      }
    }
    return sent ? 'sent' : 'skipped';
  },
};

import type { DeliverySender } from '../deliveries/deliveries.worker';
import { notificationsRepository } from '../notifications/notifications.repository';
import { presentNotification } from '../notifications/notifications.presenter';
import { notificationTexts } from '../../shared/notifications/notification';
import { pushDeliveryOptions } from './push-options';
import { pushRepository } from './push.repository';
import { pushMessageOf, sendPush } from './push.service';

/**
 * The outbox's push channel: one delivery row per rider and event, sent to each of the rider's
 * devices with push on, written when sent with today's names. A device the push service no longer
 * knows (404, 410) is removed by sendPush; another failure throws, and the worker tries the row again
 * (a device that took the first try may then get it twice: at least once, as the platforms allow).
 */
export const pushSender: DeliverySender = {
  async send(ctx, delivery) {
    const subscriptions = await pushRepository.listForUser(ctx.db, delivery.userId, new Date().toISOString());
    const row = delivery.notificationId ? await notificationsRepository.findWithSubject(ctx.db, delivery.notificationId) : undefined;
    if (subscriptions.length === 0 || !row) return 'skipped';
    const notification = presentNotification(row);
    const message = pushMessageOf({ ...notification, ...notificationTexts(notification) });
    const startAt = typeof delivery.params.startAt === 'string' ? new Date(delivery.params.startAt) : null;
    const options = pushDeliveryOptions(delivery.type, { now: new Date(), rideStartsAt: startAt });
    let sent = false;
    for (const subscription of subscriptions) {
      if ((await sendPush(ctx, subscription, message, options)) === 'sent') sent = true;
    }
    return sent ? 'sent' : 'skipped';
  },
};

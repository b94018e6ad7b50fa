import { pushRepository } from '../push/push.repository';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../platform/tokens';
import { channelOffered, defaultChannelOn, type DeliveryChannel, type NotificationParams, type NotificationType } from '../../shared/notifications/notification-types';
import { deliveriesRepository } from './deliveries.repository';
import { COALESCED_TYPES, SOON_MS } from './coalesced-types';

export { COALESCE_MS, COMMENT_COALESCE_MS, SOON_MS } from './coalesced-types';
import { channelSettingsRepository } from './channel-settings.repository';
import { heldForDigest } from './digests';

/*
 * The outbox (issue 30 point 2): every mail or push to send is a `deliveries` row written in the
 * same transaction as what caused it, so what commits is sent even if the process dies right after
 * (a worker on any server claims it: deliveries.worker.ts), and what rolls back sends nothing.
 * No notification mail is sent inside a request.
 */

type Executor = Kysely<Database> | Transaction<Database>;

/** Something that happened, told to some riders: what the outbox needs to send it on every channel. */
export interface OutboxEvent<T extends NotificationType = NotificationType> {
  type: T;
  params: NotificationParams[T];
  /** Each recipient, with the in-app notification that told them (a mail of one already opened is not sent). */
  recipients: Array<{ userId: string; notificationId: string | null }>;
  /**
   * What happened, the same for every recipient, so an event enqueued twice is sent once:
   * "ride_cancelled:{ride}:{sequence}". Each change of a ride is its own event.
   */
  eventKey: string;
  /** The ride it is about (threading, the calendar attachment). */
  rideId?: string | null;
}

/**
 * Who of `userIds` can be reached by a channel at all. E-mail: a confirmed address and mail not
 * paused (a guest has no address). Push is for the push sender to say (riders with a device
 * subscribed); until it does, nobody.
 */
export const channelAudience: Record<DeliveryChannel, (db: Executor, userIds: string[]) => Promise<Set<string>>> = {
  email: (db, userIds) => channelSettingsRepository.mailable(db, userIds),
  push: (db, userIds) => pushRepository.withDevices(db, userIds, new Date().toISOString()),
};

/** Whose switch of `type` on `channel` is on: the default, unless they set it otherwise. */
async function switchedOn(db: Executor, userIds: string[], type: NotificationType, channel: DeliveryChannel): Promise<string[]> {
  const byDefault = defaultChannelOn(type, channel);
  const changed = await channelSettingsRepository.usersWith(db, userIds, type, channel, !byDefault);
  return userIds.filter((id) => changed.has(id) !== byDefault);
}

/** When a delivery is due: a change of a ride waits for more changes, unless the ride is soon. */
function dueAt(type: NotificationType, params: Record<string, unknown>, now: number): string {
  const startsAt = typeof params.startAt === 'string' ? Date.parse(params.startAt) : Number.NaN;
  const soon = Number.isFinite(startsAt) && startsAt - now <= SOON_MS;
  const wait = COALESCED_TYPES[type];
  return new Date(wait !== undefined && !soon ? now + wait : now).toISOString();
}

/**
 * Writes the deliveries of one event in `db`, the transaction of what caused it: one row per
 * channel the type offers and recipient who can be reached by it and has it switched on. The key
 * `{channel}:{rider}:{event}` is unique; a coalesced row ("Ride changed", a comment) still waiting takes
 * the newest parameters instead of adding a second mail.
 */
export async function enqueueDeliveries<T extends NotificationType>(db: Executor, event: OutboxEvent<T>, now = Date.now()): Promise<void> {
  const userIds = [...new Set(event.recipients.map((r) => r.userId))];
  if (userIds.length === 0) return;
  const params = event.params as Record<string, unknown>;
  const coalesce = COALESCED_TYPES[event.type] !== undefined;
  for (const channel of Object.keys(channelAudience) as DeliveryChannel[]) {
    if (!channelOffered(event.type, channel)) continue;
    const reachable = await channelAudience[channel](db, userIds);
    const wanting = new Set(await switchedOn(db, [...reachable], event.type, channel));
    // Riders who take this type as a digest: their mail is held until the digest's time (digests.ts).
    const held = channel === 'email' ? await heldForDigest(db, [...wanting], event.type, now) : new Map<string, string>();
    for (const { userId, notificationId } of event.recipients) {
      if (!wanting.has(userId)) continue;
      const digestAt = held.get(userId);
      await deliveriesRepository.insert(
        db,
        {
          id: newId(),
          channel,
          user_id: userId,
          type: event.type,
          params: JSON.stringify(params),
          notification_id: notificationId,
          ride_id: event.rideId ?? null,
          // A coalesced change is keyed by the ride alone while it waits (the key gains the row's id once sent).
          dedupe_key: `${channel}:${userId}:${coalesce && event.rideId ? `${event.type}:${event.rideId}` : event.eventKey}`,
          due_at: digestAt ?? dueAt(event.type, params, now),
          created_at: new Date(now).toISOString(),
          ...(digestAt && { state: 'held' as const }),
        },
        coalesce,
      );
    }
  }
}

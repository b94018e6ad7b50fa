import type { AppContext } from '../context';
import type { DeliveryChannel, NotificationType } from '../../shared/notifications/notification-types';
import { isNotificationType } from '../../shared/notifications/notification-types';
import { deliveriesRepository, type DeliveryRow } from './deliveries.repository';

/*
 * The workers of the outbox (issue 30 point 2): every server runs them; each claims due rows in
 * one statement (deliveriesRepository.claimDue), sends them through the sender of their channel,
 * and settles them. A failure is tried again with exponential backoff (1, 2, 4... minutes, at most
 * an hour apart) for a day, then recorded as failed (`npm run deliveries` lists them).
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** How long a claim holds: a worker killed mid-send leaves its rows to others after this. */
export const LEASE_MS = 5 * MINUTE_MS;

/** One claimed delivery, as a sender gets it. */
export interface ClaimedDelivery {
  id: string;
  channel: DeliveryChannel;
  userId: string;
  type: NotificationType;
  params: Record<string, unknown>;
  notificationId: string | null;
  rideId: string | null;
  /** This attempt's number, 1 for the first. */
  attempt: number;
  createdAt: string;
}

/**
 * A channel's sender. It returns 'sent', or 'skipped' when there is nothing to send any more (the
 * rider switched the type off or paused mail since, has no address or device, already opened the
 * notification). A thrown error is tried again later; a `PermanentDeliveryError` is not.
 */
export interface DeliverySender {
  send(ctx: AppContext, delivery: ClaimedDelivery): Promise<'sent' | 'skipped'>;
}

/** A failure that another attempt cannot mend (the address refused for good, a push subscription gone). */
export class PermanentDeliveryError extends Error {}

export type DeliverySenders = Partial<Record<DeliveryChannel, DeliverySender>>;

/** When attempt `n` (1-based) failed: the next try, or null once a day has passed since the row was written. */
export function nextAttemptAt(createdAt: string, attempt: number, now: number): string | null {
  const delay = Math.min(MINUTE_MS * 2 ** Math.max(0, attempt - 1), 60 * MINUTE_MS);
  const next = now + delay;
  return next - Date.parse(createdAt) > DAY_MS ? null : new Date(next).toISOString();
}

function claimed(row: DeliveryRow): ClaimedDelivery | null {
  if (!isNotificationType(row.type) || (row.channel !== 'email' && row.channel !== 'push')) return null;
  let params: Record<string, unknown>;
  try {
    params = JSON.parse(row.params) as Record<string, unknown>;
  } catch {
    return null;
  }
  return { id: row.id, channel: row.channel, userId: row.user_id, type: row.type, params, notificationId: row.notification_id, rideId: row.ride_id, attempt: Number(row.attempts), createdAt: row.created_at };
}

export interface DeliveryRun {
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
}

/**
 * Claims and sends the due deliveries of the channels `senders` has, a batch at a time, until none
 * is due. Safe to run at once in every process of every server: each row is claimed by one.
 */
export async function runDueDeliveries(ctx: AppContext, senders: DeliverySenders, options: { now?: () => number; batch?: number } = {}): Promise<DeliveryRun> {
  const now = options.now ?? Date.now;
  const channels = Object.keys(senders);
  const run: DeliveryRun = { sent: 0, skipped: 0, retried: 0, failed: 0 };
  if (channels.length === 0) return run;
  for (;;) {
    const at = now();
    const rows = await deliveriesRepository.claimDue(ctx.db, ctx.engine, new Date(at).toISOString(), new Date(at + LEASE_MS).toISOString(), options.batch ?? 20, channels);
    if (rows.length === 0) return run;
    for (const row of rows) {
      const delivery = claimed(row);
      const sender = delivery && senders[delivery.channel];
      if (!delivery || !sender) {
        await deliveriesRepository.settle(ctx.db, row, { state: 'failed', at: new Date(now()).toISOString(), error: `unknown type or channel: ${row.type} by ${row.channel}` });
        run.failed++;
        continue;
      }
      try {
        const outcome = await sender.send(ctx, delivery);
        await deliveriesRepository.settle(ctx.db, row, { state: outcome, at: new Date(now()).toISOString() });
        run[outcome]++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const retryAt = error instanceof PermanentDeliveryError ? null : nextAttemptAt(row.created_at, delivery.attempt, now());
        if (retryAt) {
          await deliveriesRepository.retryLater(ctx.db, row, retryAt, message);
          run.retried++;
        } else {
          await deliveriesRepository.settle(ctx.db, row, { state: 'failed', at: new Date(now()).toISOString(), error: message });
          run.failed++;
        }
        ctx.log.warn({ delivery: row.id, channel: row.channel, attempt: delivery.attempt, err: error }, retryAt ? 'delivery failed; tried again later' : 'delivery failed for good');
      }
    }
  }
}

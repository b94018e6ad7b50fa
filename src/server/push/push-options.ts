import type { PushUrgency } from '../../shared/push/push';

/** How long a push service keeps trying a device, and how urgently it wakes it (RFC 8030 5.2, 5.3). */
export interface PushDeliveryOptions {
  ttlSeconds: number;
  urgency: PushUrgency;
}

const DAY_SECONDS = 24 * 3600;

/**
 * Types a rider must hear of at once, even on a phone saving its battery: the ride is off, or a
 * seat is theirs (or free) now.
 */
const URGENT_TYPES: ReadonlySet<string> = new Set(['ride_cancelled', 'waitlist_seat_taken', 'waitlist_seat_free', 'ride_below_minimum']);
/** Types that can wait for the device's next wake-up. */
const LOW_TYPES: ReadonlySet<string> = new Set(['media_uploaded', 'profile_updated', 'member_joined']);

/**
 * The TTL and urgency of a push by notification type (issue 30 point 8). A reminder expires at the
 * ride's start (a reminder after it is noise); the rest are worth a day. When the closed list of
 * notification types arrives, these two belong in each type's entry, and this reads them there.
 */
export function pushDeliveryOptions(type: string, context: { now: Date; rideStartsAt?: Date | null }): PushDeliveryOptions {
  if ((type === 'ride_reminder' || type === 'ride_reminder_due') && context.rideStartsAt) {
    const untilStart = Math.floor((context.rideStartsAt.getTime() - context.now.getTime()) / 1000);
    return { ttlSeconds: Math.max(0, Math.min(untilStart, DAY_SECONDS)), urgency: 'normal' };
  }
  if (URGENT_TYPES.has(type)) return { ttlSeconds: DAY_SECONDS, urgency: 'high' };
  return { ttlSeconds: DAY_SECONDS, urgency: LOW_TYPES.has(type) ? 'low' : 'normal' };
}

import type { AppContext } from '../context';
import { enqueueDeliveries } from '../deliveries/outbox.service';
import { zoneOf } from '../notifications/notifications.service';
import { isKnownZone, instantToLocal, repeatedLocalToInstant } from '../../shared/timezones/zoned-time';
import { readPreferences, type ReminderTime } from '../../shared/users/preferences';
import { addDays } from '../../shared/series/series-rule';
import { ridesRepository, type RideRow } from './rides.repository';

/*
 * Reminders by e-mail and push (issue 30 point 6), at the times each rider chose in Preferences:
 * the evening before (18:00 on the rider's clock), the morning of (07:00), 2 hours before. The
 * spec's in-app reminders ("Ride Tomorrow!", reminders.ts) stay as they are; these go through the
 * outbox only. Every seat holder (not the waitlist: a rider waiting does not ride) is reminded once
 * per ride and choice: the delivery's key names rider, ride and choice, so a second run, on this
 * server or another, adds nothing. A repeating ride's occurrences are rides of their own.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How late a reminder may still leave after its time: a run missed by a restart still reminds, but
 * a rider who joins at 20:00 the evening before a 09:00 ride is not sent the 18:00 reminder, and one
 * who joins ten minutes before the start gets none of the earlier ones.
 */
export const REMINDER_GRACE_MS = HOUR_MS;

/** How far ahead a seat can have a reminder due: the evening before, seen from any zone. */
const LOOKAHEAD_MS = 2 * DAY_MS;

/**
 * When a reminder is due: the evening before and the morning of are read on the rider's clock, from
 * the ride's start day on that clock; 2 hours before is an interval. Null when it would come at or
 * after the start (a 06:30 ride has no "morning of" at 07:00): never after the start.
 */
export function reminderDueAt(reminder: ReminderTime, startAt: string, riderZone: string): string | null {
  const start = Date.parse(startAt);
  const zone = isKnownZone(riderZone) ? riderZone : 'UTC';
  const startDay = instantToLocal(start, zone).day;
  const due =
    reminder === 'two_hours_before'
      ? new Date(start - 2 * HOUR_MS).toISOString()
      : repeatedLocalToInstant(reminder === 'evening_before' ? addDays(startDay, -1) : startDay, reminder === 'evening_before' ? '18:00' : '07:00', zone);
  return due !== null && Date.parse(due) < start ? due : null;
}

/**
 * Job `ride-reminder-deliveries`: writes the reminders that are due to the outbox. Safe on every
 * server at once (the outbox's unique key); what it writes, the deliveries job sends.
 */
export async function enqueueReminderDeliveries(ctx: AppContext, now = new Date()): Promise<number> {
  const at = now.getTime();
  let written = 0;
  for (const seat of await ridesRepository.seatsToRemind(ctx.db, now.toISOString(), new Date(at + LOOKAHEAD_MS).toISOString())) {
    const riderZone = zoneOf({ timezone: seat.user_timezone });
    for (const reminder of readPreferences(seat).reminderTimes) {
      const due = reminderDueAt(reminder, seat.start_date, riderZone);
      if (due === null || Date.parse(due) > at || at - Date.parse(due) > REMINDER_GRACE_MS) continue;
      // No transaction: each row's insert stands alone and is idempotent by its key, so a run killed
      // between the mail's row and the push's finishes at the next run.
      await enqueueDeliveries(
        ctx.db,
        {
          type: 'ride_reminder_due',
          params: { ride: seat.name, reminder, startAt: seat.start_date, zone: zoneOf(seat), riderZone },
          rideId: seat.ride_id,
          recipients: [{ userId: seat.user_id, notificationId: null }],
          eventKey: `ride_reminder_due:${seat.ride_id}:${reminder}`,
        },
        at,
      );
      written++;
    }
  }
  return written;
}

/**
 * The ride a reminder claimed by a sender is about, while it is still worth sending (the sender
 * writes from it, reading it once): the rider still holds a seat on a ride not cancelled that has
 * not started (a retry never reminds after the start). Null when not.
 */
export async function reminderStillDue(ctx: Pick<AppContext, 'db'>, delivery: { userId: string; rideId: string | null }, now = Date.now()): Promise<RideRow | null> {
  if (!delivery.rideId) return null;
  const ride = await ridesRepository.findById(ctx.db, delivery.rideId);
  if (!ride || ride.status === 'cancelled' || Date.parse(ride.start_date) <= now) return null;
  return (await ridesRepository.isParticipant(ctx.db, ride.id, delivery.userId)) ? ride : null;
}

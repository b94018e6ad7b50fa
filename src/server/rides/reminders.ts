import type { AppContext } from '../context';
import { publishNotifications, recordNotifications } from '../notifications/notifications.service';
import { ridesRepository } from './rides.repository';

const DAY_MS = 86_400_000;
const THREE_DAY_BIT = 1;
const ONE_DAY_BIT = 2;

/**
 * Reminds participants 3 days and 1 day before a ride (GUIDE section 10). Each reminder is claimed
 * with a conditional UPDATE before it is sent, so with several app processes running this job,
 * every rider gets each reminder once; the claim and the notifications are one transaction, so a
 * process killed after the claim commits has told the riders.
 */
export async function sendRideReminders(ctx: AppContext, now = new Date()): Promise<number> {
  let sent = 0;
  const windows = [
    { bit: ONE_DAY_BIT, from: now, until: new Date(now.getTime() + DAY_MS) },
    { bit: THREE_DAY_BIT, from: new Date(now.getTime() + DAY_MS), until: new Date(now.getTime() + 3 * DAY_MS) },
  ];
  for (const window of windows) {
    const due = await ridesRepository.dueForReminder(ctx.db, window.from.toISOString(), window.until.toISOString(), window.bit);
    for (const ride of due) {
      // A ride inside the 1-day window also counts as reminded 3 days ahead.
      const bits = window.bit === ONE_DAY_BIT ? ONE_DAY_BIT | THREE_DAY_BIT : THREE_DAY_BIT;
      const daysLeft = Math.max(1, Math.ceil((Date.parse(ride.start_date) - now.getTime()) / DAY_MS));
      const told = await ctx.db.transaction().execute(async (tx) => {
        if (!(await ridesRepository.claimReminder(tx, ride.id, ride.reminders_sent, bits & ~ride.reminders_sent))) return [];
        const riders = await ridesRepository.participantIds(tx, ride.id);
        return recordNotifications(tx, riders, { type: 'ride_reminder', params: { ride: ride.name, daysLeft }, about: { rideId: ride.id }, eventKey: `ride_reminder:${ride.id}:${bits}` });
      });
      await publishNotifications(ctx, told);
      sent += told.length;
    }
  }
  return sent;
}

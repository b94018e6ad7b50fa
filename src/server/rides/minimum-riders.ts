import type { AppContext } from '../context';
import { publishNotifications, recordNotifications } from '../notifications/notifications.service';
import { ridesRepository } from './rides.repository';

/**
 * At a ride's minimum riders decision time, a confirmed ride below its minimum tells its owner and
 * riders (everyone holding a seat; the owner holds one). Each ride is claimed with a conditional
 * UPDATE before anyone is told, so with several processes or servers running this job the riders
 * are told once; a ride that has its minimum is claimed and tells nobody. The claim and the
 * notifications (with their mails) are one transaction: a process killed after it commits has told
 * the riders, and one killed before leaves the ride to the next run.
 */
export async function checkMinimumRiders(ctx: AppContext, now = new Date()): Promise<number> {
  let told = 0;
  for (const ride of await ridesRepository.dueForMinimumCheck(ctx.db, now.toISOString())) {
    const notes = await ctx.db.transaction().execute(async (tx) => {
      if (!(await ridesRepository.claimMinimumCheck(tx, ride.id, ride.min_riders_decision_at, now.toISOString()))) return [];
      const riders = await ridesRepository.participantIds(tx, ride.id);
      if (riders.length >= ride.min_riders) return [];
      return recordNotifications(tx, riders, {
        type: 'ride_below_minimum',
        params: { ride: ride.name, riders: riders.length, minimum: ride.min_riders },
        about: { rideId: ride.id },
        eventKey: `ride_below_minimum:${ride.id}:${ride.min_riders_decision_at ?? ''}`,
      });
    });
    await publishNotifications(ctx, notes);
    told += notes.length;
  }
  return told;
}

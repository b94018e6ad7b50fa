import type { AppContext } from '../context';
import { notify } from '../notifications/notifications.service';
import { ridesRepository } from './rides.repository';

/**
 * At a ride's minimum riders decision time, a confirmed ride below its minimum tells its owner and
 * riders (everyone holding a seat; the owner holds one). Each ride is claimed with a conditional
 * UPDATE before anyone is told, so with several processes or servers running this job the riders
 * are told once; a ride that has its minimum is claimed and tells nobody.
 */
export async function checkMinimumRiders(ctx: AppContext, now = new Date()): Promise<number> {
  let told = 0;
  for (const ride of await ridesRepository.dueForMinimumCheck(ctx.db, now.toISOString())) {
    if (!(await ridesRepository.claimMinimumCheck(ctx.db, ride.id, ride.min_riders_decision_at, now.toISOString()))) continue;
    const riders = await ridesRepository.participantIds(ctx.db, ride.id);
    if (riders.length >= ride.min_riders) continue;
    for (const userId of riders) {
      await notify(ctx, userId, 'ride_below_minimum', { ride: ride.name, riders: riders.length, minimum: ride.min_riders }, { rideId: ride.id });
      told++;
    }
  }
  return told;
}

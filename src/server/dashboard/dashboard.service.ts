import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { DashboardStats } from '../../shared/rides/ride';
import { ridesRepository } from '../rides/rides.repository';
import { listMyGroups } from '../groups/groups.service';

/**
 * GET /api/dashboard/stats (GUIDE section 10): upcoming rides of the rider's groups or joined by
 * them; their groups that are active; kilometres of the upcoming rides they own or joined.
 */
export async function dashboardStats(ctx: AppContext, userId: string): Promise<DashboardStats> {
  const [rides, groups] = await Promise.all([ridesRepository.statsForRider(ctx.db, userId, nowIso()), listMyGroups(ctx, userId)]);
  const activeGroups = groups.filter((g) => g.isActive && (g.membershipStatus === 'owner' || g.membershipStatus === 'member')).length;
  return { upcomingRides: rides.upcoming, activeGroups, milesPlanned: Math.round(rides.plannedKm * 10) / 10 };
}

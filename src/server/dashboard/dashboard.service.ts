import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { DashboardStats } from '../../shared/dashboard/dashboard-stats';
import { ridesRepository } from '../rides/rides.repository';
import { groupsRepository } from '../groups/groups.repository';
import { queryWindow } from '../groups/groups.service';

/**
 * GET /api/dashboard/stats (GUIDE section 10): upcoming rides of the rider's groups or joined by
 * them; their groups that are active; kilometres of the upcoming rides they own or joined.
 */
export async function dashboardStats(ctx: AppContext, userId: string): Promise<DashboardStats> {
  const [rides, activeGroups] = await Promise.all([
    ridesRepository.statsForRider(ctx.db, userId, nowIso()),
    groupsRepository.countActiveForMember(ctx.db, userId, queryWindow(userId)),
  ]);
  return { upcomingRides: rides.upcoming, activeGroups, milesPlanned: Math.round(rides.plannedKm * 10) / 10 };
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '../../shared/dashboard/dashboard-stats';
import { apiGet } from '../lib/api-client';
import { dashboardKeys } from './query-keys';

export { dashboardKeys };

/** GET /api/dashboard/stats: upcomingRides, activeGroups, milesPlanned (kilometres; converted for display). */
export function getDashboardStats(): Promise<DashboardStats> {
  return apiGet<DashboardStats>('/api/dashboard/stats');
}

/** Under ['dashboard']: ride changes refresh it. */
export function dashboardStatsQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.stats(), queryFn: getDashboardStats });
}

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '../../../../shared/rides/ride';
import { apiGet } from '../../../lib/api-client';

/** GET /api/dashboard/stats: upcomingRides, activeGroups, milesPlanned (kilometres; converted for display). */
export function getDashboardStats(): Promise<DashboardStats> {
  return apiGet<DashboardStats>('/api/dashboard/stats');
}

/** Under ['dashboard']: ride changes refresh it (lib/rides/invalidate). */
export function dashboardStatsQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'stats'] as const,
    queryFn: getDashboardStats,
  });
}

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}

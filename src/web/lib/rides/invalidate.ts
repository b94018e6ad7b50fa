import type { QueryClient } from '@tanstack/react-query';

/** Every ride query lives under ['rides'] (upcoming, a ride, its comments, finder results). */
export const RIDES_KEY = ['rides'] as const;
/** The dashboard's numbers (GET /api/dashboard/stats). */
export const DASHBOARD_KEY = ['dashboard'] as const;
/** Every group query lives under ['groups'], including a group's rides list. */
export const GROUPS_KEY = ['groups'] as const;

/**
 * After a ride is created, changed, joined, left or deleted (spec 2 section 7): the ride lists
 * (/api/rides..., /api/rides/upcoming), the groups and their rides lists, and the dashboard stats.
 */
export function invalidateRideLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: RIDES_KEY }),
    queryClient.invalidateQueries({ queryKey: GROUPS_KEY }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
  ]).then(() => undefined);
}

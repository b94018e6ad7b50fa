import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Group } from '../../../../shared/groups/group';
import { ApiError, apiGet } from '../../../lib/api-client';

/** GET /api/groups/by-name/{name}: the group page's group, by slug. 404 gives null (spec 2 section 7). */
export async function getGroupByName(name: string): Promise<Group | null> {
  try {
    return await apiGet<Group>(`/api/groups/by-name/${encodeURIComponent(name)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function groupByNameQueryOptions(name: string) {
  return queryOptions({
    queryKey: ['groups', 'by-name', name] as const,
    queryFn: () => getGroupByName(name),
  });
}

export function useGroupByName(name: string) {
  return useQuery(groupByNameQueryOptions(name));
}

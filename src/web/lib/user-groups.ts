import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Group } from '../../shared/groups/group';
import { ApiError, apiGet } from './api-client';

/**
 * GET /api/groups: the rider's groups, including those they asked to join (spec 2 section 7).
 * Shared by the shell (only the count matters for the unsaved-access rule) and My Groups, so it
 * lives in lib. A 401 while a sign-in rotates the session counts as no groups; other failures
 * throw, so My Groups can show its error state (the shell then counts 0).
 */
export async function getUserGroups(): Promise<Group[]> {
  try {
    const groups = await apiGet<Group[]>('/api/groups');
    return Array.isArray(groups) ? groups : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return [];
    throw error;
  }
}

/** Key ['groups']: every group query lives under it, so invalidating it refreshes them all. */
export function userGroupsQueryOptions() {
  return queryOptions({
    queryKey: ['groups'] as const,
    queryFn: getUserGroups,
    staleTime: 30_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Only fetched when the rider has an id. */
export function useUserGroupCount(enabled: boolean): number {
  const { data } = useQuery({ ...userGroupsQueryOptions(), enabled });
  return data?.length ?? 0;
}

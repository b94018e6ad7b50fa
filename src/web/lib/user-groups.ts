import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from './api-client';

/**
 * GET /api/groups as the shell needs it: only the length matters (unsaved-access rule).
 * Any failure (the endpoint arrives with a later issue) counts as no groups.
 */
export async function getUserGroupsOrEmpty(): Promise<unknown[]> {
  try {
    const groups = await apiGet<unknown>('/api/groups');
    return Array.isArray(groups) ? groups : [];
  } catch (error) {
    // 404 before the groups endpoint existed; 401 while a sign-in rotates the session.
    const expected = error instanceof ApiError && (error.status === 404 || error.status === 401);
    if (!expected) console.error('Failed to load groups', error);
    return [];
  }
}

export function userGroupsQueryOptions() {
  return queryOptions({
    queryKey: ['groups'] as const,
    queryFn: getUserGroupsOrEmpty,
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

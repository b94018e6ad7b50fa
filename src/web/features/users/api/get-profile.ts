import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '../../../../shared/users/profile';
import { ApiError, apiGet } from '../../../lib/api-client';

export const profileQueryKeyRoot = ['users', 'profile'] as const;

/**
 * GET /api/users/profile/{username}. A profile that does not exist, or that the viewer may not see,
 * answers 404: that is null here ("Profile not found"); other failures stay errors.
 */
export async function getProfile(username: string): Promise<PublicProfile | null> {
  try {
    return await apiGet<PublicProfile>(`/api/users/profile/${encodeURIComponent(username)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function profileQueryOptions(username: string) {
  return queryOptions({
    queryKey: [...profileQueryKeyRoot, username] as const,
    queryFn: () => getProfile(username),
  });
}

export function useProfile(username: string) {
  return useQuery(profileQueryOptions(username));
}

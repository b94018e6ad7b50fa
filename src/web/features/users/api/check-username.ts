import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /api/users/check-username/{username}?excludeUserId=: free regardless of case, ignoring the asking account. */
export function checkUsername(username: string, excludeUserId: string, signal?: AbortSignal): Promise<{ available: boolean }> {
  const query = new URLSearchParams({ excludeUserId });
  return apiGet<{ available: boolean }>(`/api/users/check-username/${encodeURIComponent(username)}?${query}`, { signal });
}

export function usernameAvailabilityQueryOptions(username: string, excludeUserId: string) {
  return queryOptions({
    queryKey: ['users', 'check-username', username.toLowerCase(), excludeUserId] as const,
    queryFn: ({ signal }) => checkUsername(username, excludeUserId, signal),
    // Someone else may take a handle at any time: ask again after a minute.
    staleTime: 60_000,
  });
}

export function useUsernameAvailability(username: string, excludeUserId: string, enabled: boolean) {
  return useQuery({ ...usernameAvailabilityQueryOptions(username, excludeUserId), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../shared/users/current-user';
import { apiRequest } from './api-client';

/**
 * GET /api/users/current. Shared by the shell and every feature, so it lives in lib
 * (features must not import each other). The server creates a guest when there is no
 * session, so null only means the server refused (401).
 */
export function getCurrentUser(): Promise<CurrentUser | null> {
  return apiRequest<CurrentUser>('/api/users/current', { nullOn401: true });
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'current'] as const,
    queryFn: getCurrentUser,
    retry: false,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionList } from '../../../../shared/auth/sessions';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/auth/sessions: the rider's signed-in browsers, this one first. */
export function getSessions(): Promise<SessionList> {
  return apiRequest<SessionList>('/api/auth/sessions');
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'sessions'] as const, queryFn: getSessions });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

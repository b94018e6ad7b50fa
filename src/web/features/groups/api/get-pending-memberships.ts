import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Spec 2 section 4: the rider's pending requests are polled every 30 s. */
export const PENDING_MEMBERSHIPS_POLL_MS = 30_000;

/** GET /api/membership-requests/pending: ids of the groups the rider asked to join. */
export function getPendingMemberships(): Promise<string[]> {
  return apiGet<string[]>('/api/membership-requests/pending');
}

export function pendingMembershipsQueryOptions() {
  return queryOptions({
    queryKey: ['membership-requests', 'pending'] as const,
    queryFn: getPendingMemberships,
    refetchInterval: PENDING_MEMBERSHIPS_POLL_MS,
  });
}

export function usePendingMemberships(enabled = true) {
  return useQuery({ ...pendingMembershipsQueryOptions(), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Group } from '../../../../shared/groups/group';
import { apiGet } from '../../../lib/api-client';

/**
 * GET /api/groups/{id}: the ride's group, read only when the rider may not join the ride yet, to
 * tell "join the group first" from "your request is pending".
 */
export function getRideGroup(groupId: string): Promise<Group> {
  return apiGet<Group>(`/api/groups/${encodeURIComponent(groupId)}`);
}

/** Under ['groups']: joining the group refreshes it. */
export function rideGroupQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: ['groups', 'by-id', groupId] as const,
    queryFn: () => getRideGroup(groupId),
  });
}

export function useRideGroup(groupId: string | null, enabled: boolean) {
  return useQuery({ ...rideGroupQueryOptions(groupId ?? ''), enabled: enabled && Boolean(groupId) });
}

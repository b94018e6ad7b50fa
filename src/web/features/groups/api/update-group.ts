import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Group } from '../../../../shared/groups/group';
import { apiRequest } from '../../../lib/api-client';
import { invalidateGroups } from './invalidate';

export interface GroupSettings {
  membershipApprovalRequired: boolean;
  timezoneOffset: string;
  timezoneName: string;
}

/** PATCH /api/groups/{id} (owner): the manage dialog's settings. */
export function updateGroup({ groupId, settings }: { groupId: string; settings: GroupSettings }): Promise<Group> {
  return apiRequest<Group>(`/api/groups/${encodeURIComponent(groupId)}`, { method: 'PATCH', body: settings });
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: () => invalidateGroups(queryClient),
  });
}

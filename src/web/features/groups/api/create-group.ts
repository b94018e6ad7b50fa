import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGroupInput, Group } from '../../../../shared/groups/group';
import { apiRequest } from '../../../lib/api-client';
import { invalidateGroups } from './invalidate';

export type CreateGroupPayload = Omit<CreateGroupInput, 'creatorId'>;

/** POST /api/groups -> 201 Group; 409 when a group with the same URL name exists. */
export function createGroup(payload: CreateGroupPayload): Promise<Group> {
  return apiRequest<Group>('/api/groups', { method: 'POST', body: payload });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => invalidateGroups(queryClient),
  });
}

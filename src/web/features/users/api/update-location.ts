import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/users/current-user';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { profileQueryKeyRoot } from './get-profile';

export interface LocationUpdate {
  location: string;
  latitude: number;
  longitude: number;
}

/** PUT /api/users/{id}/location */
export function updateLocation(id: string, update: LocationUpdate): Promise<CurrentUser> {
  return apiRequest<CurrentUser>(`/api/users/${encodeURIComponent(id)}/location`, { method: 'PUT', body: update });
}

export function useUpdateLocation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: LocationUpdate) => updateLocation(id, update),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKeyRoot }),
      ]);
    },
  });
}

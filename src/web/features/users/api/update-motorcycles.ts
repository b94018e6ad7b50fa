import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, Motorcycle } from '../../../../shared/users/current-user';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { profileQueryKeyRoot } from './get-profile';

/** PUT /api/users/{id}/motorcycles: replaces the list (400 when no row is complete). */
export function updateMotorcycles(id: string, motorcycles: Motorcycle[]): Promise<CurrentUser> {
  return apiRequest<CurrentUser>(`/api/users/${encodeURIComponent(id)}/motorcycles`, { method: 'PUT', body: { motorcycles } });
}

export function useUpdateMotorcycles(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (motorcycles: Motorcycle[]) => updateMotorcycles(id, motorcycles),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKeyRoot }),
      ]);
    },
  });
}

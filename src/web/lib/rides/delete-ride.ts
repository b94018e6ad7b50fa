import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { invalidateRideLists } from './invalidate';

/** DELETE /api/rides/{id} (owner only): participants, comments and media go with it. */
export function deleteRide(rideId: string): Promise<{ success: boolean }> {
  return apiRequest<{ success: boolean }>(`/api/rides/${encodeURIComponent(rideId)}`, { method: 'DELETE' });
}

export function useDeleteRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRide,
    onSuccess: (_result, rideId) => {
      // The ride's own queries would only answer 404 now.
      queryClient.removeQueries({ queryKey: ['rides', rideId] });
      return invalidateRideLists(queryClient);
    },
  });
}

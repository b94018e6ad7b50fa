import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ride, UpdateRideInput } from '../../../../shared/rides/ride';
import { apiRequest } from '../../../lib/api-client';
import { invalidateRideLists } from '../../../lib/rides/invalidate';

/**
 * PATCH /api/rides/{id} (owner only; others get 403 "You don't have permission to edit this ride"):
 * the edit form's fields, startDate and endDate as ISO, navigatorId null for none.
 */
export function updateRide({ rideId, changes }: { rideId: string; changes: UpdateRideInput }): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(rideId)}`, { method: 'PATCH', body: changes });
}

export function useUpdateRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRide,
    onSuccess: () => invalidateRideLists(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ride } from '../../../shared/rides/ride';
import { apiRequest } from '../api-client';
import { invalidateRideLists } from './invalidate';

/** POST /api/rides/{id}/leave (empty body) -> the updated Ride. The owner cannot leave. */
export function leaveRide(rideId: string): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(rideId)}/leave`, { method: 'POST' });
}

export function useLeaveRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveRide,
    onSuccess: () => invalidateRideLists(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ride } from '../../../shared/rides/ride';
import { apiRequest } from '../api-client';
import { invalidateRideLists } from './invalidate';

/**
 * POST /api/rides/{id}/join (empty body) -> the updated Ride. An open group's membership is added
 * on the way; an approval group answers 403 "Join the group first".
 */
export function joinRide(rideId: string): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(rideId)}/join`, { method: 'POST' });
}

export function useJoinRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinRide,
    onSuccess: () => invalidateRideLists(queryClient),
  });
}

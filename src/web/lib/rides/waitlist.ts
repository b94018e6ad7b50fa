import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ride } from '../../../shared/rides/ride';
import { apiRequest } from '../api-client';
import { invalidateRideLists } from './invalidate';

/** POST /api/rides/{id}/waitlist (empty body) -> the Ride with the rider's place (`waitlist.position`). */
export function joinWaitlist(rideId: string): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(rideId)}/waitlist`, { method: 'POST' });
}

/** DELETE /api/rides/{id}/waitlist -> the Ride. */
export function leaveWaitlist(rideId: string): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(rideId)}/waitlist`, { method: 'DELETE' });
}

/** POST /api/rides/{id}/keep -> the Ride: the owner keeps a ride below its minimum riders at its decision time. */
export function keepRide(rideId: string): Promise<Ride> {
  return apiRequest<Ride>(`/api/rides/${encodeURIComponent(rideId)}/keep`, { method: 'POST' });
}

function useRideMutation(call: (rideId: string) => Promise<Ride>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => invalidateRideLists(queryClient) });
}

export const useJoinWaitlist = () => useRideMutation(joinWaitlist);
export const useLeaveWaitlist = () => useRideMutation(leaveWaitlist);
export const useKeepRide = () => useRideMutation(keepRide);

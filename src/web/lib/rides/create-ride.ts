import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createRideSchema, Ride } from '../../../shared/rides/ride';
import { apiRequest } from '../api-client';
import { invalidateRideLists } from './invalidate';

/** What the create dialog sends (spec 2 section 3, "Create-ride payload"); startTime is not part of it. */
export type CreateRidePayload = z.input<typeof createRideSchema>;

/**
 * POST /api/rides -> 201 Ride. The server records the activity event itself. Invalidates
 * /api/rides, /api/rides/upcoming, /api/groups (with the group's rides lists) and the dashboard stats.
 */
export function createRide(payload: CreateRidePayload): Promise<Ride> {
  return apiRequest<Ride>('/api/rides', { method: 'POST', body: payload });
}

export function useCreateRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRide,
    onSuccess: () => invalidateRideLists(queryClient),
  });
}

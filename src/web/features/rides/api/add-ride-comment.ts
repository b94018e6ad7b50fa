import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RideComment } from '../../../../shared/rides/ride';
import { apiRequest } from '../../../lib/api-client';
import { rideCommentsQueryOptions } from './get-ride-comments';

/** POST /api/rides/{id}/comments { content }: trimmed and non-empty (spec 2 section 5). */
export function addRideComment({ rideId, content }: { rideId: string; content: string }): Promise<RideComment> {
  return apiRequest<RideComment>(`/api/rides/${encodeURIComponent(rideId)}/comments`, { method: 'POST', body: { content: content.trim() } });
}

export function useAddRideComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRideComment,
    onSuccess: (_comment, { rideId }) => queryClient.invalidateQueries({ queryKey: rideCommentsQueryOptions(rideId).queryKey }),
  });
}

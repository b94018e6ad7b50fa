import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RideComment } from '../../../../shared/rides/ride';
import { apiRequest } from '../../../lib/api-client';
import { rideCommentsQueryOptions, withNewComment } from './get-ride-comments';

/** POST /api/rides/{id}/comments { content }: trimmed and non-empty (spec 2 section 5); answers the stored comment. */
export function addRideComment({ rideId, content }: { rideId: string; content: string }): Promise<RideComment> {
  return apiRequest<RideComment>(`/api/rides/${encodeURIComponent(rideId)}/comments`, { method: 'POST', body: { content: content.trim() } });
}

/** Adds the answered comment to the loaded ones: reading every loaded page again would cost a request per page. */
export function useAddRideComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRideComment,
    onSuccess: (comment, { rideId }) => queryClient.setQueryData(rideCommentsQueryOptions(rideId).queryKey, (data) => withNewComment(data, comment)),
  });
}

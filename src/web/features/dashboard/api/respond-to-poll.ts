import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Poll } from '../../../../shared/polls/poll';
import { apiRequest } from '../../../lib/api-client';
import { activePollsQueryOptions } from './get-active-polls';

/**
 * POST /api/polls/{id}/respond from the dashboard: Interested is { response: 'yes' } with no
 * preferred dates, Not Available is { response: 'no' } (GUIDE section 10). Answers the updated poll.
 */
export function respondFromDashboard({ pollId, response }: { pollId: string; response: 'yes' | 'no' }): Promise<Poll> {
  return apiRequest<Poll>(`/api/polls/${encodeURIComponent(pollId)}/respond`, { method: 'POST', body: { response } });
}

export function useRespondFromDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondFromDashboard,
    onSuccess: (poll) => {
      queryClient.setQueryData(activePollsQueryOptions().queryKey, (polls) => polls?.map((p) => (p.id === poll.id ? poll : p)));
      // The group's Polls tab lives under ['groups', id, 'polls'].
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['polls'] }),
        queryClient.invalidateQueries({ queryKey: ['groups', poll.groupId, 'polls'] }),
      ]).then(() => undefined);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Poll } from '../../../../shared/polls/poll';
import { apiRequest } from '../../../lib/api-client';
import { groupPollsQueryOptions } from './get-group-polls';

export interface PollResponsePayload {
  pollId: string;
  response: 'yes' | 'no';
  /** Only with yes: some of the proposed dates. */
  preferredDates?: string[];
}

/** POST /api/polls/{id}/respond: once per rider, while the poll is open. Answers the updated poll. */
export function respondToPoll({ pollId, response, preferredDates }: PollResponsePayload): Promise<Poll> {
  const body = response === 'yes' ? { response, preferredDates: preferredDates ?? [] } : { response };
  return apiRequest<Poll>(`/api/polls/${encodeURIComponent(pollId)}/respond`, { method: 'POST', body });
}

export function useRespondToPoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondToPoll,
    onSuccess: (poll) => {
      // Show the answer at once, then refresh the lists it appears in.
      queryClient.setQueryData(groupPollsQueryOptions(poll.groupId).queryKey, (polls) => polls?.map((p) => (p.id === poll.id ? poll : p)));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: groupPollsQueryOptions(poll.groupId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['polls'] }),
      ]).then(() => undefined);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Poll } from '../../../../shared/polls/poll';
import { apiRequest } from '../../../lib/api-client';
import { groupPollsQueryOptions } from './get-group-polls';

export interface CreatePollPayload {
  title: string;
  description: string | null;
  destination: string;
  durationDays: number;
  /** ISO instant. */
  deadline: string;
  groupId: string;
  /** ISO dates (UTC midnight of each proposed day), sorted, no duplicates. */
  proposedDates: string[];
}

/** POST /api/polls (members). The server tells the other members. */
export function createPoll(payload: CreatePollPayload): Promise<Poll> {
  return apiRequest<Poll>('/api/polls', { method: 'POST', body: payload });
}

export function useCreatePoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPoll,
    onSuccess: (poll) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupPollsQueryOptions(poll.groupId).queryKey }),
        // The dashboard's active polls (GET /api/polls/active).
        queryClient.invalidateQueries({ queryKey: ['polls'] }),
      ]).then(() => undefined),
  });
}

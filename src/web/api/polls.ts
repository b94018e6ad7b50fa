import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createPollSchema, Poll, pollResponseSchema } from '../../shared/polls/poll';
import { apiGet, apiRequest } from '../lib/api-client';
import { pollsKeys } from './query-keys';

export { pollsKeys };

/** What the Create Poll dialog sends; the server takes the creator from the session. */
export type CreatePollPayload = Omit<z.input<ReturnType<typeof createPollSchema>>, 'creatorId'>;

export type PollResponsePayload = Omit<z.input<typeof pollResponseSchema>, 'userId'> & { pollId: string };

/** GET /api/groups/{groupId}/polls (members): newest first, with counts and the rider's own vote. */
export function getGroupPolls(groupId: string): Promise<Poll[]> {
  return apiGet<Poll[]>(`/api/groups/${encodeURIComponent(groupId)}/polls`);
}

/** GET /api/polls/active: open polls of the rider's groups (dashboard). */
export function getActivePolls(): Promise<Poll[]> {
  return apiGet<Poll[]>('/api/polls/active');
}

/** POST /api/polls (members). The server tells the other members. */
export function createPoll(payload: CreatePollPayload): Promise<Poll> {
  return apiRequest<Poll>('/api/polls', { method: 'POST', body: payload });
}

/**
 * POST /api/polls/{id}/respond: once per rider, while the poll is open. Answers the updated poll.
 * Preferred dates go only with yes; the dashboard's Interested sends none (GUIDE section 10).
 */
export function respondToPoll({ pollId, response, preferredDates }: PollResponsePayload): Promise<Poll> {
  const body = response === 'yes' && preferredDates !== undefined ? { response, preferredDates } : { response };
  return apiRequest<Poll>(`/api/polls/${encodeURIComponent(pollId)}/respond`, { method: 'POST', body });
}

/** POST /api/polls/{id}/close: the poll's creator or the group's owner ends the vote. Answers the closed poll. */
export function closePoll(pollId: string): Promise<Poll> {
  return apiRequest<Poll>(`/api/polls/${encodeURIComponent(pollId)}/close`, { method: 'POST' });
}

export function groupPollsQueryOptions(groupId: string) {
  return queryOptions({ queryKey: pollsKeys.ofGroup(groupId), queryFn: () => getGroupPolls(groupId) });
}

export function activePollsQueryOptions() {
  return queryOptions({ queryKey: pollsKeys.active(), queryFn: getActivePolls });
}

export function useGroupPolls(groupId: string) {
  return useQuery(groupPollsQueryOptions(groupId));
}

export function useActivePolls() {
  return useQuery(activePollsQueryOptions());
}

function invalidatePollLists(queryClient: QueryClient, groupId: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: pollsKeys.ofGroup(groupId) }),
    queryClient.invalidateQueries({ queryKey: pollsKeys.all }),
  ]).then(() => undefined);
}

export function useCreatePoll() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPoll, onSuccess: (poll) => invalidatePollLists(queryClient, poll.groupId) });
}

/** Shows the changed poll at once in whichever list holds it, then refreshes the lists it appears in. */
function showChangedPoll(queryClient: QueryClient, poll: Poll): Promise<void> {
  const replace = (polls: Poll[] | undefined) => polls?.map((p) => (p.id === poll.id ? poll : p));
  queryClient.setQueryData(pollsKeys.ofGroup(poll.groupId), replace);
  queryClient.setQueryData(pollsKeys.active(), replace);
  return invalidatePollLists(queryClient, poll.groupId);
}

export function useRespondToPoll() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: respondToPoll, onSuccess: (poll) => showChangedPoll(queryClient, poll) });
}

export function useClosePoll() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: closePoll, onSuccess: (poll) => showChangedPoll(queryClient, poll) });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, CalendarFeedUpdate } from '../../shared/calendar/calendar-feed';
import { apiRequest } from '../lib/api-client';
import { usersKeys } from './query-keys';

/** The feed belongs to the rider's account, so its key lives under the user's. */
export const calendarKeys = {
  feed: (userId: string) => usersKeys.calendarFeed(userId),
};

/** GET /api/users/current/calendar: the rider's private feed address (made on the first call). */
export function getCalendarFeed(): Promise<CalendarFeed> {
  return apiRequest<CalendarFeed>('/api/users/current/calendar');
}

/** POST /api/users/current/calendar: a new secret address (`reset`) or what the feed lists (`scope`). */
export function updateCalendarFeed(input: CalendarFeedUpdate): Promise<CalendarFeed> {
  return apiRequest<CalendarFeed>('/api/users/current/calendar', { method: 'POST', body: input });
}

export function calendarFeedQueryOptions(userId: string) {
  return queryOptions({ queryKey: calendarKeys.feed(userId), queryFn: getCalendarFeed });
}

export function useCalendarFeed(userId: string) {
  return useQuery(calendarFeedQueryOptions(userId));
}

export function useUpdateCalendarFeed(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarKeys.feed(userId), feed),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, CalendarFeedUpdate } from '../../../../shared/calendar/calendar-feed';
import { apiRequest } from '../../../lib/api-client';
import { calendarFeedQueryOptions } from './get-calendar-feed';

/** POST /api/users/current/calendar: a new secret address (`reset`) or what the feed lists (`scope`). */
export function updateCalendarFeed(input: CalendarFeedUpdate): Promise<CalendarFeed> {
  return apiRequest<CalendarFeed>('/api/users/current/calendar', { method: 'POST', body: input });
}

export function useUpdateCalendarFeed(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryOptions(userId).queryKey, feed),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarFeed } from '../../../../shared/calendar/calendar-feed';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/users/current/calendar: the rider's private feed address (made on the first call). */
export function getCalendarFeed(): Promise<CalendarFeed> {
  return apiRequest<CalendarFeed>('/api/users/current/calendar');
}

export function calendarFeedQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['users', userId, 'calendar'] as const, queryFn: getCalendarFeed });
}

export function useCalendarFeed(userId: string) {
  return useQuery(calendarFeedQueryOptions(userId));
}

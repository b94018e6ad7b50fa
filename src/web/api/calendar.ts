import type { CalendarFeed, CalendarFeedUpdate } from '../../shared/calendar/calendar-feed';
import { ownSetting, useOwnSetting, useSaveOwnSetting } from './own-setting';
import { usersKeys } from './query-keys';

/** The feed belongs to the rider's account, so its key lives under the user's. */
export const calendarKeys = {
  feed: (userId: string) => usersKeys.calendarFeed(userId),
};

/**
 * GET /api/users/current/calendar: the rider's private feed address (made on the first call).
 * POST: a new secret address (`reset`) or what the feed lists (`scope`).
 */
const calendarFeed = ownSetting<CalendarFeed, CalendarFeedUpdate>('/api/users/current/calendar', 'POST', calendarKeys.feed);

export const useCalendarFeed = (userId: string) => useOwnSetting(calendarFeed, userId);
export const useUpdateCalendarFeed = (userId: string) => useSaveOwnSetting(calendarFeed, userId);

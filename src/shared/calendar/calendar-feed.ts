import { z } from 'zod';

/**
 * A rider's private calendar feed: which rides it lists. 'joined': the rides the rider joined;
 * 'groups': those and every upcoming ride of the groups the rider belongs to.
 */
export const CALENDAR_SCOPES = ['groups', 'joined'] as const;
export type CalendarScope = (typeof CALENDAR_SCOPES)[number];

export const calendarFeedSchema = z.object({
  /** The feed's address: anyone holding it reads the feed, so it is shown only to its rider. */
  url: z.string(),
  scope: z.enum(CALENDAR_SCOPES),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** POST /api/users/current/calendar: `reset` replaces the secret address (the old one answers 404); `scope` changes what it lists. */
export const calendarFeedUpdateSchema = z
  .object({
    reset: z.literal(true, { message: 'reset must be true' }).optional(),
    scope: z.enum(CALENDAR_SCOPES, { message: 'scope must be groups or joined' }).optional(),
  })
  .strict()
  .refine((body) => body.reset !== undefined || body.scope !== undefined, { message: 'Send reset: true or a scope' });
export type CalendarFeedUpdate = z.infer<typeof calendarFeedUpdateSchema>;


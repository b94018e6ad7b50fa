import { z } from 'zod';

/** What one activity-log entry may store: its properties are a small flat object (about 2 KB at most). */
export const ACTIVITY_EVENT_MAX_PROPERTIES = 20;
export const ACTIVITY_EVENT_MAX_PROPERTIES_LENGTH = 2048;

/** POST /api/events: one entry of the app's own activity log (no third-party tracker). */
export const activityEventSchema = z.object({
  category: z.string().trim().min(1).max(64),
  event: z.string().trim().min(1).max(64),
  properties: z
    .record(z.string().min(1).max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((properties) => Object.keys(properties).length <= ACTIVITY_EVENT_MAX_PROPERTIES, `At most ${ACTIVITY_EVENT_MAX_PROPERTIES} properties`)
    .refine((properties) => JSON.stringify(properties).length <= ACTIVITY_EVENT_MAX_PROPERTIES_LENGTH, `Properties may take at most ${ACTIVITY_EVENT_MAX_PROPERTIES_LENGTH} characters`)
    .optional(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

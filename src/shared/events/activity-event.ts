import { z } from 'zod';

/** POST /api/events: one entry of the app's own activity log (no third-party tracker). */
export const activityEventSchema = z.object({
  category: z.string().trim().min(1).max(64),
  event: z.string().trim().min(1).max(64),
  properties: z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).optional(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

import { z } from 'zod';

/**
 * GET /api/dashboard/stats: upcoming rides of the rider's groups or joined by them, their groups
 * that are active, and the kilometres of the upcoming rides they own or joined.
 */
export const dashboardStatsSchema = z.object({
  upcomingRides: z.number().int().min(0),
  activeGroups: z.number().int().min(0),
  /** Kilometres (the field name is the spec's); the client converts to the rider's unit. */
  milesPlanned: z.number().min(0),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

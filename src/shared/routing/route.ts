import { z } from 'zod';

/**
 * GET /api/route: the road between a ride's stops. Without a router (ROUTER_URL), or when it
 * fails, there is no geometry and the map draws straight dashed lines between the stops.
 */
export const routeAnswerSchema = z.object({
  /** Road geometry as [lat, lon] pairs, or null. */
  geometry: z.array(z.tuple([z.number(), z.number()])).nullable(),
  distanceKm: z.number().nullable(),
  source: z.enum(['router', 'none']),
});
export type RouteAnswer = z.infer<typeof routeAnswerSchema>;

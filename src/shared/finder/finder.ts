import { z } from 'zod';
import { groupSchema } from '../groups/group';
import { rideSchema } from '../rides/ride';
import { FINDER_MOST_RESULTS, FINDER_PAGE_SIZE } from './finder-pages';

export { FINDER_MOST_RESULTS, FINDER_PAGE_SIZE };

/** Spec 2 section 9: radius 5 to 1000 km (the server accepts 1 to 1000), default 50. */
export const finderQuerySchema = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
  radius: z.coerce.number().min(1).max(1000).default(50),
  offset: z.coerce.number().int().min(0).max(FINDER_MOST_RESULTS).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(FINDER_PAGE_SIZE),
});
export type FinderQuery = z.output<typeof finderQuerySchema>;

/** One page of places found, with how many there are within the radius and where the next page starts (null: none). */
function finderPage<T extends z.ZodType>(result: T) {
  return z.object({ results: z.array(result), total: z.number().int().min(0), nextOffset: z.number().int().nullable() }).strict();
}

export const foundGroupSchema = groupSchema.extend({ distanceKm: z.number() }).strict();
export const foundRideSchema = rideSchema.extend({ distanceKm: z.number() }).strict();
export const groupFinderPageSchema = finderPage(foundGroupSchema);
export const rideFinderPageSchema = finderPage(foundRideSchema);
export type FoundGroup = z.infer<typeof foundGroupSchema>;
export type FoundRide = z.infer<typeof foundRideSchema>;
export type GroupFinderPage = z.infer<typeof groupFinderPageSchema>;
export type RideFinderPage = z.infer<typeof rideFinderPageSchema>;

import { z } from 'zod';
import { requiredText } from '../text/name-text';

/** GET /api/search-location?q= (spec 1 sections 3 and 7, spec 2 section 7). */

/** The autocomplete shows at most this many results. */
export const LOCATION_RESULT_LIMIT = 5;
export const LOCATION_QUERY_MAX_LENGTH = 200;

export const locationSearchMessages = {
  required: 'Search text is required',
  tooLong: `Search text must be at most ${LOCATION_QUERY_MAX_LENGTH} characters`,
  nearInvalid: 'near must be "latitude,longitude", for example "44.49,11.34"',
} as const;

export const locationSearchQuerySchema = z.object({
  q: requiredText({ required: locationSearchMessages.required, max: LOCATION_QUERY_MAX_LENGTH, tooLong: locationSearchMessages.tooLong }),
  /**
   * "lat,lon" the results are biased toward: the group's location in group and ride forms, the rider's
   * elsewhere. Optional; an unreadable value is refused like any other bad input.
   */
  near: z.string().max(64).optional(),
});

/** Nominatim's address keys; every one is optional. */
export const locationAddressSchema = z.object({
  city: z.string().optional(),
  town: z.string().optional(),
  village: z.string().optional(),
  hamlet: z.string().optional(),
  suburb: z.string().optional(),
  municipality: z.string().optional(),
  county: z.string().optional(),
  state: z.string().optional(),
  postcode: z.string().optional(),
  country: z.string().optional(),
  country_code: z.string().optional(),
});
export type LocationAddress = z.infer<typeof locationAddressSchema>;

export const locationSearchResultSchema = z.object({
  place_id: z.string(),
  /** At most 3 parts, Australian states abbreviated: "Sydney, NSW, Australia". */
  display_name: z.string(),
  lat: z.string(),
  lon: z.string(),
  /** A stable code, never a text: "country", "state", "city", "town", "village", "suburb", or the remote geocoder's own type ("mountain_pass"). The web words it in the rider's language (place-type-label.ts). */
  type: z.string(),
  address: locationAddressSchema.optional(),
});
export type LocationSearchResult = z.infer<typeof locationSearchResultSchema>;

export const locationSearchResponseSchema = z.array(locationSearchResultSchema);

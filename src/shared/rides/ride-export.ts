import { z } from 'zod';

/**
 * The files a ride can be sent to a navigator as: GPX (Garmin, phone apps), ITN (TomTom) and a
 * compact ITN of at most 48 points (older TomTom units and the Rider models).
 */
export const RIDE_EXPORT_FORMATS = ['gpx', 'itn', 'itn-compact'] as const;
export type RideExportFormat = (typeof RIDE_EXPORT_FORMATS)[number];

export const RIDE_EXPORT_MESSAGES = {
  tooFewStops: 'This ride needs at least two stops on the map to be sent to a navigator',
} as const;

// The message as a plain string, not read from the object above: the bundler counts reading a
// property as a possible side effect and would keep this schema, and zod, in the first load.
const BAD_FORMAT_MESSAGE = 'format must be gpx, itn or itn-compact';

export const rideExportQuerySchema = z.object({
  format: z.enum(RIDE_EXPORT_FORMATS, { message: BAD_FORMAT_MESSAGE }),
});

/** The address of a ride's file, for the page's download links. */

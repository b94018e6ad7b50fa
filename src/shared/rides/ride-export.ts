import { z } from 'zod';

/** The files a ride can be sent to a navigator as: GPX (Garmin, phone apps) and ITN (TomTom). */
export const RIDE_EXPORT_FORMATS = ['gpx', 'itn'] as const;
export type RideExportFormat = (typeof RIDE_EXPORT_FORMATS)[number];

export const RIDE_EXPORT_MESSAGES = {
  badFormat: 'format must be gpx or itn',
  tooFewStops: 'This ride needs at least two stops on the map to be sent to a navigator',
} as const;

export const rideExportQuerySchema = z.object({
  format: z.enum(RIDE_EXPORT_FORMATS, { message: RIDE_EXPORT_MESSAGES.badFormat }),
});

/** The address of a ride's file, for the page's download links. */
export const rideExportUrl = (rideId: string, format: RideExportFormat) => `/api/rides/${encodeURIComponent(rideId)}/export?format=${format}`;

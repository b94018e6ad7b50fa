import { z } from 'zod';
import { rideFields } from '../rides/ride';
import { seriesRuleSchema } from './series-rule';
import { RIDE_MESSAGES, SERIES_MESSAGES } from '../i18n/validation-messages';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * PATCH /api/rides/{id}/following, "this and following": the fields changed, for this ride and every
 * later one of its series (the old series ends the day before; a new one starts with this ride).
 * A field left out stays as each ride has it, so a ride edited alone keeps what this edit does not
 * change. The day of each ride comes from the rule: the time is `startTime` ("08:00", local to the
 * series' zone), and `rule` replaces the days from this ride on.
 */
export const seriesEditSchema = rideFields
  .pick({
    name: true,
    description: true,
    startLocation: true,
    startLatitude: true,
    startLongitude: true,
    midpointLocation: true,
    midpointLatitude: true,
    midpointLongitude: true,
    endLocation: true,
    endLatitude: true,
    endLongitude: true,
    waypoints: true,
    duration: true,
    minRiders: true,
    maxRiders: true,
  })
  .partial()
  .extend({
    startTime: z.string().regex(TIME, SERIES_MESSAGES.startTime).optional(),
    rule: seriesRuleSchema.optional(),
  })
  .strict()
  .refine((v) => v.minRiders === undefined || v.maxRiders === undefined || v.minRiders <= v.maxRiders, { path: ['maxRiders'], message: RIDE_MESSAGES.maxBelowMin });
export type SeriesEditInput = z.infer<typeof seriesEditSchema>;

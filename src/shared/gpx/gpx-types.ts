import { z } from 'zod';

export { GPX_MESSAGES, gpxTooManyPointsMessage } from './gpx-messages';

/** A GPX point: coordinates in degrees, elevation in metres, time as an ISO-8601 UTC instant. */
export const gpxPointSchema = z.object({
  lat: z.number(),
  lon: z.number(),
  ele: z.number().nullable(),
  time: z.string().nullable(),
});
export type GpxPoint = z.infer<typeof gpxPointSchema>;

export const gpxWaypointSchema = gpxPointSchema.extend({ name: z.string().nullable() });
export type GpxWaypoint = z.infer<typeof gpxWaypointSchema>;

/** A track or a route: its name and its points in order (a track's segments one after another). */
export const gpxPathSchema = z.object({
  name: z.string().nullable(),
  points: z.array(gpxPointSchema),
  /** Index in `points` of each segment's first point (a route is one segment); absent: one segment. */
  segmentStarts: z.array(z.number().int()).optional(),
});
export type GpxPath = z.infer<typeof gpxPathSchema>;

export const gpxBoundsSchema = z.object({ minLat: z.number(), minLon: z.number(), maxLat: z.number(), maxLon: z.number() });
export type GpxBounds = z.infer<typeof gpxBoundsSchema>;

/**
 * What the route viewer's tiles show. Distance, elevation and duration come from the tracks and the
 * routes together, computed over every point, segment by segment.
 */
export const gpxSummarySchema = z.object({
  distanceKm: z.number(),
  elevationGainM: z.number(),
  elevationLossM: z.number(),
  /** Track and route points (waypoints are counted apart). */
  pointCount: z.number().int(),
  trackCount: z.number().int(),
  routeCount: z.number().int(),
  waypointCount: z.number().int(),
  /** Sum of each segment's first-to-last time; null when the points carry no times. */
  durationSeconds: z.number().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type GpxSummary = z.infer<typeof gpxSummarySchema>;

/** Spec 2 section 3, "GPX parsed data", plus routes and the summary. */
export const gpxDataSchema = z.object({
  name: z.string().nullable(),
  tracks: z.array(gpxPathSchema),
  routes: z.array(gpxPathSchema),
  waypoints: z.array(gpxWaypointSchema),
  bounds: gpxBoundsSchema.nullable(),
  summary: gpxSummarySchema,
});
export type GpxData = z.infer<typeof gpxDataSchema>;

/** What a GPX media item carries in lists: enough for the summary tiles without the points. */
export const gpxInfoSchema = z.object({
  name: z.string().nullable(),
  bounds: gpxBoundsSchema.nullable(),
  summary: gpxSummarySchema,
});
export type GpxInfo = z.infer<typeof gpxInfoSchema>;

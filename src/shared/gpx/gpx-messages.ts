/*
 * The GPX texts apart from the zod schemas of gpx-types.ts: the ride page's route viewer reads them,
 * and the ride page, a link's landing, must not bring a schema (and zod) with it.
 */

/** Spec 2 sections 5 and 8: the GPX texts. */
export const GPX_MESSAGES = {
  invalid: 'Invalid GPX file format',
  empty: 'Empty GPX file',
  /** The map's message when no uploaded file has anything to draw. */
  noValidData: 'No valid GPX data found in uploaded files',
  mapFailed: 'Failed to initialize map display',
  loadFailed: 'Failed to load route data',
} as const;

/** A GPX file with more track, route and waypoints than the server reads (the limit is named). */
export const gpxTooManyPointsMessage = (limit: number) => `This GPX file has more than ${limit.toLocaleString('en-US')} points, the most a file may have`;

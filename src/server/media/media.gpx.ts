import { Piscina } from 'piscina';
import { GPX_MAX_POINTS } from '../../shared/media/limits';
import { GPX_MESSAGES, gpxTooManyPointsMessage } from '../../shared/gpx/gpx-types';
import type { GpxData, GpxInfo } from '../../shared/gpx/gpx';
import type { PrivateBounds } from '../../shared/gpx/privacy-zone';
import { badRequest, type HttpError, invalidInput } from '../platform/errors';
import type { GpxParseOutcome, GpxTask } from './gpx.worker';

/**
 * The version of the GPX reader whose summary a stored file carries (`reader` in gpx_info): 2 counts
 * a track and a route of one road once and smooths elevation (issue 29 point 9). Raised when the
 * reader changes what it measures, so refresh-gpx-summaries reads the stored files again.
 */
export const GPX_READER_VERSION = 2;

export interface ParsedGpxFile {
  info: GpxInfo;
  /** What the map draws: tracks, routes and waypoints (long tracks simplified). */
  data: GpxData;
  /** The bounds of the file as each privacy zone trims it. */
  privateBounds: PrivateBounds;
  /** The worker thread that read it (never the request thread). */
  threadId: number;
}

let pool: Piscina<GpxTask, GpxParseOutcome | null> | null = null;
let filesBeingRead = 0;

/** How many GPX uploads the worker thread is reading (or has queued) right now. */
export function gpxFilesBeingRead(): number {
  return filesBeingRead;
}

/**
 * One worker thread per server process reads GPX files (a 200,000-point file takes a second or
 * more of CPU): the request thread only waits for it, so other requests are answered meanwhile.
 * More uploads at once queue for the thread rather than take more cores from the requests. The
 * thread ends after a minute without work and starts again on the next file.
 */
export function gpxPool(): Piscina<GpxTask, GpxParseOutcome | null> {
  pool ??= new Piscina({ filename: new URL('./gpx-worker.mjs', import.meta.url).href, minThreads: 0, maxThreads: 1, idleTimeout: 60_000 });
  return pool;
}

/** The GPX reader's refusal as a code: the spec's two texts, the point limit, else the reader's own words. */
function gpxRefusal(message: string): HttpError {
  if (message === GPX_MESSAGES.invalid) return badRequest('gpx_invalid');
  if (message === GPX_MESSAGES.empty) return badRequest('gpx_empty');
  if (message === gpxTooManyPointsMessage(GPX_MAX_POINTS)) return badRequest('gpx_too_many_points', { max: GPX_MAX_POINTS });
  return invalidInput(message, 'file');
}

/**
 * Reads an uploaded GPX file (in the worker thread) through the shared GPX reader, which expands
 * no entities and refuses any DOCTYPE at once. A file that is not usable answers 400 with the
 * spec's text ('Invalid GPX file format', 'Empty GPX file'), or naming the point limit.
 */
export async function parseGpxFile(path: string): Promise<ParsedGpxFile> {
  filesBeingRead += 1;
  let outcome: GpxParseOutcome | null;
  try {
    outcome = await gpxPool().run({ kind: 'parse', path });
  } finally {
    filesBeingRead -= 1;
  }
  if (!outcome) throw badRequest('gpx_invalid');
  if (!outcome.ok) throw gpxRefusal(outcome.message);
  return outcome;
}

/** Writes the file at `sourcePath` as others get it (zones of `metres` trimmed, no times) to `targetPath`. */
export async function writeTrimmedGpx(sourcePath: string, targetPath: string, metres: number): Promise<void> {
  await gpxPool().run({ kind: 'trim', sourcePath, targetPath, metres });
}

import fs from 'node:fs';
import { createGpxParser, GpxError, gpxProblem, type GpxData, type GpxInfo } from '../../shared/gpx/gpx';
import { GPX_MAX_DRAW_POINTS } from '../../shared/media/limits';
import { HttpError } from '../platform/errors';

export interface ParsedGpxFile {
  info: GpxInfo;
  /** What the map draws: tracks, routes and waypoints (long tracks simplified). */
  data: GpxData;
}

/**
 * Reads an uploaded GPX file from disk in pieces (a 50 MB track never sits in memory as text)
 * through the shared GPX reader, which expands no entities and refuses any DOCTYPE at once.
 * A file that is not usable answers 400 with the spec's text ('Invalid GPX file format',
 * 'Empty GPX file').
 */
export async function parseGpxFile(path: string): Promise<ParsedGpxFile> {
  const parser = createGpxParser({ maxPathPoints: GPX_MAX_DRAW_POINTS });
  const decoder = new TextDecoder('utf-8');
  const stream = fs.createReadStream(path, { highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream) parser.write(decoder.decode(chunk as Buffer, { stream: true }));
    parser.write(decoder.decode());
    const result = parser.end();
    const problem = gpxProblem(result);
    if (problem) throw new GpxError(problem);
    const { name, bounds, summary } = result.data;
    return { info: { name, bounds, summary }, data: result.data };
  } catch (error) {
    if (error instanceof GpxError) throw new HttpError(400, error.message);
    throw error;
  } finally {
    stream.destroy();
  }
}

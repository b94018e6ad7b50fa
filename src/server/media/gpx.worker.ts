import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { threadId } from 'node:worker_threads';
import { createGpxParser, GpxError, gpxProblem, type GpxData, type GpxInfo, type GpxParseOptions, type GpxParseResult } from '../../shared/gpx/gpx';
import { privateBoundsOf, trimForOthers, type PrivateBounds } from '../../shared/gpx/privacy-zone';
import { writeGpx } from '../../shared/gpx/gpx-writer';
import { GPX_MAX_DRAW_POINTS, GPX_MAX_POINTS } from '../../shared/media/limits';

/**
 * The GPX work that takes CPU time in proportion to the file (reading, measuring, simplifying,
 * trimming): it runs in a worker thread (media.gpx.ts), so the request thread keeps answering.
 */
export type GpxTask = { kind: 'parse'; path: string } | { kind: 'trim'; sourcePath: string; targetPath: string; metres: number };

export type GpxParseOutcome =
  | { ok: true; info: GpxInfo; data: GpxData; privateBounds: PrivateBounds; threadId: number }
  | { ok: false; message: string };

/** Reads a whole file from disk in pieces (a 50 MB track never sits in memory as text). */
async function readGpx(path: string, options: GpxParseOptions = {}): Promise<GpxParseResult> {
  const parser = createGpxParser(options);
  const decoder = new TextDecoder('utf-8');
  const stream = fs.createReadStream(path, { highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream) parser.write(decoder.decode(chunk as Buffer, { stream: true }));
    parser.write(decoder.decode());
    const result = parser.end();
    const problem = gpxProblem(result);
    if (problem) throw new GpxError(problem);
    return result;
  } finally {
    stream.destroy();
  }
}

async function parse(path: string): Promise<GpxParseOutcome> {
  try {
    const { data, lines } = await readGpx(path, { maxPathPoints: GPX_MAX_DRAW_POINTS, maxPoints: GPX_MAX_POINTS });
    const { name, bounds, summary } = data;
    return { ok: true, info: { name, bounds, summary }, data, privateBounds: privateBoundsOf(lines, data.waypoints), threadId };
  } catch (error) {
    // Errors lose their class crossing the thread boundary: a file's problem comes back as a value.
    if (error instanceof GpxError) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * Writes the file as others get it (privacy zones trimmed, no times) to `targetPath`. No point
 * limit here: a file stored before the limit existed is still served to others, trimmed.
 */
async function trim(sourcePath: string, targetPath: string, metres: number): Promise<void> {
  const trimmed = trimForOthers((await readGpx(sourcePath)).data, metres);
  await pipeline(Readable.from(writeGpx(trimmed)), fs.createWriteStream(targetPath));
}

export default async function runGpxTask(task: GpxTask): Promise<GpxParseOutcome | null> {
  if (task.kind === 'parse') return parse(task.path);
  await trim(task.sourcePath, task.targetPath, task.metres);
  return null;
}

import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../context';
import { HttpError } from '../platform/errors';
import type { FileStorage } from '../platform/storage';
import { GPX_READER_VERSION, parseGpxFile } from './media.gpx';
import { mediaRepository } from './media.repository';
import type { StoredGpxInfo } from './media.presenter';

/** Files read per batch: each is read whole in the GPX worker thread, one at a time. */
const BATCH = 20;

/**
 * The housekeeping job "refresh-gpx-summaries" (issue 29 point 9): a GPX stored before the reader
 * of GPX_READER_VERSION keeps the summary read then (a track and a route of one road counted
 * twice: BaseCamp's 4.38 km showed 8.75). Each such file is read again from storage in the GPX
 * worker thread and its summary and map data written as an upload would write them now. A file
 * that is gone or no longer reads keeps what it has, marked read, so it is not tried again. Each
 * row is written only if it is as read (another server may run this too). Returns how many rows
 * were written.
 */
export async function refreshGpxSummaries(ctx: AppContext, storage: FileStorage): Promise<number> {
  let written = 0;
  for (;;) {
    const rows = await mediaRepository.gpxReadBefore(ctx.db, GPX_READER_VERSION, BATCH);
    let wroteInBatch = 0;
    for (const row of rows) {
      const read = await readAgain(storage, row.filename);
      const kept = JSON.parse(row.gpx_info) as StoredGpxInfo;
      const info: StoredGpxInfo = read ? { ...read.info, privateBounds: read.privateBounds, reader: GPX_READER_VERSION } : { ...kept, reader: GPX_READER_VERSION };
      if (await mediaRepository.replaceGpx(ctx.db, row.id, row.gpx_info, JSON.stringify(info), read ? JSON.stringify(read.data) : undefined)) wroteInBatch++;
    }
    written += wroteInBatch;
    // A short batch was the last; a batch written by nobody (each row taken by another server) ends it too.
    if (rows.length < BATCH || wroteInBatch === 0) return written;
  }
}

/** The stored file read as an upload reads it, or null when it is gone or no longer reads. */
async function readAgain(storage: FileStorage, key: string) {
  if (!(await storage.stat(key))) return null;
  const temp = await storage.createTempFile();
  try {
    await pipeline(storage.read(key), fs.createWriteStream(temp.path));
    return await parseGpxFile(temp.path);
  } catch (error) {
    // A file the reader now refuses (400) keeps the summary it has.
    if (error instanceof HttpError) return null;
    throw error;
  } finally {
    await temp.discard();
  }
}

import fsp from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';

/**
 * Phone videos carry where they were filmed: QuickTime's '©xyz' atom and 3GPP's 'loci' box in the
 * movie's user data ('udta'), Apple's 'com.apple.quicktime.location.ISO6709' key in a 'meta' box,
 * and XMP (with GPS fields) in a 'uuid' box. None of it is needed to play the video.
 *
 * This removes all of it without re-encoding and without moving a single byte: each such box keeps
 * its size but becomes a 'free' box (which every player skips) with its content zeroed, so the
 * sample offsets in the movie's tables stay valid. Only box headers are read; the media data is
 * never loaded. The file is also checked to be a well-formed ISO base media file with a movie box.
 */

/** Boxes whose content is metadata, wherever they sit among the containers walked below. */
const METADATA_BOXES = new Set(['udta', 'meta', '\u00a9xyz', 'loci', 'XMP_']);
/** The 'uuid' box type that holds XMP (Adobe's XMP specification, part 3). */
const XMP_UUID = 'be7acfcb97a942e89c71999491e3afac';
/** Containers searched for them: the movie, its tracks, and (fragmented files) movie fragments and their tracks. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'moof', 'traf', 'mvex', 'edts']);

const ZEROS = Buffer.alloc(64 * 1024);

export class InvalidVideoError extends Error {}

interface BoxHeader {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

async function readHeader(file: FileHandle, start: number, end: number): Promise<BoxHeader> {
  if (end - start < 8) throw new InvalidVideoError('truncated box header');
  const head = Buffer.alloc(16);
  const { bytesRead } = await file.read(head, 0, Math.min(16, end - start), start);
  if (bytesRead < 8) throw new InvalidVideoError('truncated box header');
  const type = head.toString('latin1', 4, 8);
  let size = head.readUInt32BE(0);
  let headerSize = 8;
  if (size === 1) {
    if (bytesRead < 16) throw new InvalidVideoError('truncated large box header');
    const large = head.readBigUInt64BE(8);
    if (large > BigInt(Number.MAX_SAFE_INTEGER)) throw new InvalidVideoError('box too large');
    size = Number(large);
    headerSize = 16;
  } else if (size === 0) {
    size = end - start; // the box runs to the end of its parent (or of the file)
  }
  if (size < headerSize || start + size > end) throw new InvalidVideoError(`box ${JSON.stringify(type)} does not fit`);
  return { type, start, headerSize, size };
}

async function userType(file: FileHandle, box: BoxHeader): Promise<string | null> {
  if (box.size < box.headerSize + 16) return null;
  const id = Buffer.alloc(16);
  await file.read(id, 0, 16, box.start + box.headerSize);
  return id.toString('hex');
}

async function neutralize(file: FileHandle, box: BoxHeader): Promise<void> {
  await file.write(Buffer.from('free', 'latin1'), 0, 4, box.start + 4);
  for (let at = box.start + box.headerSize; at < box.start + box.size; at += ZEROS.length) {
    await file.write(ZEROS, 0, Math.min(ZEROS.length, box.start + box.size - at), at);
  }
}

/** Walks the boxes between start and end; returns the types seen at this level. */
async function walk(file: FileHandle, start: number, end: number, depth: number, removed: string[]): Promise<string[]> {
  const types: string[] = [];
  let at = start;
  let count = 0;
  while (at < end) {
    if (++count > 100_000) throw new InvalidVideoError('too many boxes');
    const box = await readHeader(file, at, end);
    types.push(box.type);
    if (METADATA_BOXES.has(box.type) || (box.type === 'uuid' && (await userType(file, box)) === XMP_UUID)) {
      await neutralize(file, box);
      removed.push(box.type);
    } else if (CONTAINERS.has(box.type) && depth < 8) {
      await walk(file, box.start + box.headerSize, box.start + box.size, depth + 1, removed);
    }
    at = box.start + box.size;
  }
  return types;
}

/**
 * Strips location and other metadata from an MP4 file in place (see above). Throws
 * InvalidVideoError when the file is not a well-formed ISO base media file with a movie.
 * Returns the types of the boxes it blanked.
 */
export async function stripVideoMetadata(filePath: string): Promise<string[]> {
  const file = await fsp.open(filePath, 'r+');
  try {
    const { size } = await file.stat();
    const removed: string[] = [];
    const topLevel = await walk(file, 0, size, 0, removed);
    if (topLevel[0] !== 'ftyp' || !topLevel.includes('moov')) throw new InvalidVideoError('no movie box');
    await file.sync();
    return removed;
  } finally {
    await file.close();
  }
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { StartupError } from './errors';
import { makePrivateDir, PRIVATE_FILE_MODE, writePrivateFile } from './private-files';
import { createS3Storage } from './storage-s3';
import { assertKeyPrefix, assertStorageKey, isStorageKey, isTempFile, KEYS_PAGE } from './storage-keys';

export { isStorageKey } from './storage-keys';

/**
 * The one place every stored file goes through (uploaded media, thumbnails, and later GPX and video).
 *
 * Files are addressed by an opaque key chosen by the caller (see `isStorageKey`); the storage never
 * interprets it. Uploads in progress live in temp files: a local path the caller streams into, sniffs
 * and hands to sharp, then either `put`s under a key (moved, not copied, on local disk) or discards.
 * An S3-compatible store implements the same interface: temp files stay on local disk, `put`
 * uploads them, `read` maps a range onto a ranged GET, `stat` onto HEAD.
 */
export interface FileStorage {
  /** A new, empty scratch file for an upload in progress. The caller must discard() it when done. */
  createTempFile(): Promise<TempFile>;
  /** Stores bytes under a key; a temp file is consumed (moved) by this. Readers never see a partial file. */
  put(key: string, body: Buffer | Readable | TempFile): Promise<StoredFileInfo>;
  /** Size of a stored file, or null when there is none under the key. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** The stored bytes, or only those of an inclusive byte range. */
  read(key: string, range?: ByteRange): Readable;
  /** Removes a stored file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * The keys stored under a prefix (at least two characters, which name the local store's folder),
   * a page at a time, in no set order; for sweeps of files no row knows (previews/picture-sweep.ts).
   */
  keys(prefix: string): AsyncIterable<string[]>;
  /** Where a stored file is, for an operator to fetch it by hand: a local path or an s3:// URL. */
  locate(key: string): string;
  /** Proves at start that files can be stored (the folder is writable, the bucket answers these credentials); a StartupError says what to fix. */
  checkAccess(): Promise<void>;
  /** Removes temp files older than the cutoff (left behind by a process that died mid-upload). */
  sweepTempFiles(olderThanMs: number): Promise<number>;
}

export interface TempFile {
  /** A local file the caller writes and reads. */
  readonly path: string;
  /** Removes the file; safe to call more than once, and after put() consumed it. */
  discard(): Promise<void>;
}

export interface StoredFileInfo {
  size: number;
}

/** Inclusive, like HTTP's Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Made private (whoever wrote it: sharp, ffmpeg, the GPX worker) and durable, before it is stored. */
async function fsyncPrivateFile(file: string): Promise<void> {
  const handle = await fsp.open(file, 'r+');
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Files under `root` (DATA_DIR/media): `<first two characters of the key>/<key>`, so no directory
 * grows past a few thousand entries; temp files under `root/.tmp`, on the same file system so that
 * storing one is an atomic rename.
 */
export function createLocalStorage(root: string): FileStorage {
  const tmpDir = path.join(root, '.tmp');
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key.slice(0, 2), key);
  };
  const newTempPath = () => path.join(tmpDir, `${crypto.randomBytes(16).toString('hex')}.part`);
  const tempFile = (file: string): TempFile => ({ path: file, discard: () => fsp.rm(file, { force: true }) });

  return {
    async createTempFile() {
      await makePrivateDir(tmpDir);
      const file = newTempPath();
      // Private from the first byte: an upload in progress is a rider's photo or GPX track.
      await writePrivateFile(file, '', 'wx');
      return tempFile(file);
    },

    async put(key, body) {
      const target = fileOf(key);
      await makePrivateDir(path.dirname(target));
      let source: string;
      if (isTempFile(body)) {
        source = body.path;
      } else {
        await makePrivateDir(tmpDir);
        source = newTempPath();
        try {
          if (Buffer.isBuffer(body)) await writePrivateFile(source, body, 'wx');
          else await pipeline(body, fs.createWriteStream(source, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
        } catch (error) {
          await fsp.rm(source, { force: true });
          throw error;
        }
      }
      try {
        // Durable before the database row that points at it is committed.
        await fsyncPrivateFile(source);
        await fsp.rename(source, target);
      } catch (error) {
        await fsp.rm(source, { force: true });
        throw error;
      }
      const { size } = await fsp.stat(target);
      return { size };
    },

    async stat(key) {
      try {
        const stats = await fsp.stat(fileOf(key));
        return stats.isFile() ? { size: stats.size } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    read(key, range) {
      return fs.createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
    },

    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },

    async *keys(prefix) {
      assertKeyPrefix(prefix);
      let names: string[];
      try {
        names = await fsp.readdir(path.join(root, prefix.slice(0, 2)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      const keys = names.filter((name) => name.startsWith(prefix) && isStorageKey(name));
      for (let at = 0; at < keys.length; at += KEYS_PAGE) yield keys.slice(at, at + KEYS_PAGE);
    },

    locate: fileOf,

    async checkAccess() {
      try {
        await makePrivateDir(tmpDir);
        await fsp.access(root, fs.constants.W_OK);
      } catch (error) {
        throw new StartupError(`cannot store files in ${root}: ${(error as Error).message}`);
      }
    },

    async sweepTempFiles(olderThanMs) {
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      let names: string[];
      try {
        names = await fsp.readdir(tmpDir);
      } catch {
        return 0;
      }
      for (const name of names) {
        const file = path.join(tmpDir, name);
        const stats = await fsp.stat(file).catch(() => null);
        if (stats && stats.mtimeMs < cutoff) {
          await fsp.rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}

// One store per configuration: an S3 client keeps its connections open for the next request.
const storeOfConfig = new WeakMap<object, FileStorage>();

/**
 * The storage the configuration selects: an S3-compatible bucket when STORAGE_URL is set, else local
 * disk under DATA_DIR/media. Temp files for uploads in progress are local either way.
 */
export function createStorage(config: Pick<Config, 'dataDir' | 'objectStorage'>): FileStorage {
  let storage = storeOfConfig.get(config);
  if (!storage) {
    const local = createLocalStorage(path.join(config.dataDir, 'media'));
    storage = config.objectStorage ? createS3Storage(config.objectStorage, local) : local;
    storeOfConfig.set(config, storage);
  }
  return storage;
}

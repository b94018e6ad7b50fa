import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * Everything the server keeps on disk is private to the user it runs as: the database holds every
 * rider's e-mail and every calendar feed's secret, the outbox holds sign-in links, stored files are
 * riders' photos and GPX tracks (home addresses), and a backup holds all of it. So files are 0600 and
 * folders 0700, set explicitly: a mode given to open or mkdir is narrowed by the umask and never
 * applies to a file that is already there, so each helper here also chmods what it creates.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** The folders from `dir` up to `created` (the first one mkdir made), which mkdir -p just made. */
function createdChain(dir: string, created: string | undefined): string[] {
  if (created === undefined) return [];
  const chain: string[] = [];
  const top = path.resolve(created);
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    chain.push(at);
    if (at === top || path.dirname(at) === at) return chain;
  }
}

/** mkdir -p, each folder it makes 0700. A folder that was there is left as it is (see tightenDataDir). */
export function makePrivateDirSync(dir: string): void {
  for (const made of createdChain(dir, fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE }))) fs.chmodSync(made, PRIVATE_DIR_MODE);
}

export async function makePrivateDir(dir: string): Promise<void> {
  for (const made of createdChain(dir, await fsp.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE }))) await fsp.chmod(made, PRIVATE_DIR_MODE);
}

/**
 * Creates an empty 0600 file, or does nothing when there is one. For a file another program fills
 * (SQLite, pg_dump): it writes into the file it finds and keeps its mode, and SQLite gives the
 * database's -wal and -shm files the mode of the database file.
 */
export function createPrivateFileSync(file: string): void {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  try {
    fs.fchmodSync(fd, PRIVATE_FILE_MODE);
  } finally {
    fs.closeSync(fd);
  }
}

/** Opens `file` for writing (`flags` 'w' or 'wx'), made 0600 before a byte is written, whether it was there or not. */
export async function openPrivateFile(file: string, flags: 'w' | 'wx'): Promise<fsp.FileHandle> {
  const handle = await fsp.open(file, flags, PRIVATE_FILE_MODE);
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** Writes `data` to a 0600 file (replacing one that is there). */
export async function writePrivateFile(file: string, data: Buffer | string, flags: 'w' | 'wx' = 'w'): Promise<void> {
  const handle = await openPrivateFile(file, flags);
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}

export interface TighteningResult {
  /** Files and folders whose group and other permissions were removed. */
  changed: number;
  /** Those that could not be changed (or read), with the reason. */
  failed: Array<{ path: string; reason: string }>;
}

/**
 * Removes group and other permissions from `dataDir` and everything in it, keeping the owner's
 * (a 0644 file becomes 0600, a 0755 folder 0700), for installations made before the server wrote
 * private files. Symbolic links are not followed: what they point at is outside what the server
 * wrote, and may not be the server's to change. Never throws: what cannot be changed is reported.
 * Synchronous, as it runs at start before anything else: about 0.7 s for 100,000 stored files
 * (measured on the 2-core test machine under load).
 */
export function tightenDataDir(dataDir: string, chmod: (file: string, mode: number) => void = fs.chmodSync): TighteningResult {
  const result: TighteningResult = { changed: 0, failed: [] };
  const reasonOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  const visit = (entry: string) => {
    let stats: fs.Stats;
    try {
      stats = fs.lstatSync(entry);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') result.failed.push({ path: entry, reason: reasonOf(error) });
      return;
    }
    if (!stats.isFile() && !stats.isDirectory()) return;
    if ((stats.mode & 0o077) !== 0) {
      try {
        chmod(entry, stats.mode & 0o700);
        result.changed += 1;
      } catch (error) {
        result.failed.push({ path: entry, reason: reasonOf(error) });
      }
    }
    if (!stats.isDirectory()) return;
    let names: string[];
    try {
      names = fs.readdirSync(entry);
    } catch (error) {
      result.failed.push({ path: entry, reason: reasonOf(error) });
      return;
    }
    for (const name of names) visit(path.join(entry, name));
  };
  if (fs.existsSync(dataDir)) visit(dataDir);
  return result;
}

/**
 * tightenDataDir once per start, by the single process or the cluster primary before it forks:
 * one line when it changed something, one when something could not be changed. Never stops the
 * start; the files it could not change stay as they were.
 */
export function tightenDataDirAtStart(dataDir: string, log: { info(line: string): void; warn(line: string): void }, chmod?: (file: string, mode: number) => void): TighteningResult {
  const result = tightenDataDir(dataDir, chmod);
  if (result.changed > 0) log.info(`Tightened file permissions in DATA_DIR (${dataDir}): ${result.changed} files and folders made private (0600/0700)`);
  if (result.failed.length > 0) {
    const listed = result.failed.slice(0, 5).map((f) => `${f.path} (${f.reason})`);
    const more = result.failed.length > listed.length ? ` and ${result.failed.length - listed.length} more` : '';
    log.warn(`Could not make ${result.failed.length} of the files and folders in DATA_DIR private; change their owner or mode by hand: ${listed.join(', ')}${more}`);
  }
  return result;
}

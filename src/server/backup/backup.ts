import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { pipeline } from 'node:stream/promises';
import SQLite from '../db/sqlite-driver';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Config } from '../config';
import { openDatabase, sqliteFile, type Engine } from '../db/database';
import type { Database } from '../db/schema';
import { createStorage, type FileStorage } from '../platform/storage';
import { createPrivateFileSync, makePrivateDir, openPrivateFile } from '../platform/private-files';
import { backupRepository } from './backup.repository';

/**
 * npm run backup / npm run restore. A backup is one file:
 *
 *   RoadCaptain backup 1 <header length>\n
 *   <header: JSON { engine, createdAt, databaseBytes, files: [{ key, size }], missing: [key] }>
 *   <the database: a SQLite file, or pg_dump's custom format>
 *
 * The database part is a consistent snapshot taken while the server runs; the manifest (`files`)
 * lists every stored file a row of that snapshot points at, with its size, read in the same
 * snapshot. Stored files themselves are not in the backup: media can be far larger than the
 * database, and the media folder or bucket is best copied with the operator's own tools.
 */
export const BACKUP_MAGIC = 'RoadCaptain backup 1';

export interface BackupManifest {
  engine: Engine;
  createdAt: string;
  databaseBytes: number;
  files: Array<{ key: string; size: number }>;
  /** Keys rows point at but storage did not hold when the backup was taken. */
  missing: string[];
}

/** A backup or restore that cannot go ahead; the message says why and what to do. */
export class BackupError extends Error {}

/**
 * SQLite's online backup API copies the database page by page; were the source written between
 * two steps, SQLite would start again. Copying every page in one step reads one consistent
 * snapshot (in WAL mode writers carry on meanwhile) and so never restarts.
 */
const ALL_PAGES = 0x7fffffff;

/** The files SQLite may keep beside a database file. */
const sqliteSideFiles = (file: string) => [`${file}-wal`, `${file}-shm`, `${file}-journal`];

async function backupSqlite(config: Config, target: string): Promise<string[]> {
  const source = sqliteFile(config.dataDir);
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}: set DATA_DIR to the server's data directory.`);
  const sqlite = new SQLite(source, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    await sqlite.backup(target, { progress: () => ALL_PAGES });
  } finally {
    sqlite.close();
  }
  // The copy is marked as a WAL database, like its source, so even a read-only reader would make
  // -wal and -shm files beside it. Out of WAL it is one self-contained file; the server puts a
  // restored database back into WAL when it opens it.
  const writable = new SQLite(target, { fileMustExist: true });
  try {
    writable.pragma('journal_mode = DELETE');
  } finally {
    writable.close();
  }
  const copy = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(target, { readonly: true }) }) });
  try {
    return await backupRepository.referencedStorageKeys(copy);
  } finally {
    await copy.destroy();
  }
}

/** Runs a PostgreSQL client tool; a missing tool becomes one clear message. */
function runTool(command: string, args: string[], stdin?: NodeJS.ReadableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: [stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${command} is not installed. Install the PostgreSQL client tools of the server's major version (for example: apt install postgresql-client) and run this again.`)
          : error,
      );
    });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit code ${code}): ${stderr.trim()}`))));
    if (stdin) pipeline(stdin, child.stdin!).catch(reject);
  });
}

/**
 * pg_dump runs in a snapshot this process exported from a repeatable-read transaction, and the
 * manifest is read in that same transaction: the dump and the manifest see the same rows.
 */
async function backupPostgres(config: Config, target: string): Promise<string[]> {
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await db.kysely
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (tx) => {
        const { rows } = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(tx);
        await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${rows[0]!.snapshot}`, `--file=${target}`, `--dbname=${config.databaseUrl}`]);
        return backupRepository.referencedStorageKeys(tx);
      });
  } finally {
    await db.close();
  }
}

/** Sizes of the listed files in storage, a few at a time (on S3 each is a HEAD request). */
async function statAll(storage: FileStorage, keys: string[]): Promise<{ files: BackupManifest['files']; missing: string[] }> {
  const files: BackupManifest['files'] = [];
  const missing: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      const info = await storage.stat(key);
      if (info) files.push({ key, size: info.size });
      else missing.push(key);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { files: files.sort((a, b) => a.key.localeCompare(b.key)), missing: missing.sort() };
}

/** Writes a backup of the configured database to `file`, which appears only once complete. */
export async function createBackup(config: Config, file: string): Promise<BackupManifest> {
  const engine: Engine = config.databaseUrl ? 'postgres' : 'sqlite';
  const databasePart = `${file}.database.part`;
  const partial = `${file}.part`;
  // Everything written here holds every rider's e-mail and every feed secret: each file is made
  // 0600 before a byte goes in (SQLite and pg_dump write into the empty file they find, keeping its
  // mode), and none is left beside the backup.
  const leftovers = [databasePart, ...sqliteSideFiles(databasePart), partial];
  await Promise.all(leftovers.map((leftover) => fsp.rm(leftover, { force: true })));
  try {
    createPrivateFileSync(databasePart);
    const keys = engine === 'sqlite' ? await backupSqlite(config, databasePart) : await backupPostgres(config, databasePart);
    const { files, missing } = await statAll(createStorage(config), keys);
    const databaseBytes = (await fsp.stat(databasePart)).size;
    const manifest: BackupManifest = { engine, createdAt: new Date().toISOString(), databaseBytes, files, missing };
    const header = Buffer.from(JSON.stringify(manifest));
    const out = (await openPrivateFile(partial, 'wx')).createWriteStream();
    out.write(`${BACKUP_MAGIC} ${header.length}\n`);
    out.write(header);
    await pipeline(fs.createReadStream(databasePart), out);
    const handle = await fsp.open(partial, 'r+');
    await handle.sync();
    await handle.close();
    await fsp.rename(partial, file);
    return manifest;
  } finally {
    await Promise.all(leftovers.map((leftover) => fsp.rm(leftover, { force: true })));
  }
}

/** The manifest of a backup file and where its database part starts. */
export async function readBackupHeader(file: string): Promise<{ manifest: BackupManifest; databaseOffset: number }> {
  const handle = await fsp.open(file, 'r').catch(() => {
    throw new BackupError(`Cannot read the backup file ${file}.`);
  });
  try {
    const first = Buffer.alloc(64);
    const { bytesRead } = await handle.read(first, 0, first.length, 0);
    const lineEnd = first.subarray(0, bytesRead).indexOf('\n');
    const match = lineEnd === -1 ? null : /^RoadCaptain backup 1 (\d+)$/.exec(first.subarray(0, lineEnd).toString('latin1'));
    if (!match) throw new BackupError(`${file} is not a RoadCaptain backup (made by npm run backup).`);
    const headerLength = Number(match[1]);
    const header = Buffer.alloc(headerLength);
    await handle.read(header, 0, headerLength, lineEnd + 1);
    return { manifest: JSON.parse(header.toString('utf8')) as BackupManifest, databaseOffset: lineEnd + 1 + headerLength };
  } finally {
    await handle.close();
  }
}

export interface RestoreSummary {
  manifest: BackupManifest;
  /** Files the manifest lists that the configured storage does not hold (yet). */
  missingFiles: string[];
}

async function restoreSqlite(config: Config, file: string, offset: number): Promise<void> {
  const target = sqliteFile(config.dataDir);
  for (const existing of [target, `${target}-wal`]) {
    if (fs.existsSync(existing)) {
      throw new BackupError(`DATA_DIR ${config.dataDir} already holds a database (${existing}). A restore only goes into an empty DATA_DIR: point DATA_DIR at a new directory, or move the old database away first.`);
    }
  }
  await makePrivateDir(config.dataDir);
  const partial = `${target}.restore.part`;
  const leftovers = [partial, ...sqliteSideFiles(partial)];
  await Promise.all(leftovers.map((leftover) => fsp.rm(leftover, { force: true })));
  try {
    // 0600 from the first byte, as the server makes its database (db/database.ts).
    const out = await openPrivateFile(partial, 'wx');
    await pipeline(fs.createReadStream(file, { start: offset }), out.createWriteStream());
    // A read-write connection: it removes the -wal and -shm files a backup of an older release
    // (still marked WAL) makes it create.
    const sqlite = new SQLite(partial);
    try {
      const result = sqlite.pragma('integrity_check', { simple: true });
      if (result !== 'ok') throw new BackupError(`The database in the backup is damaged (integrity check: ${String(result)}).`);
    } finally {
      sqlite.close();
    }
    const handle = await fsp.open(partial, 'r+');
    await handle.sync();
    await handle.close();
    await fsp.rename(partial, target);
  } finally {
    await Promise.all(leftovers.map((leftover) => fsp.rm(leftover, { force: true })));
  }
}

async function restorePostgres(config: Config, file: string, offset: number): Promise<void> {
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (await backupRepository.hasAnyTable(db.kysely)) {
      throw new BackupError('The database DATABASE_URL names already holds tables. A restore only goes into an empty database: create a new one (createdb) and point DATABASE_URL at it.');
    }
  } finally {
    await db.close();
  }
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${config.databaseUrl}`], fs.createReadStream(file, { start: offset }));
}

/** Restores a backup into the configured, empty DATA_DIR (SQLite) or database (PostgreSQL). */
export async function restoreBackup(config: Config, file: string): Promise<RestoreSummary> {
  const { manifest, databaseOffset } = await readBackupHeader(file);
  const engine: Engine = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.engine !== engine) {
    throw new BackupError(
      manifest.engine === 'sqlite'
        ? 'This is a backup of a SQLite database, but DATABASE_URL is set: unset it to restore into DATA_DIR.'
        : 'This is a backup of a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it.',
    );
  }
  if (engine === 'sqlite') await restoreSqlite(config, file, databaseOffset);
  else await restorePostgres(config, file, databaseOffset);
  const { missing } = await statAll(createStorage(config), manifest.files.map((f) => f.key));
  return { manifest, missingFiles: missing };
}

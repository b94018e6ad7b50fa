import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from './sqlite-driver';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { testGazetteerDir } from '../test/test-gazetteer';
import { DatabaseSettingsError, openDatabase, sqliteSettingsProblem } from './database';

// GUIDE section 5: SQLite runs with WAL, synchronous=FULL and foreign keys on. SQLite keeps its old
// journal mode without an error when it cannot switch (a network file system), so the server reads
// the settings back and refuses to start on anything else.

const dirs: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-sqlite-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A database in rollback-journal mode that another process keeps open in a read transaction: no one can switch it to WAL. */
function lockedRollbackDatabase(dataDir: string): SQLite.Database {
  const other = new SQLite(path.join(dataDir, 'roadcaptain.sqlite'));
  other.exec('create table held (x); begin; select * from held;');
  return other;
}

describe('SQLite settings at start', () => {
  it('runs with WAL, synchronous=FULL and foreign keys on, read back from SQLite', async () => {
    const db = openDatabase({ databaseUrl: null, dataDir: newDataDir() });
    try {
      const read = async (pragma: string) => Object.values((await sql.raw<Record<string, unknown>>(`pragma ${pragma}`).execute(db.kysely)).rows[0]!)[0];
      expect(await read('journal_mode')).toBe('wal');
      expect(await read('synchronous')).toBe(2);
      expect(await read('foreign_keys')).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('names what is wrong with settings SQLite did not take, and nothing when all hold', () => {
    const file = '/mnt/nfs/roadcaptain.sqlite';
    expect(sqliteSettingsProblem(file, { journalMode: 'wal', synchronous: 2, foreignKeys: 1 })).toBeNull();
    expect(sqliteSettingsProblem(file, { journalMode: 'delete', synchronous: 2, foreignKeys: 1 })).toBe(
      'SQLite cannot use its write-ahead log for /mnt/nfs/roadcaptain.sqlite (journal_mode stays "delete"): put DATA_DIR on a local disk, not a network file system, or use PostgreSQL (DATABASE_URL)',
    );
    expect(sqliteSettingsProblem(file, { journalMode: 'wal', synchronous: 1, foreignKeys: 1 })).toMatch(/synchronous at 1 instead of 2 \(FULL\)/);
    expect(sqliteSettingsProblem(file, { journalMode: 'wal', synchronous: 2, foreignKeys: 0 })).toMatch(/foreign key checks off/);
  });

  it('refuses to open a database it cannot switch to WAL', () => {
    const dataDir = newDataDir();
    const other = lockedRollbackDatabase(dataDir);
    try {
      expect(() => openDatabase({ databaseUrl: null, dataDir })).toThrow(DatabaseSettingsError);
    } finally {
      other.close();
    }
  });

  it('npm start stops with one clear line when WAL cannot be enabled', async () => {
    const dataDir = newDataDir();
    const other = lockedRollbackDatabase(dataDir);
    try {
      const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: { ...process.env, DATA_DIR: dataDir, GAZETTEER_DIR: testGazetteerDir(), PORT: '0', HOST: '127.0.0.1', WORKERS: '1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
      expect(code).toBe(1);
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Cannot start: SQLite cannot switch .*roadcaptain\.sqlite to its write-ahead log: database is locked$/);
    } finally {
      other.close();
    }
  }, 120_000);
});

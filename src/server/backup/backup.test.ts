import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from '../db/sqlite-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshPostgresDatabase, type TestApp } from '../test/test-app';
import { buildGroup, buildGuest, buildRide, type Rider } from '../test/factories';
import { fileOf, PHOTO, postMultipart } from '../media/media.test-helpers';
import { sqliteFile } from '../db/database';
import { expectPrivate } from '../test/private-modes';
import { BackupError, createBackup, readBackupHeader, restoreBackup } from './backup';

// npm run backup / restore (README "Backups"): a backup taken while riders write holds every write
// acknowledged before it began, restores into an empty DATA_DIR or database only, and lists the
// stored files its rows point at.

const pgBase = process.env.TEST_DATABASE_URL;

describe('backup and restore', () => {
  let t: TestApp;
  let owner: Rider;
  let rideId: string;
  let mediaKey: string;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-backup-'));

  beforeAll(async () => {
    t = await createTestApp({ WRITE_LIMIT_PER_SESSION: '100000', WRITE_LIMIT_PER_ADDRESS: '100000' });
    owner = await buildGuest(t);
    const group = await buildGroup(owner);
    rideId = (await buildRide(owner, group.id)).id;
    const upload = await postMultipart(t, '/api/media', owner.client, [fileOf(PHOTO, 'ride.jpg')]);
    expect(upload.statusCode).toBe(201);
    const media = await t.app.ctx.db.selectFrom('media').select(['filename']).executeTakeFirstOrThrow();
    mediaKey = media.filename;
  });

  afterAll(async () => {
    await t.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('holds every write acknowledged before it began, taken while riders keep writing, and restores intact', async () => {
    const acknowledged: Array<{ content: string; at: number }> = [];
    let writing = true;
    const writer = async (n: number) => {
      for (let i = 0; writing; i++) {
        const content = `writer ${n} comment ${i}`;
        const res = await owner.client.post(`/api/rides/${rideId}/comments`, { content });
        expect(res.statusCode).toBe(201);
        acknowledged.push({ content, at: Date.now() });
      }
    };
    const writers = [1, 2, 3, 4].map(writer);
    while (acknowledged.length < 40) await new Promise((resolve) => setImmediate(resolve));
    const backupBegan = Date.now();
    const before = acknowledged.filter((w) => w.at < backupBegan).map((w) => w.content);
    const file = path.join(workDir, 'during-writes.rcbackup');
    const manifest = await createBackup(t.config, file);
    // Writes go on while the backup runs and after it.
    const countAtEnd = acknowledged.length;
    while (acknowledged.length < countAtEnd + 10) await new Promise((resolve) => setImmediate(resolve));
    writing = false;
    await Promise.all(writers);

    expect(manifest.files).toContainEqual({ key: mediaKey, size: expect.any(Number) as number });
    expect(manifest.missing).toEqual([]);

    const target = pgBase ? await freshPostgresDatabase(pgBase) : null;
    const restoreDir = path.join(workDir, 'restored');
    const restoredConfig = { ...t.config, dataDir: restoreDir, databaseUrl: target?.url ?? null };
    try {
      const summary = await restoreBackup(restoredConfig, file);
      // The media folder was not copied to the new DATA_DIR yet: restore says which files to bring.
      expect(summary.missingFiles).toContain(mediaKey);
      if (!target) {
        const sqlite = new SQLite(sqliteFile(restoreDir), { readonly: true });
        expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
        sqlite.close();
      }
      // The restored database serves: the server migrates it at start, and the rider's session still holds.
      const restored = await createTestApp({ DATA_DIR: restoreDir, ...(target ? { DATABASE_URL: target.url } : {}) });
      try {
        const contents = (await restored.app.ctx.db.selectFrom('ride_comments').select('content').where('ride_id', '=', rideId).execute()).map((r) => r.content);
        for (const content of before) expect(contents).toContain(content);
        const ride = await restored.app.inject({ method: 'GET', url: `/api/rides/${rideId}`, headers: { cookie: owner.client.cookie! } });
        expect(ride.statusCode).toBe(200);
      } finally {
        await restored.close();
      }
    } finally {
      await target?.drop();
    }
  });

  it('is written private (it holds every rider), and leaves nothing beside it', async () => {
    const dir = path.join(workDir, 'private');
    fs.mkdirSync(dir);
    const file = path.join(dir, 'roadcaptain.rcbackup');
    // What a backup cut off by a crash left, and an older backup of the same name: both as an older release wrote them.
    fs.writeFileSync(`${file}.part`, 'half a backup', { mode: 0o644 });
    fs.writeFileSync(file, 'last week', { mode: 0o644 });
    const savedUmask = process.umask(0);
    try {
      await createBackup(t.config, file);
    } finally {
      process.umask(savedUmask);
    }
    expect(fs.readdirSync(dir)).toEqual(['roadcaptain.rcbackup']);
    expectPrivate(file, workDir);
    expect((await readBackupHeader(file)).manifest.engine).toBe(pgBase ? 'postgres' : 'sqlite');
  });

  it.skipIf(pgBase)('restores a private database into a private DATA_DIR, with nothing beside it', async () => {
    const file = path.join(workDir, 'to-restore.rcbackup');
    await createBackup(t.config, file);
    // A backup of an older release: its database still marked as in WAL mode (bytes 18 and 19 of the header are 2).
    const older = path.join(workDir, 'older-release.rcbackup');
    const bytes = fs.readFileSync(file);
    const { databaseOffset } = await readBackupHeader(file);
    bytes[databaseOffset + 18] = 2;
    bytes[databaseOffset + 19] = 2;
    fs.writeFileSync(older, bytes);
    for (const [name, backup] of [['new', file], ['older', older]] as const) {
      const restoreDir = path.join(workDir, `private-restore-${name}`, 'data');
      const savedUmask = process.umask(0);
      try {
        await restoreBackup({ ...t.config, dataDir: restoreDir }, backup);
      } finally {
        process.umask(savedUmask);
      }
      expect(fs.readdirSync(restoreDir)).toEqual(['roadcaptain.sqlite']);
      for (const target of [path.dirname(restoreDir), restoreDir, sqliteFile(restoreDir)]) expectPrivate(target, workDir);
    }
  });

  it('restores only into an empty DATA_DIR or database, and says so', async () => {
    const file = path.join(workDir, 'refused.rcbackup');
    await createBackup(t.config, file);
    const refusal = await restoreBackup(t.config, file).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BackupError);
    expect((refusal as Error).message).toMatch(pgBase ? /already holds tables/ : /already holds a database/);
  });

  it('refuses a file that is not a backup, and a backup of the other engine', async () => {
    const notABackup = path.join(workDir, 'notes.txt');
    fs.writeFileSync(notABackup, 'shopping list');
    await expect(restoreBackup(t.config, notABackup)).rejects.toThrow(/is not a RoadCaptain backup/);

    const file = path.join(workDir, 'engine.rcbackup');
    await createBackup(t.config, file);
    const { manifest } = await readBackupHeader(file);
    const otherEngine = pgBase ? { ...t.config, databaseUrl: null, dataDir: path.join(workDir, 'other') } : { ...t.config, databaseUrl: 'postgres://127.0.0.1:1/none' };
    await expect(restoreBackup(otherEngine, file)).rejects.toThrow(manifest.engine === 'sqlite' ? /DATABASE_URL is set/ : /set DATABASE_URL/);
  });
});

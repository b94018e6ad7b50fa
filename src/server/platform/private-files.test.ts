import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteFile } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createTestApp } from '../test/test-app';
import { testGazetteerDir } from '../test/test-gazetteer';
import { buildGuest } from '../test/factories';
import { everythingUnder, expectPrivate, nobodyCanRead, readsAsNobodyWork, withPathOpenedUp } from '../test/private-modes';
import { fileOf, PHOTO, postMultipart } from '../media/media.test-helpers';
import { createMailer } from './mailer';
import { createLocalStorage } from './storage';
import { tightenDataDirAtStart } from './private-files';

// Issue 27: what the server keeps on disk (the database, uploads, the outbox) is private to the user
// it runs as, whatever the umask: files 0600, folders 0700. An installation made before that is
// tightened at start. Checked with stat and with a read as the unprivileged user nobody.

let root: string;
const savedUmask = process.umask();

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-private-'));
  // The most permissive umask there is: only explicit modes keep anything private.
  process.umask(0);
});

afterAll(() => {
  process.umask(savedUmask);
  fs.rmSync(root, { recursive: true, force: true });
});

const newDir = (name: string) => path.join(root, name, 'data');

describe.skipIf(process.env.TEST_DATABASE_URL)('the SQLite database', () => {
  it('is made private in a private DATA_DIR, with its -wal and -shm files', async () => {
    const dataDir = newDir('sqlite');
    const db = openDatabase({ databaseUrl: null, dataDir });
    try {
      await migrateToLatest(db);
      const file = sqliteFile(dataDir);
      // While the database is open its write-ahead log and shared memory files are there.
      for (const target of [dataDir, path.dirname(dataDir), file, `${file}-wal`, `${file}-shm`]) expectPrivate(target, root);
    } finally {
      await db.close();
    }
  });
});

describe('stored files', () => {
  it('are private, with uploads in progress and every folder they are in', async () => {
    const mediaRoot = path.join(newDir('storage'), 'media');
    const storage = createLocalStorage(mediaRoot);
    await storage.checkAccess();
    const inProgress = await storage.createTempFile();
    expectPrivate(inProgress.path, root);
    fs.writeFileSync(inProgress.path, 'a GPX track that starts at home');
    await storage.put('aa-from-temp.gpx', inProgress);
    await storage.put('bb-from-buffer.jpg', Buffer.from('a photo'));
    await storage.put('cc-from-stream.jpg', Readable.from([Buffer.from('a video')]));
    const all = everythingUnder(mediaRoot);
    expect(all.map((p) => path.relative(mediaRoot, p)).sort()).toEqual(['', '.tmp', 'aa', 'aa/aa-from-temp.gpx', 'bb', 'bb/bb-from-buffer.jpg', 'cc', 'cc/cc-from-stream.jpg']);
    for (const target of all) expectPrivate(target, root);
  });

  it('of an upload through the API are private, and so is everything else the server wrote in DATA_DIR', async () => {
    const t = await createTestApp();
    try {
      const rider = await buildGuest(t);
      const upload = await postMultipart(t, '/api/media', rider.client, [fileOf(PHOTO, 'ride.jpg')]);
      expect(upload.statusCode).toBe(201);
      const written = everythingUnder(t.config.dataDir);
      // The photo and its thumbnail at least, in their folders.
      expect(written.filter((p) => fs.statSync(p).isFile() && p.includes(`${path.sep}media${path.sep}`)).length).toBeGreaterThanOrEqual(2);
      for (const target of written) expectPrivate(target, t.config.dataDir);
    } finally {
      await t.close();
    }
  });
});

describe('the mail outbox (no SMTP_URL)', () => {
  it('is a private folder of private files: they hold sign-in links', async () => {
    const dataDir = newDir('outbox');
    const log = { info: () => {} } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ smtpUrl: null, from: 'rides@example.com', dataDir, log });
    await mailer.send({ to: 'rider@example.com', subject: 'Sign in', text: 'https://rc.test/auth/verify?token=secret', html: '<p>secret</p>' });
    const outbox = path.join(dataDir, 'outbox');
    const mails = fs.readdirSync(outbox);
    expect(mails).toHaveLength(1);
    for (const target of [dataDir, outbox, path.join(outbox, mails[0]!)]) expectPrivate(target, root);
  });
});

describe('an installation made before files were private', () => {
  /** DATA_DIR as an older release left it under umask 022: folders 0755, files 0644. */
  function oldInstallation(name: string): { dataDir: string; outside: string; link: string } {
    const dataDir = newDir(name);
    for (const folder of ['media/ab', 'media/.tmp', 'outbox']) fs.mkdirSync(path.join(dataDir, folder), { recursive: true, mode: 0o755 });
    const files = ['roadcaptain.sqlite', 'roadcaptain.sqlite-wal', 'roadcaptain.sqlite-shm', 'media/ab/ab-photo.jpg', 'outbox/sign-in.eml', 'gazetteer-v1.sqlite'];
    for (const file of files) fs.writeFileSync(path.join(dataDir, file), 'private', { mode: 0o644 });
    // An executable an operator keeps there loses group and other access but not its x bit.
    fs.writeFileSync(path.join(dataDir, 'backup.sh'), '#!/bin/sh\n', { mode: 0o755 });
    // A symbolic link to a file elsewhere: not followed, what it points at is not the server's to change.
    const outside = path.join(root, name, 'shared.txt');
    fs.writeFileSync(outside, 'shared', { mode: 0o644 });
    const link = path.join(dataDir, 'shared-link');
    fs.symlinkSync(outside, link);
    return { dataDir, outside, link };
  }

  const lines: Array<{ level: 'info' | 'warn'; line: string }> = [];
  const log = { info: (line: string) => lines.push({ level: 'info', line }), warn: (line: string) => lines.push({ level: 'warn', line }) };
  afterEach(() => void lines.splice(0));

  it('is tightened at start, said in one line, and the next start finds nothing to say', () => {
    const { dataDir, outside } = oldInstallation('old');
    const photo = path.join(dataDir, 'media/ab/ab-photo.jpg');
    // The check sees a readable file: the old photo is open to anyone.
    expect(withPathOpenedUp(root, photo, () => nobodyCanRead(photo))).toBe(readsAsNobodyWork() ? true : null);

    const result = tightenDataDirAtStart(dataDir, log);
    // DATA_DIR, media, media/ab, media/.tmp, outbox; six files and the script.
    expect(result).toEqual({ changed: 12, failed: [] });
    expect(lines).toEqual([{ level: 'info', line: `Tightened file permissions in DATA_DIR (${dataDir}): 12 files and folders made private (0600/0700)` }]);
    const all = everythingUnder(dataDir).filter((p) => !p.endsWith('backup.sh'));
    expect(all).toHaveLength(11);
    for (const target of all) expectPrivate(target, root);
    expect((fs.statSync(path.join(dataDir, 'backup.sh')).mode & 0o777).toString(8)).toBe('700');
    expect((fs.statSync(outside).mode & 0o777).toString(8)).toBe('644');

    lines.splice(0);
    expect(tightenDataDirAtStart(dataDir, log)).toEqual({ changed: 0, failed: [] });
    expect(lines).toEqual([]);
  });

  it('does not stop the start on a file it cannot change: it says which, and changes the rest', () => {
    const { dataDir } = oldInstallation('stuck');
    const stuck = path.join(dataDir, 'outbox/sign-in.eml');
    const chmod = (file: string, mode: number) => {
      if (file === stuck) throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
      fs.chmodSync(file, mode);
    };
    const result = tightenDataDirAtStart(dataDir, log, chmod);
    expect(result).toEqual({ changed: 11, failed: [{ path: stuck, reason: 'EPERM' }] });
    expect(lines).toEqual([
      { level: 'info', line: `Tightened file permissions in DATA_DIR (${dataDir}): 11 files and folders made private (0600/0700)` },
      { level: 'warn', line: `Could not make 1 of the files and folders in DATA_DIR private; change their owner or mode by hand: ${stuck} (EPERM)` },
    ]);
    expect((fs.statSync(stuck).mode & 0o777).toString(8)).toBe('644');
    expectPrivate(path.join(dataDir, 'roadcaptain.sqlite'), root);
  });

  it.skipIf(process.env.TEST_DATABASE_URL)('is tightened by npm start in a single process before anything else, even a start that then stops', async () => {
    const { dataDir } = oldInstallation('single-process');
    // A file where the media folder should be: the start stops at the storage check, the step after.
    fs.rmSync(path.join(dataDir, 'media'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'media'), '', { mode: 0o644 });
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, GAZETTEER_DIR: testGazetteerDir(), PORT: '0', HOST: '127.0.0.1', WORKERS: '1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    server.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await new Promise<number | null>((resolve) => server.once('exit', resolve))).toBe(1);
    expect(stdout.trim().split('\n')).toEqual([`Tightened file permissions in DATA_DIR (${dataDir}): 9 files and folders made private (0600/0700)`]);
    expect(stderr).toMatch(/^Cannot start: cannot store files in .*media: ENOTDIR/);
    for (const target of everythingUnder(dataDir).filter((p) => !p.endsWith('backup.sh'))) expectPrivate(target, root);
  }, 120_000);

  it('is left alone when there is no DATA_DIR yet (a first start)', () => {
    expect(tightenDataDirAtStart(newDir('first-start'), log)).toEqual({ changed: 0, failed: [] });
    expect(lines).toEqual([]);
  });
});

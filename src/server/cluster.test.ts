import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';
import { testGazetteerDir } from './test/test-gazetteer';
import { everythingUnder, expectPrivate } from './test/private-modes';

// npm start with WORKERS=2 on SQLite: two server processes share the port, and a notification
// created by a request one worker serves reaches a stream another worker holds (the primary
// relays the event bus). Runs the real entry point, src/server/main.ts, as a child process.

interface Reply {
  status: number;
  body: string;
  cookie: string | null;
}

/** One request on a fresh connection, so the cluster's round robin spreads requests over workers. */
function request(port: number, method: string, pathname: string, options: { cookie?: string; body?: unknown } = {}): Promise<Reply> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        port,
        host: '127.0.0.1',
        method,
        path: pathname,
        agent: false,
        headers: {
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(payload ? { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, cookie: res.headers['set-cookie']?.[0]?.split(';')[0] ?? null }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}


/**
 * Resolves when the process has written `text` (checked on each chunk it writes, no polling), fails
 * when it exits first or after `timeoutMs`.
 */
function waitForOutput(child: ChildProcess, output: () => string, text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.stdout!.off('data', check);
      child.stderr!.off('data', check);
      child.off('exit', exited);
      if (error) reject(error);
      else resolve();
    };
    // Called after the listeners that append to the output, so a chunk is in it when checked.
    const check = () => {
      if (output().includes(text)) done();
    };
    const exited = () => done(new Error(`the server exited before it started:\n${output()}`));
    const timer = setTimeout(() => done(new Error(`the server did not start within ${timeoutMs} ms:\n${output()}`)), timeoutMs);
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.on('exit', exited);
    check();
  });
}

async function guest(port: number): Promise<string> {
  const reply = await request(port, 'GET', '/api/users/current');
  expect(reply.status).toBe(200);
  return reply.cookie!;
}

describe.skipIf(process.env.TEST_DATABASE_URL)('npm start with several worker processes', () => {
  let server: ChildProcess;
  let port: number;
  let dataDir: string;
  let output = '';

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-cluster-'));
    // An upload the previous run was killed in the middle of, written just now: swept at start all the same.
    fs.mkdirSync(path.join(dataDir, 'media', '.tmp'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'media', '.tmp', 'cut-off-upload.part'), 'half a photo');
    // An installation an older release made under umask 022, its files open to anyone on the machine
    // (an empty file is an empty SQLite database).
    fs.mkdirSync(path.join(dataDir, 'media', 'ab'));
    fs.writeFileSync(path.join(dataDir, 'media', 'ab', 'ab-photo.jpg'), 'a photo');
    fs.writeFileSync(path.join(dataDir, 'roadcaptain.sqlite'), '');
    for (const folder of ['', 'media', 'media/.tmp', 'media/ab']) fs.chmodSync(path.join(dataDir, folder), 0o755);
    for (const file of ['media/.tmp/cut-off-upload.part', 'media/ab/ab-photo.jpg', 'roadcaptain.sqlite']) fs.chmodSync(path.join(dataDir, file), 0o644);
    port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, GAZETTEER_DIR: testGazetteerDir(), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, WORKERS: '2', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A condition, not a timing: on a loaded 2-core machine tsx compiling for three processes has taken over 30 s.
    await waitForOutput(server, () => output, 'with 2 worker processes', 100_000);
  }, 120_000);

  afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sweeps the temp files of uploads the previous run was cut off in, at start', () => {
    expect(fs.readdirSync(path.join(dataDir, 'media', '.tmp'))).toEqual([]);
  });

  it('makes an older installation private at start, and says so once', () => {
    expect(output.match(/Tightened file permissions/g)).toHaveLength(1);
    expect(output).toContain(`Tightened file permissions in DATA_DIR (${dataDir}): 7 files and folders made private (0600/0700)`);
    const all = everythingUnder(dataDir);
    // The database opened after that made its -wal and -shm files as private.
    expect(all.map((p) => path.relative(dataDir, p))).toEqual(expect.arrayContaining(['roadcaptain.sqlite-wal', 'roadcaptain.sqlite-shm', 'media/ab/ab-photo.jpg']));
    for (const target of all) expectPrivate(target, dataDir);
  });

  it('serves from two processes and delivers every notification to a stream held by one of them', async () => {
    const owner = await guest(port);
    const created = await request(port, 'POST', '/api/groups', {
      cookie: owner,
      body: { name: 'Cluster Riders', description: 'Two processes', location: 'Bologna', latitude: 44.49, longitude: 11.34, radiusKm: 50, membershipApprovalRequired: false, timezoneOffset: 'UTC+01:00', timezoneName: 'Berlin' },
    });
    expect(created.status).toBe(201);
    const group = JSON.parse(created.body) as { id: string };

    const received: string[] = [];
    const stream = await new Promise<http.ClientRequest>((resolve) => {
      const req = http.get({ port, host: '127.0.0.1', path: '/api/notifications/stream', agent: false, headers: { cookie: owner } }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => received.push(chunk));
        resolve(req);
      });
    });

    // Four riders join one after another, each on a fresh connection: round robin hands the joins
    // to the two workers in turn, so at least two are served away from the stream's worker.
    const riders = [];
    for (let i = 0; i < 4; i++) riders.push(await guest(port));
    for (const rider of riders) expect((await request(port, 'POST', `/api/groups/${group.id}/join`, { cookie: rider, body: {} })).status).toBe(200);
    await expect.poll(() => received.join('').split('event: notification').length - 1, { timeout: 10_000 }).toBe(riders.length);
    expect(received.join('')).toContain('Cluster Riders');
    stream.destroy();
  });

  it('restarts a worker that dies, keeps serving, and keeps housekeeping in exactly one worker', async () => {
    const pids = () => fs.readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
    const runsHousekeeping = (pid: number) => {
      try {
        return fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes('ROADCAPTAIN_SCHEDULER_WORKER=1');
      } catch {
        return false; // gone meanwhile
      }
    };
    const before = pids();
    expect(before).toHaveLength(2);
    expect(before.filter(runsHousekeeping)).toHaveLength(1);
    // Kill the housekeeping worker: its replacement takes the jobs over.
    process.kill(before.find(runsHousekeeping)!, 'SIGKILL');
    await expect.poll(() => output, { timeout: 10_000 }).toContain('starting another');
    await expect.poll(() => pids().filter((pid) => !before.includes(pid)).length, { timeout: 20_000 }).toBe(1);
    const replacement = pids().find((pid) => !before.includes(pid))!;
    // Between fork and exec a new process still shows its parent's environment: wait for its own.
    await expect.poll(() => pids().filter(runsHousekeeping), { timeout: 20_000 }).toEqual([replacement]);
    for (let i = 0; i < 4; i++) expect((await request(port, 'GET', '/api/app-config')).status).toBe(200);
  });
});

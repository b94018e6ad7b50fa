/**
 * npm run bench:gazetteer-memory: the resident memory of each worker process after a burst of place
 * searches. Starts the real server (as npm start runs it) with WORKERS=2 on a fresh data directory,
 * signs in a guest, sends 400 searches (town names, prefixes, "lat,lon" look-ups) 8 at a time, then
 * reads VmRSS and VmHWM of the primary and every worker from /proc. Not part of npm test: benchmarks measure, tests
 * never assert on the memory of the runner.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { spawn } from 'node:child_process';
import { freePort } from '../src/server/test/free-port';
import { serverArgs } from './server-command';

const WORKERS = 2;
const QUERIES = ['London', 'lond', 'Roma', 'Firenze', 'München', 'Munchen', 'san', 'Paris, Texas', 'Sydney', 'Wien', 'Kraków', '48.8566,2.3522', '-33.86,151.2', 'Zürich', 'Москва', '東京'];

function status(pid: number): { rss: number; hwm: number } {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

function get(port: number, url: string, cookie: string): Promise<{ status: number; cookie: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers: cookie ? { Cookie: cookie } : {} }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cookie: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ') }));
      })
      .on('error', reject);
  });
}

function childPids(pid: number): number[] {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return children ? children.split(/\s+/).map(Number) : [];
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-gazetteer-memory-'));
  const port = await freePort();
  const server = spawn(process.execPath, serverArgs(), {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, WORKERS: String(WORKERS), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => (chunk.toString().includes('is running at') ? resolve() : undefined));
    server.once('exit', (code) => reject(new Error(`server stopped (exit code ${code})`)));
  });
  console.log(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  try {
    const { cookie } = await get(port, '/api/users/current', '');
    const urls = Array.from({ length: 400 }, (_, i) => `/api/search-location?q=${encodeURIComponent(QUERIES[i % QUERIES.length]!)}`);
    for (let i = 0; i < urls.length; i += 8) {
      const answers = await Promise.all(urls.slice(i, i + 8).map((url) => get(port, url, cookie)));
      for (const answer of answers) if (answer.status !== 200) throw new Error(`search answered ${answer.status}`);
    }
    const primary = status(server.pid!);
    console.log(`primary ${server.pid}: VmRSS ${(primary.rss / 1024 / 1024).toFixed(0)} MB, peak VmHWM ${(primary.hwm / 1024 / 1024).toFixed(0)} MB`);
    for (const pid of childPids(server.pid!)) {
      const { rss, hwm } = status(pid);
      console.log(`worker ${pid}: VmRSS ${(rss / 1024 / 1024).toFixed(0)} MB, peak VmHWM ${(hwm / 1024 / 1024).toFixed(0)} MB`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();

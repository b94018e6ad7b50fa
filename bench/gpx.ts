/**
 * npm run bench:gpx: GPX uploads never stall the server.
 *   1. How long a 100,000-point GPX takes to read (in the GPX worker thread, as uploads do): budget 1 s.
 *   2. Starts the real server (as npm start runs it, one process) and measures GET /api/users/current
 *      one request after another, first on an idle server, then while the largest accepted GPX
 *      (200,000 points) uploads and is read: p99 budget 100 ms during the upload.
 * Not part of npm test: benchmarks measure, tests never time things.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import crypto from 'node:crypto';
import { GPX_MAX_POINTS } from '../src/shared/media/limits';
import { gpxPool, parseGpxFile } from '../src/server/media/media.gpx';
import { freePort } from '../src/server/test/free-port';
import { startOneProcessServer } from './server-command';

const PARSE_BUDGET_MS = 1000;
const GET_P99_BUDGET_MS = 100;

/** A day's ride of `count` one-second fixes with elevations and times, as a device writes it. */
function longTrack(count: number): Buffer {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>All day</name><trkseg>'];
  const start = Date.UTC(2026, 5, 1, 5);
  for (let i = 0; i < count; i++) {
    lines.push(`<trkpt lat="${(44 + i * 0.00001).toFixed(7)}" lon="${(11 + Math.sin(i / 900) * 0.05).toFixed(7)}"><ele>${(200 + (i % 300) / 3).toFixed(1)}</ele><time>${new Date(start + i * 1000).toISOString()}</time></trkpt>`);
  }
  lines.push('</trkseg></trk></gpx>');
  return Buffer.from(lines.join('\n'));
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

async function parseTime(dir: string): Promise<boolean> {
  const file = path.join(dir, 'hundred-thousand.gpx');
  fs.writeFileSync(file, longTrack(100_000));
  await parseGpxFile(file); // starts the thread and warms the code up
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await parseGpxFile(file);
    times.push(performance.now() - started);
  }
  const median = percentile(times, 50);
  console.log(`100,000-point GPX (${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB) read in ${median.toFixed(0)} ms (median of 5; runs: ${times.map((t) => t.toFixed(0)).join(', ')} ms); budget ${PARSE_BUDGET_MS} ms`);
  await gpxPool().destroy();
  return median < PARSE_BUDGET_MS;
}

function request(port: number, options: http.RequestOptions, body?: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function latencyUnderUpload(dir: string): Promise<boolean> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startOneProcessServer(path.join(dir, 'data'), port, origin);
  try {
    const me = await request(port, { method: 'GET', path: '/api/users/current' });
    const cookie = String(me.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    await new Promise((r) => setTimeout(r, 4000)); // start-up work (the gazetteer) finishes

    const getLatencies = async (until: () => boolean, atLeast: number) => {
      const times: number[] = [];
      while (!until() || times.length < atLeast) {
        const started = performance.now();
        await request(port, { method: 'GET', path: '/api/users/current', headers: { cookie } });
        times.push(performance.now() - started);
      }
      return times;
    };
    const idle = await getLatencies(() => true, 200);

    const boundary = `bench${crypto.randomBytes(8).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="associatedType"\r\n\r\nprofile\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="all-day.gpx"\r\nContent-Type: application/gpx+xml\r\n\r\n`),
      longTrack(GPX_MAX_POINTS),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    let done = false;
    const started = performance.now();
    const upload = request(port, { method: 'POST', path: '/api/media', headers: { cookie, origin, 'content-type': `multipart/form-data; boundary=${boundary}` } }, body).finally(() => {
      done = true;
    });
    const during = await getLatencies(() => done, 1);
    const res = await upload;
    const uploadMs = performance.now() - started;
    const show = (label: string, times: number[]) =>
      console.log(`${label}: ${times.length} GETs, p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`);
    show('idle server', idle);
    console.log(`200,000-point GPX upload (${(body.length / 1024 / 1024).toFixed(1)} MB) -> ${res.status} in ${uploadMs.toFixed(0)} ms`);
    show('during that upload', during);
    return res.status === 201 && percentile(during, 99) < GET_P99_BUDGET_MS;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-gpx-'));
  try {
    const parseOk = await parseTime(dir);
    const latencyOk = await latencyUnderUpload(dir);
    console.log(parseOk && latencyOk ? 'OK: within budget.' : 'OVER BUDGET or unexpected status');
    process.exitCode = parseOk && latencyOk ? 0 : 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();

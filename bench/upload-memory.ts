/**
 * npm run bench:upload-memory: GUIDE section 8, "a 50 MB upload raises the server's memory by well
 * under 50 MB". Starts the real server (src/server/main.ts as npm start runs it, in one process) on a fresh
 * data directory, streams uploads to it over HTTP from a generator (the client never holds the
 * body either), and reads the server's peak resident memory (VmHWM in /proc, reset before each
 * upload through /proc/<pid>/clear_refs) against its resident memory just before.
 *
 *   0. a 10 MB warm-up (the first streamed upload grows V8's young generation once: shown, not judged);
 *   1. a 50 MB MP4 gallery upload (accepted: streamed to disk, metadata stripped in place);
 *   2. a 60 MB upload (refused with 413 at the 50 MB mark).
 * Not part of npm test: benchmarks measure, tests never assert on time or memory of the runner.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import crypto from 'node:crypto';
import { freePort } from '../src/server/test/free-port';
import { startOneProcessServer } from './server-command';

const MB = 1024 * 1024;


function status(pid: number): { rss: number; hwm: number } {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

function box(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** A multipart body streamed in 64 KB pieces: an MP4 header, then `mdatBytes` of media data. */
async function* multipart(boundary: string, mdatBytes: number): AsyncGenerator<Buffer> {
  yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nbench\r\n`);
  yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
  const ftyp = box('ftyp', Buffer.from('isom\0\0\u0002\0isomiso2avc1mp41', 'latin1'));
  const moov = box('moov', Buffer.concat([box('mvhd', Buffer.alloc(100)), box('udta', box('\u00a9xyz', Buffer.from('\0\u0012\u0015\u00c7+48.8577+002.2950/', 'latin1')))]));
  const mdatHeader = Buffer.alloc(8);
  mdatHeader.writeUInt32BE(8 + mdatBytes, 0);
  mdatHeader.write('mdat', 4, 'latin1');
  yield Buffer.concat([ftyp, moov, mdatHeader]);
  const chunk = crypto.randomBytes(64 * 1024);
  for (let sent = 0; sent < mdatBytes; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, mdatBytes - sent));
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

function request(port: number, options: http.RequestOptions, body?: AsyncIterable<Buffer>): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    if (!body) return req.end();
    void (async () => {
      try {
        for await (const piece of body) {
          if (req.destroyed) return;
          if (!req.write(piece)) await new Promise((r) => req.once('drain', r));
        }
        req.end();
      } catch (error) {
        reject(error);
      }
    })();
  });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-upload-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // One process (WORKERS=1), so the process measured is the one that receives the uploads: with
  // workers, the pid spawned here is the cluster primary, which never sees a request body.
  const server = await startOneProcessServer(dataDir, port, origin);
  try {
    const me = await request(port, { method: 'GET', path: '/api/users/current' });
    const cookie = String(me.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    // Let start-up work (the gazetteer) finish, and warm the upload path up once.
    await new Promise((r) => setTimeout(r, 4000));

    const upload = async (label: string, mdatBytes: number) => {
      const boundary = `bench${crypto.randomBytes(8).toString('hex')}`;
      fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5'); // reset the peak (VmHWM) to the current RSS
      const before = status(server.pid!);
      const started = Date.now();
      const res = await request(
        port,
        { method: 'POST', path: '/api/media', headers: { cookie, origin, 'content-type': `multipart/form-data; boundary=${boundary}` } },
        multipart(boundary, mdatBytes),
      );
      const after = status(server.pid!);
      const total = mdatBytes + 200;
      console.log(
        `${label}: ${(total / MB).toFixed(1)} MB -> ${res.status} in ${Date.now() - started} ms; server RSS before ${(before.rss / MB).toFixed(1)} MB, peak ${(after.hwm / MB).toFixed(1)} MB (+${((after.hwm - before.rss) / MB).toFixed(1)} MB)`,
      );
      return { status: res.status, rise: after.hwm - before.rss };
    };

    // The first large upload grows V8's young generation (chunks passing through are short-lived
    // garbage): a one-time cost of any streaming, whatever the file size. Shown, then excluded.
    await upload('warm-up', 10 * MB);
    const accepted = await upload('50 MB upload (accepted)', 50 * MB - 4096);
    const again = await upload('50 MB upload again', 50 * MB - 4096);
    const refused = await upload('60 MB upload (refused)', 60 * MB);
    const ok = accepted.status === 201 && again.status === 201 && again.rise < 25 * MB && refused.status === 413 && accepted.rise < 25 * MB && refused.rise < 25 * MB;
    console.log(ok ? 'OK: uploads stream; the server grew by well under 50 MB.' : 'OVER BUDGET or unexpected status');
    process.exitCode = ok ? 0 : 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();

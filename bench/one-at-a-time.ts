/**
 * One request at a time, as npm run bench measures the finders' median: one keep-alive socket and
 * a stopwatch around each request, in its own process (so it does not share the server's event
 * loop). autocannon keeps whole milliseconds, too coarse for a 5 ms budget, and Node's HTTP client
 * adds about a millisecond of its own on this machine; the request is written as bytes and the
 * answer read up to its Content-Length, so the figure is the server's. Reads {url, cookie, seconds}
 * as JSON from argv[2] and prints {p50, p99, rps, errors} in milliseconds to 0.01.
 */
import net from 'node:net';

const { url, cookie, seconds } = JSON.parse(process.argv[2] ?? '{}') as { url: string; cookie: string; seconds: number };
const target = new URL(url);
const request = Buffer.from(`GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nCookie: ${cookie}\r\nConnection: keep-alive\r\n\r\n`);
const socket = net.connect(Number(target.port), target.hostname);
socket.setNoDelay(true);
await new Promise((resolve) => socket.once('connect', resolve));

/** Sends the request and resolves with the status once the whole body has arrived. */
function get(): Promise<number> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = received.subarray(0, headEnd).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
      if (!Number.isFinite(length)) return reject(new Error(`no Content-Length in ${head.slice(0, 200)}`));
      if (received.length < headEnd + 4 + length) return;
      socket.off('data', onData);
      resolve(Number(head.slice(9, 12)));
    };
    socket.on('data', onData);
    socket.write(request);
  });
}

const times: number[] = [];
let errors = 0;
const started = performance.now();
while (performance.now() - started < seconds * 1000) {
  const before = performance.now();
  const status = await get();
  times.push(performance.now() - before);
  if (status < 200 || status >= 300) errors++;
}
socket.destroy();
times.sort((a, b) => a - b);
const at = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]! * 100) / 100;
process.stdout.write(JSON.stringify({ p50: at(0.5), p99: at(0.99), rps: Math.round(times.length / seconds), errors }));

import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../test/test-app';
import { multipartBody, PHOTO, fileOf } from '../media/media.test-helpers';

// Slow clients against a real listening server (raw sockets; app.inject has no socket to time).
// The timeouts are set small here (2 s for headers, a 1 s body window); by default they are 10 s
// and 20 s, so a trickled body is cut within 30 s (config.unit.test.ts).

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ HEADERS_TIMEOUT: '2', BODY_TIMEOUT: '1', REQUEST_TIMEOUT: '600' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

interface Connection {
  socket: net.Socket;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<{ reply: string; afterMs: number }>;
}

function connect(): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const startedAt = Date.now();
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (reply += chunk));
    // A reset is also a close; the test waits for the close, bounded by the test timeout.
    socket.on('error', () => undefined);
    const closed = new Promise<{ reply: string; afterMs: number }>((done) => socket.once('close', () => done({ reply, afterMs: Date.now() - startedAt })));
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** Writes `data` in slices of `size` bytes, one every `everyMs`, until done or the socket closes. */
function trickle(socket: net.Socket, data: Buffer, size: number, everyMs: number): void {
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || at >= data.length) return clearInterval(timer);
    socket.write(data.subarray(at, at + size));
    at += size;
  }, everyMs);
}

/** The JSON body of a raw HTTP reply. */
function bodyOf(reply: string): { message: string; code: string } {
  return JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as { message: string; code: string };
}

describe('requests the HTTP parser refuses before any route', () => {
  const cases: Array<[string, string, number, string]> = [
    ['a request line that is not HTTP', 'GARBAGE\r\n\r\n', 400, 'invalid_request'],
    ['a header name with a space', 'GET / HTTP/1.1\r\nHost: rc.test\r\nBad Header: x\r\n\r\n', 400, 'invalid_request'],
    ['Content-Length and Transfer-Encoding together', 'POST /api/events HTTP/1.1\r\nHost: rc.test\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400, 'invalid_request'],
    ['a Content-Length that is no number', 'POST /api/events HTTP/1.1\r\nHost: rc.test\r\nContent-Length: abc\r\n\r\n', 400, 'invalid_request'],
    ['HTTP/1.1 without a Host', 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'invalid_request'],
    ['headers over the size limit', `GET / HTTP/1.1\r\nHost: rc.test\r\nAccept-Language: ${'de,'.repeat(7000)}\r\n\r\n`, 431, 'payload_too_large'],
  ];
  for (const [what, request, status, code] of cases) {
    it(`answers ${what} with ${status} and JSON { message, code }`, async () => {
      const { socket, closed } = await connect();
      socket.write(request);
      const { reply } = await closed;
      expect(reply).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(reply).toMatch(/\r\ncontent-type: application\/json/i);
      const body = bodyOf(reply);
      expect(body.code).toBe(code);
      expect(body.message.length).toBeGreaterThan(0);
    });
  }
});

describe('slow clients', () => {
  it('cuts off a body trickled a byte at a time with 408, within one body window of the headers', async () => {
    const { socket, closed } = await connect();
    const body = Buffer.from(JSON.stringify({ category: 'onboarding', event: 'welcome_action' }));
    socket.write(`POST /api/events HTTP/1.1\r\nHost: rc.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    trickle(socket, body, 1, 200);
    const { reply, afterMs } = await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(bodyOf(reply)).toEqual({ message: 'The request arrived too slowly.', code: 'request_too_slow' });
    // One 1 s window (plus scheduling), far less than the 10 s the whole body would take.
    expect(afterMs).toBeLessThan(3000);
  });

  it('cuts off headers that do not arrive within HEADERS_TIMEOUT', async () => {
    const { socket, closed } = await connect();
    socket.write('POST /api/events HTTP/1.1\r\nHost: rc.test\r\n');
    trickle(socket, Buffer.from('X-Slow: abcdefghijklmnopqrstuvwxyz0123456789'), 1, 200);
    const { reply, afterMs } = await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(bodyOf(reply).code).toBe('request_too_slow');
    expect(afterMs).toBeLessThan(4500);
  });

  it('lets an upload that keeps moving take many body windows', async () => {
    const client = new TestClient(t.app);
    await client.get('/api/users/current');
    const { payload, contentType } = multipartBody([{ name: 'description', value: 'Slow link' }, fileOf(PHOTO, 'slow.jpg')]);
    const { socket, closed } = await connect();
    socket.write(`POST /api/media HTTP/1.1\r\nHost: rc.test\r\nCookie: ${client.cookie}\r\nContent-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\nConnection: close\r\n\r\n`);
    // 20 KB every 400 ms: about 3.5 s for the 160 KB photo, three and more 1 s windows.
    trickle(socket, payload, 20 * 1024, 400);
    const { reply, afterMs } = await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 201/);
    expect(afterMs).toBeGreaterThan(3000);
  });
});

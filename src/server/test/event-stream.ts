import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface OpenEventStream {
  /** The answer's headers. */
  headers: http.IncomingHttpHeaders;
  /** Everything received so far. */
  text(): string;
  /** Whether the server has ended the stream. */
  ended(): boolean;
  close(): void;
}

/**
 * Opens GET /api/notifications/stream on a real socket (inject cannot hold a stream open), the
 * app listening on a free loopback port first if it is not yet.
 */
export async function openEventStream(app: FastifyInstance, cookie: string): Promise<OpenEventStream> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const chunks: string[] = [];
  let ended = false;
  let headers: http.IncomingHttpHeaders = {};
  const req = await new Promise<http.ClientRequest>((resolve, reject) => {
    const r = http.get({ port, host: '127.0.0.1', path: '/api/notifications/stream', headers: { cookie } }, (res) => {
      headers = res.headers;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => chunks.push(chunk));
      res.on('end', () => (ended = true));
      resolve(r);
    });
    r.on('error', reject);
  });
  return { headers, text: () => chunks.join(''), ended: () => ended, close: () => req.destroy() };
}

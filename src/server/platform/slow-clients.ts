import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { HttpError, badRequest } from './errors';

/** A request body must bring at least this much in every BODY_TIMEOUT window (or be complete). */
export const BODY_MIN_BYTES_PER_WINDOW = 16 * 1024;

/** A refusal written straight to the socket (no request object to answer through), JSON `{ message, code }` as every other. */
function rawReply(error: HttpError): string {
  const body = JSON.stringify(error.body);
  return `HTTP/1.1 ${error.statusCode} ${http.STATUS_CODES[error.statusCode]}\r\nConnection: close\r\nContent-Type: application/json\r\nCache-Control: private, no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

const REQUEST_TIMEOUT_REPLY = rawReply(new HttpError(408, 'request_too_slow'));

/**
 * What Node's HTTP parser refuses before any route or hook sees the request (a malformed request
 * line, header or chunk; headers over the size limit; headers or a request that did not arrive in
 * time): answered as JSON `{ message, code }` like every other refusal, in place of Fastify's own
 * body (`{ error, message: "Client Error", statusCode }`, and an empty one without a Host).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A connection reset: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new HttpError(408, 'request_too_slow')
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? new HttpError(431, 'payload_too_large')
        : badRequest('invalid_request');
  if (socket.writable) socket.end(rawReply(refusal), () => socket.destroy());
  else socket.destroy();
}

/**
 * Cuts off a request whose body stops progressing: every `windowMs` after the headers arrived, at
 * least BODY_MIN_BYTES_PER_WINDOW more bytes must have been read from the connection, or the body
 * must be complete. A body trickled a byte at a time is cut after one window, while an upload that
 * keeps moving (200 MB over a slow mobile link takes half an hour) is never cut, which neither an
 * idle timeout (a byte every few seconds resets it) nor a whole-request cap short enough to stop
 * a trickle (it would also stop the upload) can achieve. See docs/security.md
 * "Limits and client addresses" for the other timeouts.
 */
export function cutOffStalledBodies(app: FastifyInstance, windowMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const socket = raw.socket as Socket | null;
    const hasBody = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
    // Injected requests (tests) have no real socket.
    if (!hasBody || raw.complete || !socket || typeof socket.bytesRead !== 'number') return done();
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) return stop();
      if (socket.bytesRead - seen >= BODY_MIN_BYTES_PER_WINDOW) {
        seen = socket.bytesRead;
        return;
      }
      stop();
      request.log.info({ bytesInWindow: socket.bytesRead - seen }, 'request body too slow; connection closed');
      // A reply already under way (say a 429 sent before the body was read) cannot be followed by
      // a 408 on the same connection; the connection is simply closed.
      if (reply.raw.headersSent) socket.destroy();
      else socket.end(REQUEST_TIMEOUT_REPLY, () => socket.destroy());
    }, windowMs);
    timer.unref();
    const stop = () => clearInterval(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    done();
  });
}

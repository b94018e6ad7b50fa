import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './api-request';

/** Kept by no cache at all: neither a shared one (a company proxy, a CDN) nor the browser's. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Caching, decided once for every answer (after @fastify/cookie's onSend hook, so the cookies an
 * answer sets are already its headers). An API answer is `private, no-store` unless its route says
 * otherwise: nearly all depend on the session cookie or on a secret in the address, and a proxy
 * that kept one (no header lets a cache choose) could hand a rider's groups, join requests or
 * calendar to the next person behind it. Only an answer that is the same for every visitor sets
 * its own header (app-config). Whatever a route set, an error, and an answer that sets a cookie,
 * are never kept: an error is not the answer the address will give next, and a kept cookie would
 * be handed to everyone the cache serves. Other answers (the web app's files, media files) keep
 * the policy their routes set.
 */
export function applyCachePolicy(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 || reply.hasHeader('set-cookie') || (isApiRequest(request) && !reply.hasHeader('cache-control'))) {
      reply.header('cache-control', PRIVATE_NO_STORE);
    }
    done(null, payload);
  });
}

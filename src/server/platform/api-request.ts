import type { FastifyRequest } from 'fastify';

/**
 * Whether a request is for the API, decided by the route it reached, not by the raw URL: the
 * router decodes the path, so `/%61pi/groups` reaches `/api/groups` while its raw URL does not start
 * with `/api/`. Judged by the raw URL, such a request skipped the origin check, the session and the
 * write limits. A request that reached no route (a 404) is judged by its URL.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? request.url).startsWith('/api/');
}

import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a browser sent the request for a page of another site. Browsers send Sec-Fetch-Site
 * and Origin; a cross-site page cannot forge either. Requests that carry neither come from
 * non-browser clients, which hold no victim's cookies and spend no victim's budget.
 */
function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return false;
  const origin = request.headers.origin;
  if (site === undefined && origin === undefined) return false;
  return origin !== publicOrigin;
}

/** State-changing requests must come from our own pages (GUIDE section 5). */
export function assertSameOrigin(request: FastifyRequest, publicOrigin: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (isCrossSite(request, publicOrigin)) throw forbidden('cross_site_request');
}

/**
 * A read that writes (GET /api/users/current making a guest for a browser without a session) is
 * held to the same rule: otherwise any page could make its visitors' browsers create guests
 * (an <img> per guest; a cross-site request carries no session cookie and keeps none), each
 * counted against the new-guest limit of the visitor's network, locking a club's Wi-Fi out.
 */
export function assertSameOriginForHiddenWrite(request: FastifyRequest, publicOrigin: string): void {
  if (isCrossSite(request, publicOrigin)) throw forbidden('cross_site_request');
}

import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests must come from our own pages (GUIDE section 5). Browsers send
 * Sec-Fetch-Site and Origin on such requests; a cross-site page cannot forge either. Requests that
 * carry neither come from non-browser clients, which hold no victim's cookies.
 */
export function assertSameOrigin(request: FastifyRequest, publicOrigin: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return;
  const origin = request.headers.origin;
  if (site === undefined && origin === undefined) return;
  if (origin === publicOrigin) return;
  throw forbidden('Cross-site requests are not allowed');
}

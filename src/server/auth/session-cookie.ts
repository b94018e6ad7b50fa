import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { IssuedSession } from './sessions.service';
import { unauthorized } from '../platform/errors';

/** The cookie's name over plain http (local runs, tests). */
export const SESSION_COOKIE = 'rc_session';
/**
 * Over https the name carries the __Host- prefix: browsers only accept it from this very host,
 * Secure, with Path=/ and no Domain, so a sibling subdomain cannot plant or shadow a session.
 */
export const SECURE_SESSION_COOKIE = '__Host-rc_session';

function isHttps(config: Config): boolean {
  return config.publicUrl.startsWith('https:');
}

export function sessionCookieName(config: Config): string {
  return isHttps(config) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** Only the cookie of the configured name counts: over https a plain rc_session is ignored. */
export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookieName(request.server.ctx.config)] || undefined;
}

export function setSessionCookie(reply: FastifyReply, config: Config, session: IssuedSession): void {
  reply.setCookie(sessionCookieName(config), session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(config),
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(config) });
}

/** The signed-in account's id, or 401 for a request without a valid session. */
export function requireUserId(request: FastifyRequest): string {
  if (!request.userId) throw unauthorized('not_signed_in');
  return request.userId;
}

/** The public id of the request's session (a guest has one too), or 401 without a valid session. */
export function requireSessionId(request: FastifyRequest): string {
  if (!request.sessionId) throw unauthorized('not_signed_in');
  return request.sessionId;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session hook in app.ts: the account behind a valid session cookie, else null. */
    userId: string | null;
    /** Set with userId: the public id of the request's session (GET /api/auth/sessions), else null. */
    sessionId: string | null;
  }
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { IssuedSession } from './auth.service';
import { unauthorized } from '../platform/errors';

export const SESSION_COOKIE = 'rc_session';

export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

export function setSessionCookie(reply: FastifyReply, config: Config, session: IssuedSession): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.publicUrl.startsWith('https:') });
}

/** The signed-in account's id, or 401 for a request without a valid session. */
export function requireUserId(request: FastifyRequest): string {
  if (!request.userId) throw unauthorized();
  return request.userId;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session hook in app.ts: the account behind a valid session cookie, else null. */
    userId: string | null;
  }
}

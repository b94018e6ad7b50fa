import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { MAGIC_LINK_TTL_MS, MAGIC_TOKEN_PATTERN } from '../../shared/auth/magic-link';
import { randomToken } from '../platform/tokens';

/**
 * The browser a sign-in link was asked from keeps a random nonce in this cookie; the link stores
 * its hash. Opening the link in that browser signs in at once; anywhere else asks first
 * (docs/behaviour/auth.md "Identity and sessions"). Under https the name carries the `__Host-` prefix, so
 * no subdomain can plant one.
 */
export function linkNonceCookieName(config: Config): string {
  return config.publicUrl.startsWith('https:') ? '__Host-rc_link_nonce' : 'rc_link_nonce';
}

/** The nonce this browser sent, if it has the form we hand out; anything else counts as none. */
export function readLinkNonce(request: FastifyRequest, config: Config): string | null {
  const value = request.cookies[linkNonceCookieName(config)];
  return value && MAGIC_TOKEN_PATTERN.test(value) ? value : null;
}

/**
 * The browser's nonce, made when it has none, and (re)set to live as long as a link it asks for:
 * several links asked from one browser all stay bound to it.
 */
export function ensureLinkNonce(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  const nonce = readLinkNonce(request, config) ?? randomToken();
  reply.setCookie(linkNonceCookieName(config), nonce, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    maxAge: MAGIC_LINK_TTL_MS / 1000,
  });
  return nonce;
}

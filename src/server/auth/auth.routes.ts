import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { magicLinkRequestSchema, verifyMagicLinkResponseSchema, verifyMagicLinkSchema } from '../../shared/auth/magic-link';
import { successMessageSchema, successSchema } from '../../shared/http/responses';
import type { AppContext } from '../context';
import { requestMagicLink, verifyMagicLink } from './auth.service';
import { logout } from './sessions.service';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie';
import { ensureLinkNonce, readLinkNonce } from './link-nonce-cookie';
import { accountLanguage, browserLanguage } from '../i18n/request-language';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/auth/magic-link', { schema: { body: magicLinkRequestSchema, response: { 200: successMessageSchema } } }, async (request, reply) => {
      const browserNonce = ensureLinkNonce(request, reply, ctx.config);
      await requestMagicLink(ctx, { email: request.body.email, ip: request.ip, browserNonce, browserLanguage: browserLanguage(request.headers) });
      return { success: true as const, message: 'If this address can receive e-mail, a sign-in link is on its way.' };
    });

    app.post('/api/auth/verify-magic-link', { schema: { body: verifyMagicLinkSchema, response: { 200: verifyMagicLinkResponseSchema } } }, async (request, reply) => {
      const result = await verifyMagicLink(ctx, {
        token: request.body.token,
        confirm: request.body.confirm === true,
        currentSessionToken: readSessionToken(request),
        browserNonce: readLinkNonce(request, ctx.config),
        language: accountLanguage(request.headers),
      });
      if (result.status === 'confirmation_required') {
        // Opened in a browser that did not ask for the link: nothing was consumed.
        return { success: false as const, status: result.status, purpose: result.purpose, email: result.email };
      }
      setSessionCookie(reply, ctx.config, result.session);
      // A link that completed an invitation names the group to open.
      return { success: true as const, status: result.status, purpose: result.purpose, ...(result.invitationGroupSlug ? { groupSlug: result.invitationGroupSlug } : {}) };
    });

    app.post('/api/auth/logout', { schema: { response: { 200: successSchema } } }, async (request, reply) => {
      await logout(ctx, readSessionToken(request));
      clearSessionCookie(reply, ctx.config);
      return { success: true as const };
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { magicLinkRequestSchema, verifyMagicLinkSchema } from '../../shared/auth/magic-link';
import type { AppContext } from '../context';
import { logout, requestMagicLink, verifyMagicLink } from './auth.service';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/auth/magic-link', { schema: { body: magicLinkRequestSchema } }, async (request) => {
      await requestMagicLink(ctx, { email: request.body.email, ip: request.ip });
      return { success: true, message: 'If this address can receive e-mail, a sign-in link is on its way.' };
    });

    app.post('/api/auth/verify-magic-link', { schema: { body: verifyMagicLinkSchema } }, async (request, reply) => {
      const { session, invitationGroupSlug } = await verifyMagicLink(ctx, { token: request.body.token, currentSessionToken: readSessionToken(request) });
      setSessionCookie(reply, ctx.config, session);
      // Invitations (issue 13): a link that completed an invitation names the group to open.
      return invitationGroupSlug ? { success: true, groupSlug: invitationGroupSlug } : { success: true };
    });

    app.post('/api/auth/logout', async (request, reply) => {
      await logout(ctx, readSessionToken(request));
      clearSessionCookie(reply, ctx.config);
      return { success: true };
    });
  };
}

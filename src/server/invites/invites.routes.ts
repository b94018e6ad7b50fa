import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { completedInvitationSchema, completeInvitationSchema, createdInvitationSchema, createInvitationSchema, INVITE_TOKEN_PATTERN, invitationParamsSchema, invitationViewSchema, openInvitationListSchema } from '../../shared/invites/invitation';
import { successSchema } from '../../shared/http/responses';
import { requireUserId } from '../auth/session-cookie';
import { ensureLinkNonce } from '../auth/link-nonce-cookie';
import { browserLanguage, browserLanguages } from '../i18n/request-language';
import { notFound } from '../platform/errors';
import { completeInvitation, createInvitation, listOpenInvitations, revokeInvitation, viewInvitation } from './invites.service';

// A malformed token is just an invalid invitation to the visitor.
const tokenParams = z.object({ token: z.string().max(100) });
function checkToken(token: string): string {
  if (!INVITE_TOKEN_PATTERN.test(token)) throw notFound('invitation_invalid');
  return token;
}
const groupParams = z.object({ id: z.string().min(1).max(64) });

export function invitesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/groups/:id/invite', { schema: { params: groupParams, body: createInvitationSchema, response: { 201: createdInvitationSchema } } }, async (request, reply) => {
      const result = await createInvitation(ctx, requireUserId(request), request.params.id, request.body, browserLanguages(request.headers));
      return reply.code(201).send(result);
    });

    app.get('/api/groups/:id/invitations', { schema: { params: groupParams, response: { 200: openInvitationListSchema } } }, async (request) => listOpenInvitations(ctx, requireUserId(request), request.params.id));

    app.delete('/api/groups/:id/invitations/:invitationId', { schema: { params: invitationParamsSchema, response: { 200: successSchema } } }, async (request) => {
      await revokeInvitation(ctx, requireUserId(request), request.params.id, request.params.invitationId);
      return { success: true as const };
    });

    app.get('/api/invite/:token', { schema: { params: tokenParams, response: { 200: invitationViewSchema } } }, async (request) => viewInvitation(ctx, request.userId, checkToken(request.params.token)));

    app.post('/api/invite/:token/complete', { schema: { params: tokenParams, body: completeInvitationSchema, response: { 200: completedInvitationSchema } } }, async (request, reply) => {
      // The link mailed to confirm the address (or sign in) is bound to this browser, like any sign-in link.
      const browserNonce = request.body?.email ? ensureLinkNonce(request, reply, ctx.config) : null;
      return completeInvitation(ctx, requireUserId(request), checkToken(request.params.token), { email: request.body?.email ?? null, ip: request.ip, browserNonce, browserLanguage: browserLanguage(request.headers) });
    });
  };
}

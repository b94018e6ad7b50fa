import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { emailChangeResendResultSchema, sessionIdParamsSchema, sessionListSchema, signOutOthersResultSchema, signOutSessionResultSchema } from '../../shared/auth/sessions';
import { successSchema } from '../../shared/http/responses';
import { listSessions, signOutOtherSessions, signOutSession } from './sessions.service';
import { cancelEmailConfirmation, resendEmailConfirmation } from './email-change.service';
import { clearSessionCookie, readSessionToken, requireUserId } from './session-cookie';
import { browserLanguage } from '../i18n/request-language';

/** The Security card of Preferences: signed-in browsers, and the address waiting for confirmation. */
export function sessionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/auth/sessions', { schema: { response: { 200: sessionListSchema } } }, async (request) => {
      const userId = requireUserId(request);
      return { sessions: await listSessions(ctx, userId, request.sessionId) };
    });

    app.post('/api/auth/sessions/sign-out-others', { schema: { response: { 200: signOutOthersResultSchema } } }, async (request) => {
      const userId = requireUserId(request);
      const { signedOut, calendarFeed } = await signOutOtherSessions(ctx, userId, readSessionToken(request)!);
      return { success: true as const, signedOut, calendarFeed };
    });

    app.delete('/api/auth/sessions/:id', { schema: { params: sessionIdParamsSchema, response: { 200: signOutSessionResultSchema } } }, async (request, reply) => {
      const userId = requireUserId(request);
      const { calendarFeed } = await signOutSession(ctx, userId, request.params.id, request.sessionId);
      // Ending this browser's own session is signing out.
      if (request.params.id === request.sessionId) clearSessionCookie(reply, ctx.config);
      return { success: true as const, calendarFeed };
    });

    app.post('/api/auth/email-change/resend', { schema: { response: { 200: emailChangeResendResultSchema } } }, async (request) => {
      const emailConfirmationSentTo = await resendEmailConfirmation(ctx, { userId: requireUserId(request), ip: request.ip, browserLanguage: browserLanguage(request.headers) });
      return { success: true as const, emailConfirmationSentTo };
    });

    app.post('/api/auth/email-change/cancel', { schema: { response: { 200: successSchema } } }, async (request) => {
      await cancelEmailConfirmation(ctx, requireUserId(request));
      return { success: true as const };
    });
  };
}

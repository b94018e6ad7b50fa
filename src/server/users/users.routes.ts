import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { handleAvailabilitySchema, locationUpdateSchema, motorcyclesUpdateSchema, profileUpdateResultSchema, profileUpdateSchema, publicProfileSchema } from '../../shared/users/profile';
import { currentUserSchema } from '../../shared/users/current-user';
import { successSchema } from '../../shared/http/responses';
import { currentOrNewGuest } from '../auth/sessions.service';
import { accountLanguage, browserLanguage } from '../i18n/request-language';
import { requireUserId, setSessionCookie } from '../auth/session-cookie';
import { markWelcomeSeen } from './users.service';
import { getPublicProfile, isHandleAvailable, replaceMotorcycles, setLocation, updateProfile } from './profile.service';
import { presentCurrentUser } from './users.presenter';
import { pendingEmailOf } from '../auth/email-change.service';
import { enforceNewGuestLimit } from '../limits/write-limits';
import { assertSameOriginForHiddenWrite } from '../platform/origin-check';

const idParams = z.object({ id: z.string().min(1).max(64) });

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/users/current', { schema: { response: { 200: currentUserSchema } } }, async (request, reply) => {
      if (!request.userId) {
        assertSameOriginForHiddenWrite(request, new URL(ctx.config.publicUrl).origin);
        await enforceNewGuestLimit(ctx, request);
      }
      const { user, session } = await currentOrNewGuest(ctx, request.userId, accountLanguage(request.headers));
      if (session) setSessionCookie(reply, ctx.config, session);
      return presentCurrentUser(user, await pendingEmailOf(ctx.db, user.id));
    });

    app.post('/api/users/mark-welcome-seen', { schema: { response: { 200: successSchema } } }, async (request) => {
      await markWelcomeSeen(ctx.db, requireUserId(request));
      return { success: true as const };
    });

    app.patch('/api/users/:id', { schema: { params: idParams, body: profileUpdateSchema, response: { 200: profileUpdateResultSchema } } }, async (request) => {
      const { user, emailConfirmationSentTo } = await updateProfile(ctx, {
        actorId: requireUserId(request),
        accountId: request.params.id,
        update: request.body,
        ip: request.ip,
        browserLanguage: browserLanguage(request.headers),
      });
      return { ...user, emailConfirmationSentTo };
    });

    app.get(
      '/api/users/check-username/:username',
      { schema: { params: z.object({ username: z.string().max(100) }), querystring: z.object({ excludeUserId: z.string().max(64).optional() }), response: { 200: handleAvailabilitySchema } } },
      // The asking rider's own handle counts as available to them; excludeUserId names them, and nobody else.
      async (request) => ({ available: await isHandleAvailable(ctx, request.params.username, request.userId) }),
    );

    app.get('/api/users/profile/:username', { schema: { params: z.object({ username: z.string().min(1).max(100) }), response: { 200: publicProfileSchema } } }, async (request) =>
      getPublicProfile(ctx, request.userId, request.params.username),
    );

    app.put('/api/users/:id/motorcycles', { schema: { params: idParams, body: motorcyclesUpdateSchema, response: { 200: currentUserSchema } } }, async (request) =>
      replaceMotorcycles(ctx, { actorId: requireUserId(request), accountId: request.params.id, motorcycles: request.body.motorcycles }),
    );

    app.put('/api/users/:id/location', { schema: { params: idParams, body: locationUpdateSchema, response: { 200: currentUserSchema } } }, async (request) =>
      setLocation(ctx, { actorId: requireUserId(request), accountId: request.params.id, ...request.body }),
    );
  };
}

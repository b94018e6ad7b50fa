import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { currentOrNewGuest } from '../auth/auth.service';
import { requireUserId, setSessionCookie } from '../auth/session-cookie';
import { markWelcomeSeen } from './users.service';
import { presentCurrentUser } from './users.presenter';

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/users/current', async (request, reply) => {
      const { user, session } = await currentOrNewGuest(ctx, request.userId);
      if (session) setSessionCookie(reply, ctx.config, session);
      reply.header('Cache-Control', 'no-store');
      return presentCurrentUser(user);
    });

    app.post('/api/users/mark-welcome-seen', async (request) => {
      await markWelcomeSeen(ctx.db, requireUserId(request));
      return { success: true };
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { activityEventSchema } from '../../shared/events/activity-event';
import { requireUserId } from '../auth/session-cookie';
import { track } from './events.service';

export function eventsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/events', { schema: { body: activityEventSchema } }, async (request, reply) => {
      const { category, event, properties } = request.body;
      await track(ctx.db, category, event, properties, requireUserId(request));
      reply.code(202);
      return { success: true };
    });
  };
}

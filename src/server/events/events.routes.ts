import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { activityEventSchema } from '../../shared/events/activity-event';
import { successSchema } from '../../shared/http/responses';
import { requireUserId } from '../auth/session-cookie';
import { enforceEventLimit } from '../limits/write-limits';
import { track } from './events.service';

export function eventsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/events', { schema: { body: activityEventSchema, response: { 202: successSchema } } }, async (request, reply) => {
      const { category, event, properties } = request.body;
      const userId = requireUserId(request);
      // The activity log must not become a way to fill the disk: a few entries per session and hour.
      await enforceEventLimit(ctx, request);
      await track(ctx.db, category, event, properties, userId);
      reply.code(202);
      return { success: true as const };
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { pushKeySchema, pushSubscriptionBodySchema } from '../../shared/push/push';
import { successSchema } from '../../shared/http/responses';
import { requireSessionId } from '../auth/session-cookie';
import { pushKey, subscribe, unsubscribe } from './push.service';

/** Web push: the key a browser subscribes with, and this browser's subscription (one per session). */
export function pushRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The same for every visitor until the database is replaced: any cache may keep it a while.
    app.get('/api/push/key', { schema: { response: { 200: pushKeySchema } } }, async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return pushKey(ctx);
    });

    app.put('/api/push/subscription', { schema: { body: pushSubscriptionBodySchema, response: { 200: successSchema } } }, async (request) => {
      await subscribe(ctx, requireSessionId(request), request.body);
      return { success: true as const };
    });

    app.delete('/api/push/subscription', { schema: { response: { 200: successSchema } } }, async (request) => {
      await unsubscribe(ctx, requireSessionId(request));
      return { success: true as const };
    });
  };
}

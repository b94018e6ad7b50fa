import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { NOTIFICATION_EVENT, NOTIFICATION_REMOVED_EVENT } from '../../shared/notifications/notification';
import { requireUserId } from '../auth/session-cookie';
import { listNotifications, markNotificationRead, notificationRemovedTopic, notificationTopic } from './notifications.service';

const HEARTBEAT_MS = 25_000;

export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/notifications', async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listNotifications(ctx, requireUserId(request));
    });

    app.patch('/api/notifications/:id/read', { schema: { params: z.object({ id: z.string().min(1).max(64) }) } }, async (request) => {
      await markNotificationRead(ctx, requireUserId(request), request.params.id);
      return { success: true };
    });

    // Server-Sent Events: each new notification for the signed-in rider, as it is created, and
    // each one taken back (a membership request withdrawn before a decision).
    app.get('/api/notifications/stream', async (request, reply) => {
      const userId = requireUserId(request);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.write('retry: 5000\n\n');
      const unsubscribe = ctx.bus.subscribe(notificationTopic(userId), (notification) => {
        res.write(`event: ${NOTIFICATION_EVENT}\ndata: ${JSON.stringify(notification)}\n\n`);
      });
      const unsubscribeRemoved = ctx.bus.subscribe(notificationRemovedTopic(userId), (removed) => {
        res.write(`event: ${NOTIFICATION_REMOVED_EVENT}\ndata: ${JSON.stringify(removed)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        unsubscribeRemoved();
      });
    });
  };
}

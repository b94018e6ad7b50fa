import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { NOTIFICATION_EVENT, NOTIFICATION_REMOVED_EVENT, notificationListSchema } from '../../shared/notifications/notification';
import { fileAnswer, successSchema } from '../../shared/http/responses';
import { readSessionToken, requireUserId } from '../auth/session-cookie';
import { resolveSession } from '../auth/sessions.service';
import { PRIVATE_NO_STORE } from '../platform/cache-control';
import { listNotifications, markNotificationRead, notificationRemovedTopic, notificationTopic } from './notifications.service';

const HEARTBEAT_MS = 25_000;

export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/notifications', { schema: { response: { 200: notificationListSchema } } }, async (request) => listNotifications(ctx, requireUserId(request)));

    app.patch('/api/notifications/:id/read', { schema: { params: z.object({ id: z.string().min(1).max(64) }), response: { 200: successSchema } } }, async (request) => {
      await markNotificationRead(ctx, requireUserId(request), request.params.id);
      return { success: true as const };
    });

    // Server-Sent Events: each new notification for the signed-in rider, as it is created, and
    // each one taken back (a membership request withdrawn before a decision). Only while the
    // session lasts: before each push the session is looked up again, and a stream whose session
    // ended (logout, "sign out other sessions", an address change, expiry) is closed instead, so a
    // browser put out of the account stops hearing its news. Heartbeats carry nothing and are not
    // checked, so an idle stream costs no database read.
    const stream = fileAnswer(`Server-Sent Events: "${NOTIFICATION_EVENT}" with a notification as data, "${NOTIFICATION_REMOVED_EVENT}" with { id, type, subject }`, ['text/event-stream']);
    app.get('/api/notifications/stream', { schema: { response: { 200: stream } } }, async (request, reply) => {
      const userId = requireUserId(request);
      const token = readSessionToken(request);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        // Hijacked: the onSend hook of platform/cache-control.ts never sees this answer.
        'Cache-Control': PRIVATE_NO_STORE,
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.write('retry: 5000\n\n');
      let open = true;
      // Writes in the order they were asked for, each event after its session check.
      let queue = Promise.resolve();
      const send = (text: string, { checked = true } = {}) => {
        queue = queue
          .then(async () => {
            if (!open) return;
            if (checked && (await resolveSession(ctx.db, token)) !== userId) return end();
            if (open) res.write(text);
          })
          .catch((error: unknown) => {
            request.log.warn({ err: error }, 'notification stream closed: its session could not be checked');
            end();
          });
      };
      const unsubscribe = ctx.bus.subscribe(notificationTopic(userId), (notification) => {
        send(`event: ${NOTIFICATION_EVENT}\ndata: ${JSON.stringify(notification)}\n\n`);
      });
      const unsubscribeRemoved = ctx.bus.subscribe(notificationRemovedTopic(userId), (removed) => {
        send(`event: ${NOTIFICATION_REMOVED_EVENT}\ndata: ${JSON.stringify(removed)}\n\n`);
      });
      const heartbeat = setInterval(() => send(': keep-alive\n\n', { checked: false }), HEARTBEAT_MS);
      function stop() {
        if (!open) return false;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        unsubscribeRemoved();
        return true;
      }
      function end() {
        if (stop()) res.end();
      }
      request.raw.on('close', stop);
    });
  };
}

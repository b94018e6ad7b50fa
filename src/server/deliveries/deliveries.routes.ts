import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { fileAnswer } from '../../shared/http/responses';
import { notificationSettingsSchema, notificationSettingUpdateSchema } from '../../shared/notifications/notification-settings';
import { requireUserId } from '../auth/session-cookie';
import { getNotificationSettings, unsubscribe, unsubscribePage, updateNotificationSetting } from './deliveries.service';

const HTML_TYPE = 'text/html; charset=utf-8';
const htmlPage = { 200: fileAnswer('A page', ['text/html']) };
const tokenParams = z.object({ token: z.string().max(200) });

export function deliveriesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // RFC 8058: a mail provider's one-click POST sends `List-Unsubscribe=One-Click` form-encoded, and
    // the confirmation page's button a form; only these routes read that type (the token is what counts, not the body).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));

    app.get('/api/users/current/notification-settings', { schema: { response: { 200: notificationSettingsSchema } } }, async (request) => getNotificationSettings(ctx, requireUserId(request)));

    app.patch('/api/users/current/notification-settings', { schema: { body: notificationSettingUpdateSchema, response: { 200: notificationSettingsSchema } } }, async (request) =>
      updateNotificationSetting(ctx, requireUserId(request), request.body),
    );

    // GET only shows a page asking to confirm (mail scanners follow links); POST unsubscribes, without any cookie.
    app.get('/api/notifications/unsubscribe/:token', { schema: { params: tokenParams, response: htmlPage } }, async (request, reply) =>
      reply.header('content-type', HTML_TYPE).send(await unsubscribePage(ctx, request.params.token)),
    );

    app.post('/api/notifications/unsubscribe/:token', { schema: { params: tokenParams, response: htmlPage } }, async (request, reply) =>
      reply.header('content-type', HTML_TYPE).send(await unsubscribe(ctx, request.params.token)),
    );
  };
}

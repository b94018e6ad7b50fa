import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { calendarFeedSchema, calendarFeedUpdateSchema } from '../../shared/calendar/calendar-feed';
import { fileAnswer } from '../../shared/http/responses';
import { requireUserId } from '../auth/session-cookie';
import { notFound } from '../platform/errors';
import { getCalendarFeed, readCalendarFeed, rideCalendar, updateCalendarFeed } from './calendar.service';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
const calendarFile = { 200: fileAnswer('An iCalendar file', ['text/calendar']) };

export function calendarRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/users/current/calendar', { schema: { response: { 200: calendarFeedSchema } } }, async (request) => getCalendarFeed(ctx, requireUserId(request)));

    app.post('/api/users/current/calendar', { schema: { body: calendarFeedUpdateSchema, response: { 200: calendarFeedSchema } } }, async (request) => updateCalendarFeed(ctx, requireUserId(request), request.body));

    // The feed's token is its only credential (calendar apps send no cookie): any other shape is simply not a feed.
    // Like every API answer it is kept by no cache (platform/cache-control.ts): its address is a secret.
    app.get('/api/calendar/:file', { schema: { params: z.object({ file: z.string().max(100) }), response: calendarFile } }, async (request, reply) => {
      const token = /^([A-Za-z0-9_-]{43})\.ics$/.exec(request.params.file)?.[1];
      if (!token) throw notFound('calendar_not_found');
      const text = await readCalendarFeed(ctx, request, token);
      return reply.header('content-type', CALENDAR_TYPE).header('x-robots-tag', 'noindex').send(text);
    });

    app.get('/api/rides/:id/calendar.ics', { schema: { params: z.object({ id: z.string().min(1).max(64) }), response: calendarFile } }, async (request, reply) => {
      const { slug, text } = await rideCalendar(ctx, request.userId, request.params.id);
      return reply.header('content-type', CALENDAR_TYPE).header('content-disposition', `attachment; filename="${slug}.ics"`).send(text);
    });
  };
}

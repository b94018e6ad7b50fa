import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { commentSchema, commentsPageQuerySchema, createRideSchema, updateRideSchema } from '../../shared/rides/ride';
import { rideExportQuerySchema } from '../../shared/rides/ride-export';
import { requireUserId } from '../auth/session-cookie';
import { exportRide } from './ride-export';
import { createRide, deleteRide, getRide, keepRide, updateRide } from './rides.service';
import { joinRide, joinWaitlist, leaveRide, leaveWaitlist } from './ride-seats.service';
import { getRideBySlugs, listGroupRides, listRecentRides, listUpcomingRides } from './ride-lists.service';
import { addComment, listComments } from './ride-comments.service';

const idParams = z.object({ id: z.string().min(1).max(64) });

export function ridesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/rides/upcoming', async (request) => listUpcomingRides(ctx, requireUserId(request)));

    app.get('/api/rides/:id', { schema: { params: idParams } }, async (request) => getRide(ctx, request.userId, request.params.id));

    app.get('/api/rides/:id/export', { schema: { params: idParams, querystring: rideExportQuerySchema } }, async (request, reply) => {
      const file = await exportRide(ctx, request.userId, request.params.id, request.query.format);
      return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
    });

    app.get('/api/groups/:group/rides/:ride', { schema: { params: z.object({ group: z.string().min(1).max(300), ride: z.string().min(1).max(300) }) } }, async (request) =>
      getRideBySlugs(ctx, request.userId, request.params.group, request.params.ride),
    );

    app.get('/api/groups/:id/rides', { schema: { params: idParams } }, async (request) => listGroupRides(ctx, request.userId, request.params.id));

    app.post('/api/rides', { schema: { body: createRideSchema } }, async (request, reply) =>
      reply.code(201).send(await createRide(ctx, requireUserId(request), request.body)),
    );

    app.patch('/api/rides/:id', { schema: { params: idParams, body: updateRideSchema } }, async (request) =>
      updateRide(ctx, requireUserId(request), request.params.id, request.body),
    );

    app.delete('/api/rides/:id', { schema: { params: idParams } }, async (request) => {
      await deleteRide(ctx, requireUserId(request), request.params.id);
      return { success: true };
    });

    app.post('/api/rides/:id/join', { schema: { params: idParams } }, async (request) => joinRide(ctx, requireUserId(request), request.params.id));
    app.post('/api/rides/:id/leave', { schema: { params: idParams } }, async (request) => leaveRide(ctx, requireUserId(request), request.params.id));
    app.post('/api/rides/:id/waitlist', { schema: { params: idParams } }, async (request) => joinWaitlist(ctx, requireUserId(request), request.params.id));
    app.delete('/api/rides/:id/waitlist', { schema: { params: idParams } }, async (request) => leaveWaitlist(ctx, requireUserId(request), request.params.id));
    app.post('/api/rides/:id/keep', { schema: { params: idParams } }, async (request) => keepRide(ctx, requireUserId(request), request.params.id));

    app.get('/api/users/:id/recent-rides', { schema: { params: idParams } }, async (request) => listRecentRides(ctx, request.userId, request.params.id));

    app.get('/api/rides/:id/comments', { schema: { params: idParams, querystring: commentsPageQuerySchema } }, async (request) =>
      listComments(ctx, request.userId, request.params.id, request.query),
    );
    app.post('/api/rides/:id/comments', { schema: { params: idParams, body: commentSchema } }, async (request, reply) =>
      reply.code(201).send(await addComment(ctx, requireUserId(request), request.params.id, request.body.content)),
    );
  };
}

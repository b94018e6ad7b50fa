import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import {
  commentSchema,
  commentsPageQuerySchema,
  createRideSchema,
  recentRideListSchema,
  rideCommentSchema,
  rideCommentsPageSchema,
  rideDetailSchema,
  rideListSchema,
  updateRideSchema,
  type Ride,
  type RideDetail,
} from '../../shared/rides/ride';
import { fileAnswer, successSchema } from '../../shared/http/responses';
import { preSerialized } from '../platform/json-text';
import { rideExportQuerySchema } from '../../shared/rides/ride-export';
import { requireUserId } from '../auth/session-cookie';
import { exportRide } from './ride-export';
import { deleteRide, getRide, keepRide, updateRide } from './rides.service';
import { joinRide, joinWaitlist, leaveRide, leaveWaitlist } from './ride-seats.service';
import { getRideBySlugs, listGroupRides, listRecentRides, listUpcomingRides } from './ride-lists.service';
import { addComment, listComments } from './ride-comments.service';
import { createRideOrSeries } from './series/series.service';

const idParams = z.object({ id: z.string().min(1).max(64) });
/** A ride after a change of the rider's seat or of the ride itself: the ride's page as it is now. */
const rideAnswer = { 200: rideDetailSchema };
/**
 * The services type a ride as `Ride`; the one they answer with (rides.service presentOne) always has
 * its waitlist, minimum decision and poll, as every test checks against rideDetailSchema.
 */
const detail = async (ride: Promise<Ride>) => (await ride) as RideDetail;
const rideFile = { 200: fileAnswer('The ride for a navigator: GPX (Garmin, phone apps) or ITN (TomTom)', ['application/gpx+xml', 'text/plain']) };

export function ridesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The ride lists are sent as the JSON text they were put together as (docs/decisions/2026-11-24-ride-cards.md):
    // their schema describes them, the tests check them, production sends the text unparsed.
    app.get('/api/rides/upcoming', { schema: { response: { 200: rideListSchema } } }, async (request) => preSerialized(await listUpcomingRides(ctx, requireUserId(request))));

    app.get('/api/rides/:id', { schema: { params: idParams, response: rideAnswer } }, async (request) => detail(getRide(ctx, request.userId, request.params.id)));

    app.get('/api/rides/:id/export', { schema: { params: idParams, querystring: rideExportQuerySchema, response: rideFile } }, async (request, reply) => {
      const file = await exportRide(ctx, request.userId, request.params.id, request.query.format);
      return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
    });

    app.get('/api/groups/:group/rides/:ride', { schema: { params: z.object({ group: z.string().min(1).max(300), ride: z.string().min(1).max(300) }), response: rideAnswer } }, async (request) =>
      detail(getRideBySlugs(ctx, request.userId, request.params.group, request.params.ride)),
    );

    app.get('/api/groups/:id/rides', { schema: { params: idParams, response: { 200: rideListSchema } } }, async (request) =>
      preSerialized(await listGroupRides(ctx, request.userId, request.params.id)),
    );

    app.post('/api/rides', { schema: { body: createRideSchema, response: { 201: rideDetailSchema } } }, async (request, reply) =>
      reply.code(201).send(await detail(createRideOrSeries(ctx, requireUserId(request), request.body))),
    );

    app.patch('/api/rides/:id', { schema: { params: idParams, body: updateRideSchema, response: rideAnswer } }, async (request) =>
      detail(updateRide(ctx, requireUserId(request), request.params.id, request.body)),
    );

    app.delete('/api/rides/:id', { schema: { params: idParams, response: { 200: successSchema } } }, async (request) => {
      await deleteRide(ctx, requireUserId(request), request.params.id);
      return { success: true as const };
    });

    app.post('/api/rides/:id/join', { schema: { params: idParams, response: rideAnswer } }, async (request) => detail(joinRide(ctx, requireUserId(request), request.params.id)));
    app.post('/api/rides/:id/leave', { schema: { params: idParams, response: rideAnswer } }, async (request) => detail(leaveRide(ctx, requireUserId(request), request.params.id)));
    app.post('/api/rides/:id/waitlist', { schema: { params: idParams, response: rideAnswer } }, async (request) => detail(joinWaitlist(ctx, requireUserId(request), request.params.id)));
    app.delete('/api/rides/:id/waitlist', { schema: { params: idParams, response: rideAnswer } }, async (request) => detail(leaveWaitlist(ctx, requireUserId(request), request.params.id)));
    app.post('/api/rides/:id/keep', { schema: { params: idParams, response: rideAnswer } }, async (request) => detail(keepRide(ctx, requireUserId(request), request.params.id)));

    app.get('/api/users/:id/recent-rides', { schema: { params: idParams, response: { 200: recentRideListSchema } } }, async (request) => listRecentRides(ctx, request.userId, request.params.id));

    app.get('/api/rides/:id/comments', { schema: { params: idParams, querystring: commentsPageQuerySchema, response: { 200: rideCommentsPageSchema } } }, async (request) =>
      listComments(ctx, request.userId, request.params.id, request.query),
    );
    app.post('/api/rides/:id/comments', { schema: { params: idParams, body: commentSchema, response: { 201: rideCommentSchema } } }, async (request, reply) =>
      reply.code(201).send(await addComment(ctx, requireUserId(request), request.params.id, request.body.content)),
    );
  };
}

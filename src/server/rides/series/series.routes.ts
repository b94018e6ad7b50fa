import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { rideDetailSchema, type Ride, type RideDetail } from '../../../shared/rides/ride';
import { seriesSchema } from '../../../shared/series/series-rule';
import { seriesEditSchema } from '../../../shared/series/series-edit';
import { requireUserId } from '../../auth/session-cookie';
import { editFollowing, endSeries, getSeries, joinSeries, leaveSeries, skipRide } from './series.service';

const idParams = z.object({ id: z.string().min(1).max(64) });
const rideAnswer = { 200: rideDetailSchema };
const seriesAnswer = { 200: seriesSchema };
/** As rides.routes: the ride answered is always presentOne's, with its waitlist, decision and poll. */
const detail = async (ride: Promise<Ride>) => (await ride) as RideDetail;

/** Rides that repeat (series.service.ts). A series is created by POST /api/rides with `repeats`. */
export function seriesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/series/:id', { schema: { params: idParams, response: seriesAnswer } }, async (request) => getSeries(ctx, request.userId, request.params.id));
    app.post('/api/series/:id/join', { schema: { params: idParams, response: seriesAnswer } }, async (request) => joinSeries(ctx, requireUserId(request), request.params.id));
    app.post('/api/series/:id/leave', { schema: { params: idParams, response: seriesAnswer } }, async (request) => leaveSeries(ctx, requireUserId(request), request.params.id));
    app.post('/api/rides/:id/skip', { schema: { params: idParams, response: rideAnswer } }, async (request) => detail(skipRide(ctx, requireUserId(request), request.params.id)));
    app.post('/api/rides/:id/end-series', { schema: { params: idParams, response: seriesAnswer } }, async (request) => endSeries(ctx, requireUserId(request), request.params.id));
    app.patch('/api/rides/:id/following', { schema: { params: idParams, body: seriesEditSchema, response: rideAnswer } }, async (request) =>
      detail(editFollowing(ctx, requireUserId(request), request.params.id, request.body)),
    );
  };
}

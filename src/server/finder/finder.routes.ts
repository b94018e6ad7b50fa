import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { finderQuerySchema, groupFinderPageSchema, rideFinderPageSchema } from '../../shared/finder/finder';
import { preSerialized } from '../platform/json-text';
import { findGroups, findRides } from './finder.service';

export function finderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/groups/finder', { schema: { querystring: finderQuerySchema, response: { 200: groupFinderPageSchema } } }, async (request) => findGroups(ctx, request.userId, request.query));
    // Sent as the JSON text it was put together as (docs/decisions/2026-11-25-finder-one-statement.md): the schema describes it, the tests check it.
    app.get('/api/rides/finder', { schema: { querystring: finderQuerySchema, response: { 200: rideFinderPageSchema } } }, async (request) =>
      preSerialized(await findRides(ctx, request.userId, request.query)),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { finderQuerySchema } from '../../shared/finder/finder';
import { findGroups, findRides } from './finder.service';

export function finderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/groups/finder', { schema: { querystring: finderQuerySchema } }, async (request) => findGroups(ctx, request.userId, request.query));
    app.get('/api/rides/finder', { schema: { querystring: finderQuerySchema } }, async (request) => findRides(ctx, request.userId, request.query));
  };
}

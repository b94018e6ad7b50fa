import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { findGroups, findRides } from './finder.service';

/** Spec 2 section 9: radius 5 to 1000 km (the server accepts 1 to 1000), default 50. */
const finderQuery = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
  radius: z.coerce.number().min(1).max(1000).default(50),
});

export function finderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/groups/finder', { schema: { querystring: finderQuery } }, async (request) => findGroups(ctx, request.userId, request.query));
    app.get('/api/rides/finder', { schema: { querystring: finderQuery } }, async (request) => findRides(ctx, request.userId, request.query));
  };
}

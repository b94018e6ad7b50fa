import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { badRequest } from '../platform/errors';
import { routeAnswerSchema } from '../../shared/routing/route';
import { routeThrough } from './routing.service';
import { enforceRouterLookupLimit } from '../limits/write-limits';
import { assertSameOriginForHiddenWrite } from '../platform/origin-check';

/** points=lat,lon;lat,lon;... (2 to 12 stops: start, up to 10 waypoints, end). */
function parsePoints(text: string): Array<{ lat: number; lon: number }> {
  const points = text.split(';').map((pair) => {
    const [lat, lon] = pair.split(',').map(Number);
    if (lat === undefined || lon === undefined || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
      throw badRequest('route_points_invalid');
    }
    return { lat, lon };
  });
  if (points.length < 2 || points.length > 12) throw badRequest('route_points_count');
  return points;
}

export function routingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Open to every visitor (ride pages are); what is not cached yet is asked for our own pages
    // only (another site's page could otherwise spend its visitors' budget) and limited per client address.
    app.get('/api/route', { schema: { querystring: z.object({ points: z.string().min(3).max(1000) }), response: { 200: routeAnswerSchema } } }, async (request) =>
      routeThrough(ctx, parsePoints(request.query.points), async () => {
        assertSameOriginForHiddenWrite(request, new URL(ctx.config.publicUrl).origin);
        await enforceRouterLookupLimit(ctx, request);
      }),
    );
  };
}

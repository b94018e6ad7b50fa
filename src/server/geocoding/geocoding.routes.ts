import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { locationSearchQuerySchema, locationSearchResponseSchema } from '../../shared/geo/location-search';
import { requireUserId } from '../auth/session-cookie';
import { searchLocations, searchLanguage } from './geocoding.service';

export function geocodingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Place search for the location pickers: text, or "lat,lon" for the nearest places.
    app.get(
      '/api/search-location',
      { schema: { querystring: locationSearchQuerySchema, response: { 200: locationSearchResponseSchema } } },
      async (request) => {
        const userId = requireUserId(request);
        const language = await searchLanguage(ctx, userId, request.headers['accept-language']);
        return searchLocations(ctx, request.query.q, request.query.near, language);
      },
    );
  };
}

import { queryOptions } from '@tanstack/react-query';
import type { RouteAnswer } from '../../shared/routing/route';
import { apiGet } from '../lib/api-client';
import { routingKeys } from './query-keys';
import { pointsParam, routePath, type RoutePoint } from './route-points';

export { routingKeys, pointsParam, type RoutePoint };

/** GET /api/route?points=...: the road between the stops, when the server has a router. */
export function getRoute(points: readonly RoutePoint[], signal?: AbortSignal): Promise<RouteAnswer> {
  return apiGet<RouteAnswer>(routePath(points), { signal });
}

export function routeQueryOptions(points: readonly RoutePoint[]) {
  return queryOptions({
    queryKey: routingKeys.route(pointsParam(points)),
    queryFn: ({ signal }) => getRoute(points, signal),
    enabled: points.length >= 2,
  });
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireUserId } from '../auth/session-cookie';
import { dashboardStats } from './dashboard.service';
import { dashboardStatsSchema } from '../../shared/dashboard/dashboard-stats';

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/dashboard/stats', { schema: { response: { 200: dashboardStatsSchema } } }, async (request) => dashboardStats(ctx, requireUserId(request)));
  };
}

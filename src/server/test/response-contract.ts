import { expect } from 'vitest';
import { z } from 'zod';
import type { LightMyRequestResponse } from 'fastify';
import type { RouteOptions } from 'fastify';
import { recentRideListSchema, rideCommentSchema, rideCommentsPageSchema, rideDetailSchema, rideListSchema } from '../../shared/rides/ride';
import { dashboardStatsSchema } from '../../shared/dashboard/dashboard-stats';
import { groupFinderPageSchema, rideFinderPageSchema } from '../../shared/finder/finder';
import { routeAnswerSchema } from '../../shared/routing/route';
import { signOutOthersResultSchema, signOutSessionResultSchema } from '../../shared/auth/sessions';
import { groupBanListSchema } from '../../shared/groups/group';
import { completedInvitationSchema, createdInvitationSchema, invitationViewSchema, openInvitationListSchema } from '../../shared/invites/invitation';

const success = z.object({ success: z.literal(true) }).strict();

/**
 * The shared schema of each endpoint's 2xx answer (src/shared is the one contract between server
 * and client). Every API test's app checks each 2xx body of these routes against its schema, so an
 * answer that drifts from the types the client is written against fails the test that made it,
 * the ride-card lists (sent as stored JSON text, never serialized by a schema) most of all.
 */
export const RESPONSE_SCHEMAS: Record<string, z.ZodType> = {
  'GET /api/rides/upcoming': rideListSchema,
  'GET /api/groups/:id/rides': rideListSchema,
  'GET /api/rides/finder': rideFinderPageSchema,
  'GET /api/groups/finder': groupFinderPageSchema,
  'GET /api/rides/:id': rideDetailSchema,
  'GET /api/groups/:group/rides/:ride': rideDetailSchema,
  'POST /api/rides': rideDetailSchema,
  'PATCH /api/rides/:id': rideDetailSchema,
  'DELETE /api/rides/:id': success,
  'POST /api/rides/:id/join': rideDetailSchema,
  'POST /api/rides/:id/leave': rideDetailSchema,
  'POST /api/rides/:id/waitlist': rideDetailSchema,
  'DELETE /api/rides/:id/waitlist': rideDetailSchema,
  'POST /api/rides/:id/keep': rideDetailSchema,
  'GET /api/users/:id/recent-rides': recentRideListSchema,
  'GET /api/rides/:id/comments': rideCommentsPageSchema,
  'POST /api/rides/:id/comments': rideCommentSchema,
  'GET /api/dashboard/stats': dashboardStatsSchema,
  'GET /api/route': routeAnswerSchema,
  'POST /api/groups/:id/invite': createdInvitationSchema,
  'GET /api/groups/:id/invitations': openInvitationListSchema,
  'DELETE /api/groups/:id/invitations/:invitationId': success,
  'GET /api/groups/:id/bans': groupBanListSchema,
  'PUT /api/groups/:id/bans/:userId': success,
  'DELETE /api/groups/:id/bans/:userId': success,
  'POST /api/groups/:id/membership-requests/:requestId/approve': success,
  'POST /api/groups/:id/membership-requests/:requestId/reject': success,
  'GET /api/invite/:token': invitationViewSchema,
  'POST /api/auth/sessions/sign-out-others': signOutOthersResultSchema,
  'DELETE /api/auth/sessions/:id': signOutSessionResultSchema,
  'POST /api/invite/:token/complete': completedInvitationSchema,
};

function describeMismatch(route: string, error: z.ZodError, body: string): string {
  return `${route} answered outside its schema:\n${z.prettifyError(error)}\n${body.slice(0, 2000)}`;
}

/**
 * An onRoute hook for test apps: each route with a schema above checks its 2xx JSON answers. A
 * mismatch fails the request (a 500 the test sees) and prints what did not match.
 */
export function checkResponsesAgainstContract(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const schema = methods.map((m) => RESPONSE_SCHEMAS[`${m} ${route.url}`]).find((s) => s !== undefined);
  if (!schema) return;
  const check = async (_request: unknown, reply: { statusCode: number; getHeader(name: string): unknown }, payload: unknown) => {
    if (reply.statusCode >= 300 || typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    const parsed = schema.safeParse(JSON.parse(payload));
    if (!parsed.success) {
      const message = describeMismatch(`${methods.join('/')} ${route.url}`, parsed.error, payload);
      console.error(message);
      throw new Error(message);
    }
    return payload;
  };
  const existing = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
  route.onSend = [...existing, check] as RouteOptions['onSend'];
}

/** The body of a 2xx answer, parsed with its schema (a test's own check, beside the app-wide one above). */
export function expectBody<S extends z.ZodType>(schema: S, res: LightMyRequestResponse): z.infer<S> {
  expect(res.statusCode, res.body).toBeLessThan(300);
  const parsed = schema.safeParse(res.json());
  if (!parsed.success) throw new Error(describeMismatch(`${res.raw.req.method} ${res.raw.req.url}`, parsed.error, res.body));
  return parsed.data;
}

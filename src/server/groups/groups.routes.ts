import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import {
  changeMemberRoleSchema,
  createGroupSchema,
  decideRequestSchema,
  groupBanListSchema,
  groupListSchema,
  groupMemberListSchema,
  groupMemberSchema,
  groupSchema,
  joinGroupResultSchema,
  membershipRequestListSchema,
  pendingGroupIdsSchema,
  removeMemberSchema,
  transferOwnershipSchema,
  updateGroupSchema,
} from '../../shared/groups/group';
import { successMessageSchema, successSchema } from '../../shared/http/responses';
import { requireUserId } from '../auth/session-cookie';
import { createGroup, deleteGroup, findGroupByName, getGroup, listMyGroups, searchGroups, updateGroup } from './groups.service';
import { banOutsider, changeMemberRole, decideRequest, joinGroup, leaveGroup, liftBan, listBans, listMembers, listRequests, pendingGroupIds, removeMember, transferOwnership } from './membership.service';

const idParams = z.object({ id: z.string().min(1).max(64) });
const requestParams = z.object({ id: z.string().min(1).max(64), requestId: z.string().min(1).max(64) });
const memberParams = z.object({ id: z.string().min(1).max(64), memberId: z.string().min(1).max(64) });
const banParams = z.object({ id: z.string().min(1).max(64), userId: z.string().min(1).max(64) });

export function groupsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/groups', { schema: { response: { 200: groupListSchema } } }, async (request) => listMyGroups(ctx, requireUserId(request)));

    app.get('/api/groups/search', { schema: { querystring: z.object({ q: z.string().max(200).default('') }), response: { 200: groupListSchema } } }, async (request) =>
      searchGroups(ctx, request.userId, request.query.q),
    );

    app.get('/api/groups/by-name/:name', { schema: { params: z.object({ name: z.string().min(1).max(300) }), response: { 200: groupSchema } } }, async (request) =>
      findGroupByName(ctx, request.userId, request.params.name),
    );

    app.get('/api/groups/:id', { schema: { params: idParams, response: { 200: groupSchema } } }, async (request) => getGroup(ctx, request.userId, request.params.id));

    app.post('/api/groups', { schema: { body: createGroupSchema, response: { 201: groupSchema } } }, async (request, reply) => {
      const group = await createGroup(ctx, requireUserId(request), request.body);
      return reply.code(201).send(group);
    });

    app.patch('/api/groups/:id', { schema: { params: idParams, body: updateGroupSchema, response: { 200: groupSchema } } }, async (request) =>
      updateGroup(ctx, requireUserId(request), request.params.id, request.body),
    );

    app.delete('/api/groups/:id', { schema: { params: idParams, response: { 200: successSchema } } }, async (request) => {
      await deleteGroup(ctx, requireUserId(request), request.params.id);
      return { success: true as const };
    });

    // The body's userId (spec 2 section 7) is ignored: a rider can only join as themself.
    app.post('/api/groups/:id/join', { schema: { params: idParams, response: { 200: joinGroupResultSchema } } }, async (request) => joinGroup(ctx, requireUserId(request), request.params.id));

    app.post('/api/groups/:id/leave', { schema: { params: idParams, response: { 200: successMessageSchema } } }, async (request) => {
      await leaveGroup(ctx, requireUserId(request), request.params.id);
      return { success: true as const, message: 'You left the group' };
    });

    app.get('/api/groups/:id/members', { schema: { params: idParams, response: { 200: groupMemberListSchema } } }, async (request) => listMembers(ctx, requireUserId(request), request.params.id));

    app.put('/api/groups/:id/members/:memberId/role', { schema: { params: memberParams, body: changeMemberRoleSchema, response: { 200: groupMemberSchema } } }, async (request) =>
      changeMemberRole(ctx, requireUserId(request), request.params.id, request.params.memberId, request.body.role),
    );

    // The body is optional (Fastify hands a request without one to the schema as null): `{ "ban": true }` also keeps the rider from rejoining.
    app.delete('/api/groups/:id/members/:memberId', { schema: { params: memberParams, body: removeMemberSchema.nullish(), response: { 200: successSchema } } }, async (request) => {
      await removeMember(ctx, requireUserId(request), request.params.id, request.params.memberId, request.body ?? {});
      return { success: true as const };
    });

    app.get('/api/groups/:id/bans', { schema: { params: idParams, response: { 200: groupBanListSchema } } }, async (request) => listBans(ctx, requireUserId(request), request.params.id));

    // Keeps out a rider who is not in the group (one who left first); an insider is removed with a ban instead.
    app.put('/api/groups/:id/bans/:userId', { schema: { params: banParams, response: { 200: successSchema } } }, async (request) => {
      await banOutsider(ctx, requireUserId(request), request.params.id, request.params.userId);
      return { success: true as const };
    });

    app.delete('/api/groups/:id/bans/:userId', { schema: { params: banParams, response: { 200: successSchema } } }, async (request) => {
      await liftBan(ctx, requireUserId(request), request.params.id, request.params.userId);
      return { success: true as const };
    });

    app.post('/api/groups/:id/ownership', { schema: { params: idParams, body: transferOwnershipSchema, response: { 200: groupSchema } } }, async (request) =>
      transferOwnership(ctx, requireUserId(request), request.params.id, request.body.memberId),
    );

    app.get('/api/groups/:id/membership-requests', { schema: { params: idParams, response: { 200: membershipRequestListSchema } } }, async (request) =>
      listRequests(ctx, requireUserId(request), request.params.id),
    );

    // The optional body `{ "ban": true }` goes with a decline only ("Don't let them ask again"); with an approval it is a 400.
    app.post('/api/groups/:id/membership-requests/:requestId/approve', { schema: { params: requestParams, body: decideRequestSchema.nullish(), response: { 200: successSchema } } }, async (request) => {
      await decideRequest(ctx, requireUserId(request), request.params.id, request.params.requestId, true, request.body ?? {});
      return { success: true as const };
    });

    app.post('/api/groups/:id/membership-requests/:requestId/reject', { schema: { params: requestParams, body: decideRequestSchema.nullish(), response: { 200: successSchema } } }, async (request) => {
      await decideRequest(ctx, requireUserId(request), request.params.id, request.params.requestId, false, request.body ?? {});
      return { success: true as const };
    });

    app.get('/api/membership-requests/pending', { schema: { response: { 200: pendingGroupIdsSchema } } }, async (request) => pendingGroupIds(ctx, requireUserId(request)));
  };
}

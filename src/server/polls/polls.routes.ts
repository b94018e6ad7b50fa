import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { createPollSchema, pollListSchema, pollResponseSchema, pollSchema } from '../../shared/polls/poll';
import { requireUserId } from '../auth/session-cookie';
import { closePoll, createPoll, getPoll, listActivePolls, listGroupPolls, respondToPoll } from './polls.service';

const idParams = z.object({ id: z.string().min(1).max(64) });

export function pollsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // "In the past" is judged at validation time: the schema's refinements read the clock each call.
    app.post('/api/polls', { schema: { body: createPollSchema(), response: { 201: pollSchema } } }, async (request, reply) =>
      reply.code(201).send(await createPoll(ctx, requireUserId(request), request.body)),
    );

    app.get('/api/groups/:id/polls', { schema: { params: idParams, response: { 200: pollListSchema } } }, async (request) => listGroupPolls(ctx, requireUserId(request), request.params.id));

    app.get('/api/polls/active', { schema: { response: { 200: pollListSchema } } }, async (request) => listActivePolls(ctx, requireUserId(request)));

    app.get('/api/polls/:id', { schema: { params: idParams, response: { 200: pollSchema } } }, async (request) => getPoll(ctx, requireUserId(request), request.params.id));

    app.post('/api/polls/:id/respond', { schema: { params: idParams, body: pollResponseSchema, response: { 200: pollSchema } } }, async (request) =>
      respondToPoll(ctx, requireUserId(request), request.params.id, request.body),
    );

    app.post('/api/polls/:id/close', { schema: { params: idParams, response: { 200: pollSchema } } }, async (request) => closePoll(ctx, requireUserId(request), request.params.id));
  };
}

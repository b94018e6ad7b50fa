import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireUserId } from '../auth/session-cookie';
import { createStorage, type FileStorage } from '../platform/storage';
import { multipartParts } from '../media/media.routes';
import { submitBugReport } from './bug-reports.service';

export function bugReportsRoutes(ctx: AppContext, storage: FileStorage = createStorage(ctx.config)): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/bug-reports', async (request, reply) => {
      const userId = requireUserId(request);
      const declared = Number(request.headers['content-length']);
      const receipt = await submitBugReport(ctx, storage, userId, request.ip, request.headers['user-agent'] ?? null, multipartParts(request), Number.isFinite(declared) ? declared : null);
      return reply.code(201).send(receipt);
    });
  };
}

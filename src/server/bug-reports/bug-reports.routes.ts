import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireUserId } from '../auth/session-cookie';
import { createStorage, type FileStorage } from '../platform/storage';
import { multipartParts } from '../media/media.routes';
import { submitBugReport } from './bug-reports.service';
import { bugReportReceiptSchema } from '../../shared/bug-reports/bug-report';

export function bugReportsRoutes(ctx: AppContext, storage: FileStorage = createStorage(ctx.config)): FastifyPluginAsyncZod {
  return async (app) => {
    // A multipart body (the fields of bugReportFieldsSchema and an optional screenshot), read by the service as it streams.
    app.post('/api/bug-reports', { schema: { consumes: ['multipart/form-data'], response: { 201: bugReportReceiptSchema } } }, async (request, reply) => {
      const userId = requireUserId(request);
      const declared = Number(request.headers['content-length']);
      const receipt = await submitBugReport(ctx, storage, userId, request.ip, request.headers['user-agent'] ?? null, multipartParts(request), Number.isFinite(declared) ? declared : null);
      return reply.code(201).send(receipt);
    });
  };
}

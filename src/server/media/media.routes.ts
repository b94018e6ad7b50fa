import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { MEDIA_MESSAGES } from '../../shared/media/media-item';
import { requireUserId } from '../auth/session-cookie';
import { HttpError } from '../platform/errors';
import { createStorage, isStorageKey, type FileStorage } from '../platform/storage';
import { findServedFile, uploadMedia } from './media.service';
import { MEDIA_FILES_PATH } from './media.presenter';
import { sendStoredFile } from './media.serving';
import type { UploadPart } from './media.upload';

/** Parser limits; the file's own size limit is enforced per target while it streams. */
const MULTIPART_LIMITS = { fields: 10, fieldSize: 16 * 1024, files: 2, parts: 12, headerPairs: 100, fileSize: Number.MAX_SAFE_INTEGER };

/** @fastify/multipart's parts as the library-independent parts the media service reads. */
async function* multipartParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  if (!request.isMultipart()) throw new HttpError(415, MEDIA_MESSAGES.notMultipart);
  for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
    if (part.type === 'file') yield { type: 'file', name: part.fieldname, filename: part.filename, stream: part.file };
    else yield { type: 'field', name: part.fieldname, value: String(part.value), truncated: part.valueTruncated };
  }
}

export function mediaRoutes(ctx: AppContext, storage: FileStorage = createStorage(ctx.config)): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/media', async (request, reply) => {
      const userId = requireUserId(request);
      const item = await uploadMedia(ctx, storage, userId, multipartParts(request));
      return reply.code(201).send(item);
    });

    // Outside /api so <img> and <video> can load it; a registered route, so the web app's fallback never answers it.
    // HEAD is handled here too (Fastify's automatic HEAD would read the whole file to discard it).
    app.route({
      method: ['GET', 'HEAD'],
      url: `${MEDIA_FILES_PATH}/:key`,
      schema: { params: z.object({ key: z.string() }) },
      handler: async (request, reply) => {
        if (!isStorageKey(request.params.key)) return reply.code(404).send({ message: 'File not found' });
        const file = await findServedFile(ctx, storage, request.params.key);
        return sendStoredFile(reply, storage, file, request);
      },
    });
  };
}

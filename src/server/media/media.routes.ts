import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { mediaItemSchema, mediaListQuerySchema, mediaListSchema, mediaUpdateSchema } from '../../shared/media/media-item';
import { storageUsageSchema } from '../../shared/media/storage-usage';
import { gpxDataSchema } from '../../shared/gpx/gpx-types';
import { errorSchema, fileAnswer, successSchema } from '../../shared/http/responses';
import { readSessionToken, requireUserId } from '../auth/session-cookie';
import { resolveSession } from '../auth/sessions.service';
import { notFound, unsupportedMediaType } from '../platform/errors';
import { findNulCharacter, nulCharacterRefusal } from '../platform/nul-characters';
import { createStorage, isStorageKey, type FileStorage } from '../platform/storage';
import { deleteMedia, getGpxData, getMedia, listMedia, updateMediaDescription } from './media.service';
import { uploadMedia } from './media-upload.service';
import { storageUsage } from './media-quota.service';
import { findServedFile } from './media-files.service';
import { MEDIA_FILES_PATH } from './media.presenter';
import { sendStoredFile } from './media.serving';
import type { UploadPart } from './media.upload';

/** Parser limits; the file's own size limit is enforced per target while it streams. */
const MULTIPART_LIMITS = { fields: 10, fieldSize: 16 * 1024, files: 2, parts: 12, headerPairs: 100, fileSize: Number.MAX_SAFE_INTEGER };

/** @fastify/multipart's parts as the library-independent parts the media service reads. */
export async function* multipartParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  if (!request.isMultipart()) throw unsupportedMediaType('not_multipart');
  for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
    // PostgreSQL text cannot hold U+0000; JSON input is checked in platform/nul-characters.ts.
    if (findNulCharacter([part.fieldname, part.type === 'file' ? part.filename : String(part.value)]) !== null) throw nulCharacterRefusal();
    if (part.type === 'file') yield { type: 'file', name: part.fieldname, filename: part.filename, stream: part.file };
    else yield { type: 'field', name: part.fieldname, value: String(part.value), truncated: part.valueTruncated };
  }
}

const idParams = z.object({ id: z.string().min(1).max(64) });
const storedFile = fileAnswer('A stored photo, video or GPX file', ['image/*', 'video/*', 'application/gpx+xml']);

export function mediaRoutes(ctx: AppContext, storage: FileStorage = createStorage(ctx.config)): FastifyPluginAsyncZod {
  return async (app) => {
    // A multipart body (the fields of mediaUploadFieldsSchema and the file), read by the service as it streams.
    app.post('/api/media', { schema: { consumes: ['multipart/form-data'], response: { 201: mediaItemSchema } } }, async (request, reply) => {
      const userId = requireUserId(request);
      const declared = Number(request.headers['content-length']);
      const item = await uploadMedia(ctx, storage, userId, request.ip, multipartParts(request), Number.isFinite(declared) ? declared : null);
      return reply.code(201).send(item);
    });

    app.get('/api/media/storage', { schema: { response: { 200: storageUsageSchema } } }, async (request) => storageUsage(ctx, requireUserId(request)));

    app.get('/api/media', { schema: { querystring: mediaListQuerySchema, response: { 200: mediaListSchema } } }, async (request) => listMedia(ctx, request.userId, request.query));

    app.get('/api/media/:id', { schema: { params: idParams, response: { 200: mediaItemSchema } } }, async (request) => getMedia(ctx, request.userId, request.params.id));

    app.get('/api/media/:id/gpx', { schema: { params: idParams, response: { 200: gpxDataSchema } } }, async (request) => getGpxData(ctx, request.userId, request.params.id));

    app.patch('/api/media/:id', { schema: { params: idParams, body: mediaUpdateSchema, response: { 200: mediaItemSchema } } }, async (request) =>
      updateMediaDescription(ctx, requireUserId(request), request.params.id, request.body.description),
    );

    app.delete('/api/media/:id', { schema: { params: idParams, response: { 200: successSchema } } }, async (request) => {
      await deleteMedia(ctx, storage, requireUserId(request), request.params.id);
      return { success: true as const };
    });

    // Outside /api so <img> and <video> can load it; a registered route, so the web app's fallback never answers it.
    // HEAD is handled here too (Fastify's automatic HEAD would read the whole file to discard it).
    app.route({
      method: ['GET', 'HEAD'],
      url: `${MEDIA_FILES_PATH}/:key`,
      // Whole (200) or a byte range (206, a video being scrubbed), of the type the file was stored as.
      schema: { params: z.object({ key: z.string() }), response: { 200: storedFile, 206: storedFile, 404: errorSchema } },
      handler: async (request, reply) => {
        if (!isStorageKey(request.params.key)) return reply.code(404).send(notFound('file_not_found').body);
        // The session is looked up only for files that are not public (the /api hook does not run here).
        const viewer = () => resolveSession(ctx.db, readSessionToken(request));
        const file = await findServedFile(ctx, storage, request.params.key, viewer);
        return sendStoredFile(reply, storage, file, request);
      },
    });
  };
}

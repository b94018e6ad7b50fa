import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { fileAnswer } from '../../shared/http/responses';
import { appCard, photoImage, rideImage } from './previews.service';

/** A picture's version in its address (preview-image.ts pictureVersion, APP_CARD_VERSION). */
const version = z.string().min(1).max(40).regex(/^[a-z0-9]+$/);
const picture = { 200: fileAnswer('A link preview picture, 1200x630', ['image/png']) };
const photo = { 200: fileAnswer("A link preview picture, 1200x630: a group's image or a rider's avatar", ['image/jpeg']) };
/** An address from before a change (a new route or photo): today's picture, kept a short while only (its page names a new address). */
const SHORT = 'public, max-age=300';
/** The address names one version of the picture, which never changes: any cache keeps it for good. */
const FOREVER = 'public, max-age=31536000, immutable';

/**
 * The pictures of link previews (og:image, previews.service.ts): drawn once per version (about 0.15 s;
 * docs/decisions/2026-11-27-link-previews.md) and kept in the file storage (picture-cache.ts), kept
 * by every cache after that. Outside /api: no session is read, and the answer is the same for every visitor.
 */
export function previewsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/og/rides/:id/:version.png', { schema: { params: z.object({ id: z.string().min(1).max(64), version }), response: picture } }, async (request, reply) => {
      const { png, current } = await rideImage(ctx, request, request.params.id, request.params.version);
      return reply.type('image/png').header('Cache-Control', current ? FOREVER : SHORT).send(png);
    });

    for (const [kind, folder] of [['group', 'groups'], ['avatar', 'profiles']] as const) {
      app.get(`/og/${folder}/:id/:version.jpg`, { schema: { params: z.object({ id: z.string().min(1).max(300), version }), response: photo } }, async (request, reply) => {
        const { jpeg, current } = await photoImage(ctx, request, kind, request.params.id, request.params.version);
        return reply.type('image/jpeg').header('Cache-Control', current ? FOREVER : SHORT).send(jpeg);
      });
    }

    app.get('/og/app/:version.png', { schema: { params: z.object({ version }), response: picture } }, async (request, reply) =>
      reply.type('image/png').header('Cache-Control', FOREVER).send(await appCard(ctx, request, request.params.version)),
    );
  };
}

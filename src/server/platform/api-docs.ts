import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document of every route, made from the routes' own zod schemas. */
export const OPENAPI_PATH = '/api/openapi.json';
/** The page integrators read it on (Swagger UI). */
export const API_DOCS_PATH = '/api/docs';

/** The same for every visitor and changed only by a restart, like /api/app-config. */
const PUBLIC_FOR_A_FEW_MINUTES = 'public, max-age=300';

/**
 * Publishes the API: must be registered before the routes, whose schemas @fastify/swagger collects
 * as they are added.
 *
 * The page needs no CSP of its own: Swagger UI loads its scripts and styles from its own files
 * under /api/docs/static (none inline), draws its icons as inline SVG and data: images, and reads
 * the document from this origin, all of which the app's CSP already allows; its validator badge
 * (an image from validator.swagger.io) is off by default. Its files are kept by no shared cache like every
 * /api answer (platform/cache-control.ts) except the document itself, the same for everyone.
 */
export async function registerApiDocs(app: FastifyInstance, appName: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${appName} API`,
        version: '1',
        description:
          'The API the web app is written against. Signed-in requests carry the session cookie; writes must come from this origin (Origin or Referer), so an integration runs in a page of this site or sends the header itself.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, uiConfig: { deepLinking: true } });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', PUBLIC_FOR_A_FEW_MINUTES).send(app.swagger()));
}

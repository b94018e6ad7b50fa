import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { serializeReply } from './platform/json-text';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createMailer, type Mailer } from './platform/mailer';
import { createInProcessBus, createPostgresBus, type EventBus } from './platform/event-bus';
import { errorHandler } from './platform/error-handler';
import { assertSameOrigin } from './platform/origin-check';
import { serveWebApp } from './platform/web-app';
import { startScheduler } from './platform/scheduler';
import { readSessionToken } from './auth/session-cookie';
import { sessionsRoutes } from './auth/sessions.routes';
import { resolveRequestSession } from './auth/sessions.service';
import { authRoutes } from './auth/auth.routes';
import { usersRoutes } from './users/users.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { eventsRoutes } from './events/events.routes';
import { mediaRoutes } from './media/media.routes';
import { bugReportsRoutes } from './bug-reports/bug-reports.routes';
import { groupsRoutes } from './groups/groups.routes';
import { invitesRoutes } from './invites/invites.routes';
import { pollsRoutes } from './polls/polls.routes';
import { ridesRoutes } from './rides/rides.routes';
import { routingRoutes } from './routing/routing.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { finderRoutes } from './finder/finder.routes';
import { geocodingRoutes } from './geocoding/geocoding.routes';
import { housekeepingJobs } from './housekeeping';

export interface AppOptions {
  config: Config;
  /** Replace the mailer (tests capture mail without SMTP). */
  mailer?: Mailer;
  /** Run the housekeeping jobs (off in tests). */
  scheduler?: boolean;
  logger?: boolean;
  /** How this process reaches the others when there is no PostgreSQL (main.ts passes the cluster bus). */
  bus?: EventBus;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** The CSP's image sources: ourselves, data:/blob:, and the configured tile host (GUIDE section 5). */
function tileSource(tileUrl: string): string {
  const { protocol, host } = new URL(tileUrl.replace(/\{[a-z]\}\./g, 'tiles.'));
  return tileUrl.includes('{s}.') ? `${protocol}//*.${host.replace(/^tiles\./, '')}` : `${protocol}//${host}`;
}

function redactUrl(url: string): string {
  return url.replace(/\?.*$/, '?…').replace(/^\/(api\/)?invite\/[^/?]+/, '/$1invite/…');
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Never log query strings: /auth/magic-link?token=... and /invite/{token} carry secrets.
            serializers: {
              req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
            },
          },
    bodyLimit: 64 * 1024,
    trustProxy: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setReplySerializer(serializeReply);
  app.setErrorHandler(errorHandler);
  // Only JSON (and, in later domains, multipart) bodies: a cross-site form cannot post text/plain.
  app.removeContentTypeParser('text/plain');

  const db: Db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onConnectionError: (err) => app.log.error({ err }, 'idle database connection failed') });
  await migrateToLatest(db);
  const bus: EventBus = db.postgresUrl ? await createPostgresBus(db.postgresUrl, app.log) : (options.bus ?? createInProcessBus());
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  const ctx: AppContext = { db: db.kysely, engine: db.engine, config, mailer, bus, log: app.log };
  app.decorate('ctx', ctx);

  await app.register(cookie);
  // Multipart bodies are only read by routes that ask (uploads); their size limits are set per route.
  await app.register(multipart);
  // Security headers (GUIDE section 5) from helmet's middleware, built once. @fastify/helmet builds
  // the middleware again on every request: 16 µs of a request's 16.3 µs of headers, measured,
  // which every API read paid.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileSource(config.tileUrl)],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));

  const publicOrigin = new URL(config.publicUrl).origin;
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    assertSameOrigin(request, publicOrigin);
    const session = await resolveRequestSession(ctx.db, readSessionToken(request), request.headers['user-agent']);
    request.userId = session?.userId ?? null;
    request.sessionId = session?.sessionId ?? null;
  });

  app.get('/api/app-config', async () => ({ appName: config.appName, tileUrl: config.tileUrl, tileAttribution: config.tileAttribution }));
  await app.register(authRoutes(ctx));
  await app.register(sessionsRoutes(ctx));
  await app.register(usersRoutes(ctx));
  await app.register(notificationsRoutes(ctx));
  await app.register(eventsRoutes(ctx));
  await app.register(groupsRoutes(ctx));
  await app.register(invitesRoutes(ctx));
  await app.register(pollsRoutes(ctx));
  await app.register(ridesRoutes(ctx));
  await app.register(routingRoutes(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(finderRoutes(ctx));
  await app.register(mediaRoutes(ctx));
  await app.register(bugReportsRoutes(ctx));
  await app.register(geocodingRoutes(ctx));

  if (config.webDir) await serveWebApp(app, config.webDir, config.appName);
  else app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));

  const stopScheduler = options.scheduler ? startScheduler(housekeepingJobs(ctx), app.log) : () => undefined;
  app.addHook('onClose', async () => {
    stopScheduler();
    await bus.close();
    await db.close();
  });
  return app;
}

import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { badRequest, HttpError, notFound } from './platform/errors';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { declareErrorAnswers, responseSerializerCompiler, type ResponseContractMode } from './platform/response-contract';
import { registerApiDocs } from './platform/api-docs';
import { appConfigSchema } from '../shared/http/app-config';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createMailer, type Mailer } from './platform/mailer';
import { createInProcessBus, createPostgresBus, type EventBus } from './platform/event-bus';
import { errorHandler } from './platform/error-handler';
import { refuseNulCharacters } from './platform/nul-characters';
import { assertSameOrigin } from './platform/origin-check';
import { isApiRequest } from './platform/api-request';
import { applyCachePolicy, PRIVATE_NO_STORE } from './platform/cache-control';
import { redactUrl } from './platform/log-redaction';
import { serveWebApp } from './platform/web-app';
import { previewsRoutes } from './previews/previews.routes';
import { pageParts } from './previews/previews.service';
import { startScheduler } from './platform/scheduler';
import { readSessionToken } from './auth/session-cookie';
import { sessionsRoutes } from './auth/sessions.routes';
import { resolveRequestSession } from './auth/sessions.service';
import { authRoutes } from './auth/auth.routes';
import { usersRoutes } from './users/users.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { deliveriesRoutes } from './deliveries/deliveries.routes';
import { eventsRoutes } from './events/events.routes';
import { mediaRoutes } from './media/media.routes';
import { bugReportsRoutes } from './bug-reports/bug-reports.routes';
import { groupsRoutes } from './groups/groups.routes';
import { invitesRoutes } from './invites/invites.routes';
import { pollsRoutes } from './polls/polls.routes';
import { ridesRoutes } from './rides/rides.routes';
import { calendarRoutes } from './calendar/calendar.routes';
import { seriesRoutes } from './rides/series/series.routes';
import { routingRoutes } from './routing/routing.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { finderRoutes } from './finder/finder.routes';
import { geocodingRoutes } from './geocoding/geocoding.routes';
import { pushRoutes } from './push/push.routes';
import { vapidKeys } from './push/push.service';
import { housekeepingJobs } from './housekeeping';
import { enforceWriteLimit, isWrite } from './limits/write-limits';
import { clientErrorHandler, cutOffStalledBodies } from './platform/slow-clients';
import { ensureGazetteerFile, useGazetteerFile } from './geocoding/gazetteer';

export interface AppOptions {
  config: Config;
  /** Replace the mailer (tests capture mail without SMTP). */
  mailer?: Mailer;
  /** Run the housekeeping jobs (off in tests). */
  scheduler?: boolean;
  logger?: boolean;
  /** How this process reaches the others when there is no PostgreSQL (main.ts passes the cluster bus). */
  bus?: EventBus;
  /** Told of every route as it is added (the never-500 property test enumerates the routes this way). */
  onRoute?: (route: RouteOptions) => void;
  /** An answer outside its route's schema: logged and sent unchanged ('log', the default), or a 500 ('enforce', the tests). */
  responseContract?: ResponseContractMode;
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

/** A socket with no traffic in either direction for this long is closed (longer than the 25 s SSE heartbeat). */
const SOCKET_IDLE_TIMEOUT_MS = 120_000;

/**
 * Fastify 5 ignores X-Forwarded-For entirely when trustProxy is a number (it fails closed, since a
 * hop count cannot tell a proxy from a client that reached the port directly), so a hop count is
 * passed as proxy-addr's own hop rule: the nearest `hops` addresses (the socket's peer first) are
 * proxies, and the client is the next one to the left in X-Forwarded-For.
 */
function trustProxyOption(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Security headers (GUIDE section 5) from helmet's middleware, built once. @fastify/helmet builds
  // the middleware again on every request, nearly all of what the headers cost every API read
  // (docs/decisions/2026-11-24-helmet.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileSource(config.tileUrl)],
        mediaSrc: ["'self'", 'blob:'],
        // The service worker fetches map tiles to keep them offline (src/web/service-worker/tile-cache.ts).
        connectSrc: ["'self'", tileSource(config.tileUrl)],
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
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Never log secrets: query strings, invitation and calendar feed tokens (platform/log-redaction.ts).
            serializers: {
              req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
            },
          },
    bodyLimit: 64 * 1024,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names; unset, the socket's
    // address is the client's, so a forged header cannot dodge the per-address limits.
    trustProxy: trustProxyOption(config.trustProxy),
    // Slow clients (docs/security.md "Limits and client addresses"): headers must arrive within
    // HEADERS_TIMEOUT (checked every second, not Node's default 30 s), the whole request within
    // REQUEST_TIMEOUT (long, for uploads over slow links), a body must keep moving (slow-clients.ts),
    // an idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT and a socket with no traffic
    // either way (a stalled download) after SOCKET_IDLE_TIMEOUT_MS.
    // Node answers HTTP/1.1 without a Host with an empty 400 of its own; the hook below refuses it as JSON.
    http: { headersTimeout: config.headersTimeoutMs, requestTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1000, requireHostHeader: false },
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionTimeout: SOCKET_IDLE_TIMEOUT_MS,
    clientErrorHandler,
    // What the router answers itself, before any route or hook (a broken %-escape, a parameter
    // longer than it takes): otherwise Fastify's own body with no Cache-Control (a 414 may be kept
    // by a cache's heuristics) and none of the security headers.
    frameworkErrors: (error, request, reply) => {
      securityHeaders(request.raw, reply.raw, () => {
        const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
        void (reply as FastifyReply)
          .code(tooLong ? 414 : 400)
          .header('cache-control', PRIVATE_NO_STORE)
          .send((tooLong ? new HttpError(414, 'address_too_long') : badRequest('address_invalid')).body);
      });
    },
  });
  app.addHook('onRoute', declareErrorAnswers);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  cutOffStalledBodies(app, config.bodyTimeoutMs);
  app.setValidatorCompiler(validatorCompiler);
  // Every answer is checked against its route's schema (platform/response-contract.ts): in the
  // tests a mismatch fails the request, in production it is logged and the answer sent unchanged.
  app.setSerializerCompiler(responseSerializerCompiler(options.responseContract ?? 'log', app.log));
  app.setErrorHandler(errorHandler);
  // Only JSON (and, in later domains, multipart) bodies: a cross-site form cannot post text/plain.
  app.removeContentTypeParser('text/plain');
  refuseNulCharacters(app);

  const db: Db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onConnectionError: (err) => app.log.error({ err }, 'idle database connection failed') });
  await migrateToLatest(db);
  // The shared gazetteer file: already built by the cluster primary (or built now, once, in a single process).
  useGazetteerFile(ensureGazetteerFile(config.gazetteerDir));
  const bus: EventBus = db.postgresUrl ? await createPostgresBus(db.postgresUrl, app.log) : (options.bus ?? createInProcessBus());
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  const ctx: AppContext = { db: db.kysely, engine: db.engine, config, mailer, bus, log: app.log };
  app.decorate('ctx', ctx);
  // The web push key pair, made now by the first process of the first start (push/push.service.ts).
  await vapidKeys(ctx.db);
  if (/^(mailto:.*@|https:\/\/)(localhost|127\.|\[::1\])/i.test(config.vapidSubject)) {
    app.log.warn(`VAPID_SUBJECT is ${config.vapidSubject}: push services refuse a localhost subject; set VAPID_SUBJECT or MAIL_FROM`);
  }

  await app.register(cookie);
  applyCachePolicy(app);
  // Multipart bodies are only read by routes that ask (uploads); their size limits are set per route.
  await app.register(multipart);
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
  // HTTP/1.1 requires a Host (RFC 9112 section 3.2); HTTP/1.0 may go without.
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) throw badRequest('invalid_request');
  });

  const publicOrigin = new URL(config.publicUrl).origin;
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionId', null);
  let warnedAboutProxy = false;
  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request)) return;
    assertSameOrigin(request, publicOrigin);
    const session = await resolveRequestSession(ctx.db, readSessionToken(request), request.headers['user-agent']);
    request.userId = session?.userId ?? null;
    request.sessionId = session?.sessionId ?? null;
    if (isWrite(request)) await enforceWriteLimit(ctx, request);
    if (!warnedAboutProxy && config.trustProxy === false && request.headers['x-forwarded-for'] !== undefined) {
      warnedAboutProxy = true;
      request.log.warn('requests carry X-Forwarded-For but TRUST_PROXY is unset: if a proxy is in front, every rider shares its address for the per-address limits');
    }
  });

  await registerApiDocs(app, config.appName);
  // The same for every visitor and changed only by a restart: any cache may keep it a few minutes.
  app.get('/api/app-config', { schema: { response: { 200: appConfigSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return {
      appName: config.appName,
      tileUrl: config.tileUrl,
      tileAttribution: config.tileAttribution,
      tileOffline: { cacheMb: config.tileCacheMb, prefetch: config.tilePrefetch, prefetchMaxTiles: config.tilePrefetchMaxTiles },
      placeSearch: config.geocoderUrl ? 'places' : 'towns',
      pseudoLocale: config.pseudoLocale,
    };
  });
  await app.register(authRoutes(ctx));
  await app.register(sessionsRoutes(ctx));
  await app.register(usersRoutes(ctx));
  await app.register(notificationsRoutes(ctx));
  await app.register(deliveriesRoutes(ctx));
  await app.register(eventsRoutes(ctx));
  await app.register(groupsRoutes(ctx));
  await app.register(invitesRoutes(ctx));
  await app.register(pollsRoutes(ctx));
  await app.register(ridesRoutes(ctx));
  await app.register(calendarRoutes(ctx));
  await app.register(seriesRoutes(ctx));
  await app.register(routingRoutes(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(finderRoutes(ctx));
  await app.register(mediaRoutes(ctx));
  await app.register(bugReportsRoutes(ctx));
  await app.register(geocodingRoutes(ctx));
  await app.register(pushRoutes(ctx));

  await app.register(previewsRoutes(ctx));

  // Each page's link preview is computed as for a visitor without a session, whoever asks (previews.service.ts).
  if (config.webDir) await serveWebApp(app, config.webDir, config.appName, { pseudoLocale: config.pseudoLocale, pageParts: (pathname, locale, request) => pageParts(ctx, pathname, locale, request.headers) });
  else app.setNotFoundHandler((_request, reply) => reply.code(404).send(notFound('not_found').body));

  const stopScheduler = options.scheduler ? startScheduler(housekeepingJobs(ctx), app.log) : () => undefined;
  app.addHook('onClose', async () => {
    stopScheduler();
    await bus.close();
    await db.close();
  });
  return app;
}

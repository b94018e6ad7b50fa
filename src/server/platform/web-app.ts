import fs from 'node:fs';
import { notFound } from './errors';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { pagePreloads } from './page-preloads';
import { escapeHtml } from './html';
import { fileAnswer } from '../../shared/http/responses';
import { textDirection, type Locale } from '../../shared/i18n/locales';
import { PAGE_LANGUAGE_VARY, pageLanguage } from '../i18n/request-language';

/** The installable app (W3C Web App Manifest); the icons are files of the build (public/icons). */
export function webManifest(appName: string) {
  return {
    id: '/',
    name: appName,
    short_name: appName,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#16191f',
    theme_color: '#16191f',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** The page's language in its <html> tag: lang and dir for the browser, data-locale for the app (src/web/lib/i18n/i18n.ts). */
function withLanguage(html: string, locale: Locale): string {
  const tag = `<html lang="${locale}" dir="${textDirection(locale)}" data-locale="${locale}">`;
  return /<html[\s>]/i.test(html) ? html.replace(/<html(?:\s[^>]*)?>/i, tag) : html.replace(/^(<!doctype html>)?/i, `$1${tag}`);
}

/**
 * Serves the built web app (dist/web) on the same port as the API. Every path that is not a file
 * and not under /api gets index.html, so the client's router decides (including its 404 page).
 * Each page is in the visitor's language (i18n/request-language.ts: the cookie of an earlier
 * choice, else Accept-Language), the pseudo-language only when `options.pseudoLocale` allows it.
 */
export async function serveWebApp(app: FastifyInstance, webDir: string, appName: string, options: { pseudoLocale: boolean } = { pseudoLocale: false }): Promise<void> {
  const indexFile = path.join(webDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`${indexFile} not found: run "npm run build" to serve the web app`);
    return;
  }
  const indexHtml = fs.readFileSync(indexFile, 'utf8').replaceAll('%APP_NAME%', escapeHtml(appName));
  // index.html preloads the current rider (GET /api/users/current, which makes a guest for a
  // visitor without a session). /signed-out is where Logout leads and must not make a guest
  // (spec 1, sessions): its page goes without the preload.
  const signedOutHtml = indexHtml.replace(/[ \t]*<link rel="preload" href="\/api\/users\/current"[^>]*>\n?/, '');
  // Each page also names its route's chunks and, on a ride's page, the ride (page-preloads.ts).
  const preloads = pagePreloads(webDir, indexHtml);
  const pageFor = (pathname: string, locale: Locale) => {
    const signedOut = pathname === '/signed-out' || pathname === '/signed-out/';
    const links = preloads.catalog(locale) + (signedOut ? '' : preloads.route(pathname));
    return withLanguage(signedOut ? signedOutHtml : indexHtml, locale).replace('</head>', `${links}</head>`);
  };
  // The page differs by the language cookie and Accept-Language: a cache keeps a copy per both
  // (and the browser revalidates it each time, no-cache).
  const sendPage = (request: FastifyRequest, reply: FastifyReply, pathname: string) =>
    reply.type('text/html').header('Cache-Control', 'no-cache').header('Vary', PAGE_LANGUAGE_VARY).send(pageFor(pathname, pageLanguage(request.headers, options.pseudoLocale)));
  await app.register(fastifyStatic, {
    root: webDir,
    index: false,
    wildcard: false,
    // The build writes .br and .gz copies of its text assets (build/precompress.ts): a browser that
    // accepts one gets it, with Vary: Accept-Encoding; others get the original.
    preCompressed: true,
    setHeaders(res, filePath) {
      // Hashed build assets never change; everything else is revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header("Cache-Control", "public, max-age=31536000, immutable");
    },
  });
  const page = { schema: { response: { 200: fileAnswer(`The web app's page`, ['text/html']) } } };
  // The web app manifest, with the app's name (APP_NAME) like the page: what a phone's "Add to Home
  // Screen" installs, and on an iPhone the only way web push is allowed (iOS 16.4 and later).
  const manifest = JSON.stringify(webManifest(appName));
  const manifestRoute = { schema: { response: { 200: fileAnswer('The web app manifest', ['application/manifest+json']) } } };
  app.get('/manifest.webmanifest', manifestRoute, (_request, reply) => reply.type('application/manifest+json').header('Cache-Control', 'no-cache').send(manifest));
  app.get('/', page, (request, reply) => sendPage(request, reply, '/'));
  app.setNotFoundHandler((request, reply) => {
    // API paths and missing files (anything under /assets or with an extension) are real 404s,
    // so a stale page asking for an old build's asset fails loudly instead of getting HTML.
    const pathname = request.url.split('?')[0]!;
    if (request.method !== 'GET' || pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.code(404).send(notFound('not_found').body);
    }
    return sendPage(request, reply, pathname);
  });
}

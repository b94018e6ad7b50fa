import fs from 'node:fs';
import { notFound } from './errors';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { pagePreloads, scriptsAfterFirstPaint } from './page-preloads';
import { escapeHtml } from './html';
import { fileAnswer } from '../../shared/http/responses';
import { textDirection, type Locale } from '../../shared/i18n/locales';
import { PAGE_LANGUAGE_VARY, pageLanguage } from '../i18n/request-language';
import { i18nFor } from '../i18n/i18n.service';
import type { I18n } from '@lingui/core';

/**
 * The installable app (W3C Web App Manifest, issue 32 point 1), in the language of the page that
 * links it: its name from APP_NAME, icons of 192 and 512 px as `any` (the logo with its rounded
 * corners) and as `maskable` (full bleed, the road inside the safe zone; build/pwa-icons.ts draws
 * them into public/icons), and shortcuts to Upcoming Rides and My Groups.
 */
export function webManifest(appName: string, i18n: I18n) {
  const locale = i18n.locale as Locale;
  const shortcutIcons = [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }];
  return {
    id: '/',
    name: appName,
    short_name: appName,
    description: i18n._(/*i18n*/ { id: 'manifest.description', message: 'Group motorcycle rides: plan them, join them, ride them together.' }),
    lang: locale,
    dir: textDirection(locale),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#16191f',
    theme_color: '#16191f',
    icons: [192, 512].flatMap((size) => [
      { src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' },
      { src: `/icons/icon-maskable-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' },
    ]),
    shortcuts: [
      { name: i18n._(/*i18n*/ { id: 'manifest.shortcut.upcoming', message: 'Upcoming Rides' }), url: '/upcoming', icons: shortcutIcons },
      { name: i18n._(/*i18n*/ { id: 'manifest.shortcut.groups', message: 'My Groups' }), url: '/groups', icons: shortcutIcons },
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
export interface WebAppOptions {
  pseudoLocale: boolean;
  /**
   * What a page's path adds (previews/previews.service.ts): `head`, the `<meta>` tags of its
   * `<head>` (link previews); `main`, when not null, the boot shell's main area (a ride's heading).
   * Nothing when absent.
   */
  pageParts?: (pathname: string, locale: Locale, request: FastifyRequest) => Promise<{ head: string; main: string | null }>;
}

export async function serveWebApp(app: FastifyInstance, webDir: string, appName: string, options: WebAppOptions = { pseudoLocale: false }): Promise<void> {
  const indexFile = path.join(webDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`${indexFile} not found: run "npm run build" to serve the web app`);
    return;
  }
  // Text goes in through functions: a replacement string would read `$&`, `$'` and `$$` in a name as patterns.
  const indexHtml = fs.readFileSync(indexFile, 'utf8').replaceAll('%APP_NAME%', () => escapeHtml(appName));
  // index.html preloads the current rider (GET /api/users/current, which makes a guest for a
  // visitor without a session). /signed-out is where Logout leads and must not make a guest
  // (spec 1, sessions): its page goes without the preload.
  const signedOutHtml = indexHtml.replace(/[ \t]*<link rel="preload" href="\/api\/users\/current"[^>]*>\n?/, '');
  // Each page also names its route's chunks and, on a ride's page, the ride (page-preloads.ts).
  const preloads = pagePreloads(webDir, indexHtml);
  const pageFor = (pathname: string, locale: Locale, tags: string, main: string | null) => {
    const signedOut = pathname === '/signed-out' || pathname === '/signed-out/';
    const links = preloads.catalog(locale, pathname) + (signedOut ? '' : preloads.route(pathname));
    const html = withLanguage(signedOut ? signedOutHtml : indexHtml, locale).replace('</head>', () => `${tags}${links}</head>`);
    // The boot shell's main area (index.html: its only <main>) is the page's own when it has one; the
    // generic one follows in a <template>, which the service worker keeps as the offline shell
    // (service-worker/shell.ts, genericShell), so no other page starts offline with this one's text.
    if (main === null) return html;
    return scriptsAfterFirstPaint(html).replace(/(<main\b[^>]*>)([\s\S]*?)(<\/main>)/, (_, open: string, generic: string, close: string) => `${open}${main}<template data-boot-generic>${generic}</template>${close}`);
  };
  // The page differs by the language cookie and Accept-Language: a cache keeps a copy per both
  // (and the browser revalidates it each time, no-cache).
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const locale = pageLanguage(request.headers, options.pseudoLocale);
    const parts = options.pageParts ? await options.pageParts(pathname, locale, request) : { head: '', main: null };
    return reply.type('text/html').header('Cache-Control', 'no-cache').header('Vary', PAGE_LANGUAGE_VARY).send(pageFor(pathname, locale, parts.head, parts.main));
  };
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
  // Its shortcuts are named in the page's language, chosen as for the page.
  const manifestRoute = { schema: { response: { 200: fileAnswer('The web app manifest', ['application/manifest+json']) } } };
  app.get('/manifest.webmanifest', manifestRoute, async (request, reply) => {
    const manifest = webManifest(appName, await i18nFor(pageLanguage(request.headers, options.pseudoLocale)));
    return reply.type('application/manifest+json').header('Cache-Control', 'no-cache').header('Vary', PAGE_LANGUAGE_VARY).send(JSON.stringify(manifest));
  });
  app.get('/', page, (request, reply) => sendPage(request, reply, '/'));
  app.setNotFoundHandler((request, reply) => {
    // API paths and missing files (anything under /assets or with an extension) are real 404s,
    // so a stale page asking for an old build's asset fails loudly instead of getting HTML.
    const pathname = request.url.split('?')[0]!;
    // HEAD is answered as GET (Node sends no body): link checkers and chat apps ask it first.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.code(404).send(notFound('not_found').body);
    }
    return sendPage(request, reply, pathname);
  });
}

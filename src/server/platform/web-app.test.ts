import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebApp } from './web-app';
import { responseSerializerCompiler } from './response-contract';

// The build writes .br and .gz copies beside its text assets (build/precompress.ts); the server
// sends the one the browser accepts.

let app: FastifyInstance;
let withoutPseudo: FastifyInstance;
let webDir: string;
const script = `console.log(${JSON.stringify('RoadCaptain '.repeat(200))});`;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html>\n<html lang="en">\n<title>%APP_NAME%</title>\n    <link rel="preload" href="/api/users/current" as="fetch" crossorigin="use-credentials" />\n    <script type="module" crossorigin src="/assets/index-abc123.js"></script>\n</head><body></body>\n');
  // The build's manifest: the home route inside a group chunk named after it, the ride page's
  // route as its own chunk importing the home group and the entry (vite.config.ts, route-chunks.ts).
  fs.mkdirSync(path.join(webDir, '.vite'));
  fs.writeFileSync(
    path.join(webDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true },
      '_home-h1.js': { file: 'assets/home-h1.js', name: 'home', imports: ['index.html'] },
      'src/web/app/routes/ride-detail.tsx': { file: 'assets/ride-detail-r1.js', name: 'ride-detail', imports: ['index.html', '_home-h1.js'] },
    }),
  );
  // The split catalogs (build/catalog-split.ts): the first load's, and the ride page's chunk's own group.
  fs.writeFileSync(
    path.join(webDir, '.vite', 'catalogs.json'),
    JSON.stringify({ first: 'f1', versions: { en: 'v1', it: 'v1', fr: 'v1', 'en-XA': 'v1' }, groups: ['errors', 'r1'], chunks: { 'assets/ride-detail-r1.js': 'r1' } }),
  );
  const file = path.join(webDir, 'assets', 'index-abc123.js');
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
  fs.writeFileSync(path.join(webDir, 'assets', 'small-def456.js'), 'export {};');
  app = Fastify();
  // As app.ts: the page's route declares its answer with a zod schema.
  app.setSerializerCompiler(responseSerializerCompiler('enforce', app.log));
  await serveWebApp(app, webDir, 'RoadCaptain', { pseudoLocale: true });
  await app.ready();
  // A production server: PSEUDO_LOCALE unset.
  withoutPseudo = Fastify();
  withoutPseudo.setSerializerCompiler(responseSerializerCompiler('enforce', withoutPseudo.log));
  await serveWebApp(withoutPseudo, webDir, 'RoadCaptain');
  await withoutPseudo.ready();
});
afterAll(async () => {
  await app.close();
  await withoutPseudo.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the web app', () => {
  it('sends a script as Brotli to a browser that accepts it, as gzip to one that accepts only gzip, and plain otherwise', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/index-abc123.js', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    for (const res of [br, gzip, plain]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it("serves the web app manifest with the app's name and icons of 192 and 512 pixels", async () => {
    const answer = await get('/manifest.webmanifest');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = answer.json();
    expect(manifest).toMatchObject({ name: 'RoadCaptain', start_url: '/', display: 'standalone' });
    expect(manifest).toMatchObject({ short_name: 'RoadCaptain', scope: '/', theme_color: expect.any(String), background_color: expect.any(String) });
    const icons = (manifest.icons as Array<{ sizes: string; purpose: string }>).map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(icons).toEqual(expect.arrayContaining(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons as Array<{ src: string }>) expect(fs.existsSync(path.join('public', icon.src))).toBe(true);
    expect(manifest.shortcuts).toEqual([expect.objectContaining({ name: 'Upcoming Rides', url: '/upcoming' }), expect.objectContaining({ name: 'My Groups', url: '/groups' })]);
  });

  it("names the manifest's shortcuts in the page's language", async () => {
    const answer = await app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(answer.headers.vary).toMatch(/accept-language/i);
    expect(answer.json()).toMatchObject({ lang: 'de', shortcuts: [{ name: 'Nächste Ausfahrten' }, { name: 'Meine Gruppen' }] });
  });

  it('sends a file without compressed copies as it is', async () => {
    const res = await get('/assets/small-def456.js', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};');
  });

  it('still answers a missing asset with 404 and any other page with the app', async () => {
    expect((await get('/assets/gone-000.js', 'br')).statusCode).toBe(404);
    const page = await get('/groups/some-group', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>RoadCaptain</title>');
  });

  it('answers HEAD on a page as GET does, without the body (a link checker asks so before it fetches)', async () => {
    for (const url of ['/', '/groups/some-group', '/rides/1', '/profile/someone', '/invite/x']) {
      const [head, got] = [await app.inject({ method: 'HEAD', url }), await get(url)];
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(got.headers['content-type']);
      expect(head.headers['cache-control'], url).toBe('no-cache');
      expect(head.body, url).toBe('');
    }
    expect((await app.inject({ method: 'HEAD', url: '/assets/gone-000.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'HEAD', url: '/api/nothing-here' })).statusCode).toBe(404);
  });

  it('asks for the current rider with every page but /signed-out, which must not make a guest', async () => {
    for (const url of ['/', '/groups/some-group', '/auth/magic-link?token=x']) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<link rel="preload" href="/api/users/current" as="fetch" crossorigin="use-credentials" />');
    }
    for (const url of ['/signed-out', '/signed-out?from=menu']) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>RoadCaptain</title>');
      expect(page.body).not.toContain('/api/users/current');
    }
  });

  it("names the page's route chunks, and on a ride's page the ride, so they load with the entry", async () => {
    const home = (await get('/')).body;
    expect(home).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/home-h1.js">');
    expect(home).not.toContain('ride-detail-r1.js');
    expect(home).not.toContain('href="/assets/index-abc123.js"');
    expect(home).not.toContain('/api/groups/');

    const bySlugs = (await get('/groups/alpen%20freunde/rides/kesselberg-loop/')).body;
    expect(bySlugs).toContain('<link rel="preload" href="/api/groups/alpen%20freunde/rides/kesselberg-loop" as="fetch" crossorigin="use-credentials">');
    expect(bySlugs).toContain('href="/assets/ride-detail-r1.js"');
    expect(bySlugs).toContain('href="/assets/home-h1.js"');

    // The slug as the app's request encodes it (router params are decoded, the client encodes them).
    expect((await get('/rides/a%27b')).body).toContain('<link rel="preload" href="/api/rides/a&#39;b" as="fetch"');
    // A path that is not valid percent-encoding gets no data preload, and never a server error.
    const broken = await get('/rides/%E0%A4');
    expect(broken.statusCode).toBeLessThan(500);
    expect(broken.body).not.toContain('/api/rides/');
    // Edit forms and other pages do not read the ride from the preload.
    expect((await get('/rides/abc/edit')).body).not.toContain('/api/rides/abc');
    // /signed-out preloads no route (only its language's catalog, below).
    expect((await get('/signed-out')).body).not.toContain('fetchpriority="low"');
  });

  describe("in the visitor's language", () => {
    const page = (server: FastifyInstance, url: string, headers: Record<string, string>) => server.inject({ method: 'GET', url, headers });
    const catalogs = (body: string) => [...body.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/(messages-[\w-]+)\.js">/g)].map((m) => m[1]);
    /** The language a page is in: what its <html> names (lang and data-locale alike), and the catalogs it preloads. */
    const languageOf = (body: string) => ({ locale: /<html lang="([\w-]+)" dir="ltr" data-locale="\1">/.exec(body)?.[1], catalogs: catalogs(body) });

    it("names the language of Accept-Language in <html> and preloads that language's catalog alone", async () => {
      const italian = await page(app, '/', { 'accept-language': 'it-IT,it;q=0.9,en;q=0.5' });
      expect(languageOf(italian.body)).toEqual({ locale: 'it', catalogs: ['messages-it-f1-v1'] });
      expect(italian.body).not.toContain('<html lang="en"');
      // Before the route's chunks: the app waits for it before it first renders.
      expect(italian.body.indexOf('messages-it-f1-v1.js')).toBeLessThan(italian.body.indexOf('home-h1.js'));
      expect(italian.headers['content-type']).toMatch(/^text\/html/);

      // A language RoadCaptain does not speak, or none: English.
      for (const headers of [{ 'accept-language': 'ja-JP' }, {}] as Array<Record<string, string>>) {
        const english = await page(app, '/groups/some-group', headers);
        expect(languageOf(english.body)).toEqual({ locale: 'en', catalogs: ['messages-en-f1-v1'] });
      }
    });

    it('takes the language cookie of an earlier choice over Accept-Language, and ignores a cookie naming no language', async () => {
      // A ride's page preloads its route chunk's messages too.
      const chosen = await page(app, '/rides/abc', { 'accept-language': 'it-IT', cookie: 'rc_session=s1; rc_lang=fr' });
      expect(languageOf(chosen.body)).toEqual({ locale: 'fr', catalogs: ['messages-fr-f1-v1', 'messages-fr-r1-v1'] });

      for (const cookie of ['rc_lang=klingon', 'rc_lang=', 'rc_lang="><script>', 'other_lang=fr']) {
        const ignored = await page(app, '/', { 'accept-language': 'it-IT', cookie });
        expect(languageOf(ignored.body)).toEqual({ locale: 'it', catalogs: ['messages-it-f1-v1'] });
      }
    });

    it('serves the pseudo-language only where it is allowed (development and tests)', async () => {
      const allowed = await page(app, '/', { 'accept-language': 'it-IT', cookie: 'rc_lang=en-XA' });
      expect(languageOf(allowed.body)).toEqual({ locale: 'en-XA', catalogs: ['messages-en-XA-f1-v1'] });

      const production = await page(withoutPseudo, '/', { 'accept-language': 'it-IT', cookie: 'rc_lang=en-XA' });
      expect(languageOf(production.body).locale).toBe('it');
      expect(production.body).not.toContain('messages-en-XA-');
      const askedByHeader = await page(withoutPseudo, '/', { 'accept-language': 'en-XA, fr;q=0.5' });
      expect(languageOf(askedByHeader.body)).toEqual({ locale: 'en', catalogs: ['messages-en-f1-v1'] });
      // Nor is it offered: the app asks the installation (GET /api/app-config, app.ts).
    });

    it('tells caches the page differs by Accept-Language and the cookie, and keeps /signed-out in the language too', async () => {
      for (const url of ['/', '/groups/some-group', '/signed-out']) {
        const answer = await page(app, url, { 'accept-language': 'it' });
        expect(answer.headers.vary).toMatch(/accept-language/i);
        expect(answer.headers.vary).toMatch(/cookie/i);
        expect(answer.headers['cache-control']).toBe('no-cache');
      }
      const signedOut = (await page(app, '/signed-out', { 'accept-language': 'it' })).body;
      expect(languageOf(signedOut)).toEqual({ locale: 'it', catalogs: ['messages-it-f1-v1'] });
      expect(signedOut).not.toContain('/api/users/current');
    });
  });
});

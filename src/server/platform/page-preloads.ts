import fs from 'node:fs';
import path from 'node:path';
import { CATALOG_MANIFEST, catalogPath, type CatalogManifest } from '../../shared/i18n/catalog-index';
import { PSEUDO_LOCALE, SHIPPED_LOCALES, type Locale } from '../../shared/i18n/locales';
import { escapeHtml } from './html';

/**
 * What the HTML of a path asks for up front, so the browser fetches it in parallel with the entry
 * script instead of after it has run: the path's route chunk (and the chunks it imports) as module
 * preloads, and on a ride's page the ride itself. See docs/web.md "First paint".
 */

/** Paths of src/web/app/router.tsx and the route module each loads (first match wins, as there). */
const ROUTES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/$/, 'home'],
  [/^\/auth\/magic-link$/, 'magic-link'],
  [/^\/preferences$/, 'preferences'],
  [/^\/profile\/[^/]+$/, 'profile'],
  [/^\/groups$/, 'groups'],
  [/^\/groups\/[^/]+$/, 'group-detail'],
  [/^\/invite\/[^/]+$/, 'invite'],
  [/^\/upcoming$/, 'upcoming'],
  [/^\/finder$/, 'finder'],
  [/^\/groups\/[^/]+\/rides\/[^/]+$/, 'ride-detail'],
  [/^\/groups\/[^/]+\/rides\/[^/]+\/edit$/, 'ride-edit'],
  [/^\/rides\/[^/]+$/, 'ride-detail'],
  [/^\/rides\/[^/]+\/edit$/, 'ride-edit'],
  [/^\/media$/, 'media'],
  [/^\/report-bug$/, 'report-bug'],
];

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
}

/** The route module's chunk and every chunk it imports statically, minus those the page names already. */
function routeChunks(manifest: Record<string, ManifestChunk>, route: string, named: Set<string>): string[] {
  // A route module is its own chunk, or is inside the group chunk named after it (vite.config.ts).
  const source = `src/web/app/routes/${route}.tsx`;
  const group = Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key]!.name === route);
  return chunkFiles(manifest, manifest[source] ? source : (group ?? source), named);
}

/** A manifest entry's chunk and every chunk it imports statically, minus those the page names already. */
function chunkFiles(manifest: Record<string, ManifestChunk>, entry: string, named: Set<string>): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const key = pending.shift()!;
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) continue;
    seen.add(key);
    if (!named.has(chunk.file)) files.push(chunk.file);
    pending.push(...(chunk.imports ?? []));
  }
  return files;
}

/** A path segment as the app's request writes it (router params are decoded; the client encodes them). */
function segment(raw: string): string | null {
  try {
    return encodeURIComponent(decodeURIComponent(raw));
  } catch {
    return null;
  }
}

/** The API read a page makes first for its content, when the path names it. */
function dataRequest(pathname: string): string | null {
  const bySlugs = /^\/groups\/([^/]+)\/rides\/([^/]+)$/.exec(pathname);
  if (bySlugs) {
    const group = segment(bySlugs[1]!);
    const ride = segment(bySlugs[2]!);
    return group && ride ? `/api/groups/${group}/rides/${ride}` : null;
  }
  const byId = /^\/rides\/([^/]+)$/.exec(pathname);
  if (byId) {
    const id = segment(byId[1]!);
    return id ? `/api/rides/${id}` : null;
  }
  return null;
}


/**
 * Returns what a page adds to the built index.html: `route(path)`, the path's preloads, and
 * `catalog(locale, path)`, the language's catalogs the page runs with (build/catalog-split.ts): the
 * first load's, and those of the path's route chunks, which the app loads before it renders them
 * (src/web/lib/i18n/i18n.ts), so they come at once and at full priority. Without a build manifest
 * (an old build, tests) only the data preload is given.
 */
export function pagePreloads(webDir: string, indexHtml: string): { route(pathname: string): string; catalog(locale: Locale, pathname: string): string } {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : {};
  const catalogsFile = path.join(webDir, CATALOG_MANIFEST);
  const catalogs: CatalogManifest | null = fs.existsSync(catalogsFile) ? JSON.parse(fs.readFileSync(catalogsFile, 'utf8')) : null;
  const named = new Set([...indexHtml.matchAll(/\/assets\/([\w.-]+\.js)"/g)].map((m) => `assets/${m[1]}`));
  const routeFiles = new Map<string, string[]>();
  for (const route of [...ROUTES.map(([, name]) => name), 'not-found']) routeFiles.set(route, routeChunks(manifest, route, named));
  const routeOf = (rawPathname: string) => {
    const pathname = rawPathname.length > 1 ? rawPathname.replace(/\/$/, '') : rawPathname;
    return { pathname, route: ROUTES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'not-found' };
  };
  const chunkLinks = new Map([...routeFiles].map(([route, files]) => [route, files.map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`).join('')]));
  const catalogLinks = new Map<string, string>();
  const locales: string[] = [...SHIPPED_LOCALES, PSEUDO_LOCALE];
  return {
    route(rawPathname) {
      const { pathname, route } = routeOf(rawPathname);
      const data = dataRequest(pathname);
      const dataLink = data ? `<link rel="preload" href="${escapeHtml(data)}" as="fetch" crossorigin="use-credentials">` : '';
      return dataLink + chunkLinks.get(route)!;
    },
    catalog(locale, rawPathname) {
      if (!catalogs || !locales.includes(locale)) return '';
      const { route } = routeOf(rawPathname);
      const cacheKey = `${locale} ${route}`;
      let links = catalogLinks.get(cacheKey);
      if (links === undefined) {
        const keys = [catalogs.first, ...new Set(routeFiles.get(route)!.flatMap((file) => catalogs.chunks[file] ?? []))];
        links = keys.map((key) => `<link rel="modulepreload" crossorigin href="/${catalogPath(catalogs, locale, key)}">`).join('');
        catalogLinks.set(cacheKey, links);
      }
      return links;
    },
  };
}

/** The app's entry script, as the build writes it into index.html. */
const ENTRY_SCRIPT = /[ \t]*<script\b[^>]*\btype="module"[^>]*\bsrc="\/assets\/[^"]+"[^>]*><\/script>\n?/g;
/** The entry's module preloads and the route's (above), asked for at low priority (build/stylesheet-first.ts). */
const LOW_PRIORITY_PRELOADS = /[ \t]*<link rel="modulepreload"[^>]*\bfetchpriority="low"[^>]*>\n?/g;
/** The language's catalogs (catalog() above): read by the app's scripts only. */
const CATALOG_PRELOADS = /[ \t]*<link rel="modulepreload" crossorigin href="\/assets\/messages-[^"]+">\n?/g;
/** What public/after-paint.js adds to the page once it has painted. */
const AFTER_PAINT_TEMPLATE_ID = 'rc-after-paint';

/**
 * A page whose HTML paints its own content (a ride's page: the server writes the ride's name into
 * the boot shell, previews.service.ts) asks for the app's scripts once that has painted: the entry
 * and the module preloads move into a <template>, which public/after-paint.js adds to the page
 * after the first paint. Asked for together with the stylesheet, about 200 KB of scripts share a
 * slow phone connection with it and hold back the paint that shows the ride; after it they delay
 * nothing the rider sees. The language's catalogs go with them: only those scripts read them, and
 * each is one more request before the paint (the ride page's chunks have three). The data
 * preloads stay (small, and the answer is needed as soon as the scripts run).
 * The service worker keeps such a page as the offline shell with its scripts put back
 * (service-worker/shell.ts, genericShell). docs/decisions/2026-11-27-ride-page-paints-first.md.
 */
export function scriptsAfterFirstPaint(html: string): string {
  const entry = html.match(ENTRY_SCRIPT) ?? [];
  if (entry.length === 0) return html;
  const scripts = [...entry, ...(html.match(LOW_PRIORITY_PRELOADS) ?? []), ...(html.match(CATALOG_PRELOADS) ?? [])];
  // Low priority was for sharing the connection with the stylesheet, which has arrived by then.
  const deferred = scripts.map((tag) => tag.trim().replace(' fetchpriority="low"', '')).join('');
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(LOW_PRIORITY_PRELOADS, '')
    .replace(CATALOG_PRELOADS, '')
    .replace('</head>', () => `<template id="${AFTER_PAINT_TEMPLATE_ID}">${deferred}</template><script type="module" src="/after-paint.js"></script></head>`);
}

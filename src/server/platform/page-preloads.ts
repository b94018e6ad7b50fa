import fs from 'node:fs';
import path from 'node:path';
import { PSEUDO_LOCALE, SHIPPED_LOCALES, type Locale } from '../../shared/i18n/locales';

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

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Returns a function from a path and the page's language to the `<link>` tags its page adds to the
 * built index.html: the path's preloads and the language's catalog, which the app loads before it
 * first renders (src/web/lib/i18n/i18n.ts), so it comes at once and at full priority. Without a
 * build manifest (an old build, tests) only the data preload is given.
 */
export function pagePreloads(webDir: string, indexHtml: string): { route(pathname: string): string; catalog(locale: Locale): string } {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : {};
  const named = new Set([...indexHtml.matchAll(/\/assets\/([\w.-]+\.js)"/g)].map((m) => `assets/${m[1]}`));
  const chunkLinks = new Map<string, string>();
  for (const route of [...ROUTES.map(([, name]) => name), 'not-found']) {
    chunkLinks.set(route, routeChunks(manifest, route, named).map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`).join(''));
  }
  const catalogLinks = new Map<string, string>();
  for (const locale of [...SHIPPED_LOCALES, PSEUDO_LOCALE]) {
    catalogLinks.set(locale, chunkFiles(manifest, `src/locales/${locale}/messages.po`, named).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join(''));
  }
  return {
    route(rawPathname) {
      const pathname = rawPathname.length > 1 ? rawPathname.replace(/\/$/, '') : rawPathname;
      const route = ROUTES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'not-found';
      const data = dataRequest(pathname);
      const dataLink = data ? `<link rel="preload" href="${escapeAttribute(data)}" as="fetch" crossorigin="use-credentials">` : '';
      return dataLink + chunkLinks.get(route)!;
    },
    catalog: (locale) => catalogLinks.get(locale) ?? '',
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { CATALOG_MANIFEST, catalogPath, type CatalogManifest } from '../src/shared/i18n/catalog-index';

/**
 * The first load of / stays under 200 KB of compressed JavaScript, a mid-range phone on mobile data
 * parses it before riders see their dashboard.
 */
export const FIRST_LOAD_JS_BUDGET_BYTES = 200 * 1024;

/** The route chunk the first screen of / loads: src/web/app/routes/home.tsx and what it imports (its group in vite.config.ts). */
const HOME_CHUNK = /^home-[\w-]+\.js$/;
/** Static imports in the built (minified) chunks: `import{t as e}from"./x.js"`, `import"./x.js"`, `export{...}from"./x.js"`. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g;

function sizeOf(file: string): number {
  return fs.existsSync(file) ? fs.statSync(file).size : 0;
}

/** A page's JavaScript: its files, and their sizes as the server sends them. */
export interface PageJavaScript {
  files: string[];
  raw: number;
  brotli: number;
  gzip: number;
}

/**
 * The JavaScript a browser fetches on a first visit to /: the entry script and the module preloads
 * index.html names, the home route's chunk, and every chunk those import statically, and with a
 * language, the catalog the server preloads for / in it (build/catalog-split.ts). Sizes as the
 * server sends them (build/precompress.ts writes .br and .gz beside each file; a file too small to
 * compress is sent as is).
 */
export function firstLoadJavaScript(webDir: string, locale?: string): PageJavaScript {
  const home = fs.readdirSync(path.join(webDir, 'assets')).find((name) => HOME_CHUNK.test(name));
  if (!home) throw new Error(`no home route chunk in ${webDir}/assets`);
  return pageJavaScript(webDir, fs.readFileSync(path.join(webDir, 'index.html'), 'utf8'), [home], locale);
}

/**
 * The JavaScript a page's HTML makes the browser fetch before it can paint the page: the scripts and
 * module preloads it names (the server names a path's route chunks: platform/page-preloads.ts), the
 * `extra` chunks, and every chunk those import statically; with a language, the first-load catalog the
 * server preloads in it. Chunks loaded with import() are not in it.
 */
export function pageJavaScript(webDir: string, html: string, extra: string[] = [], locale?: string): PageJavaScript {
  const assets = path.join(webDir, 'assets');
  const pending = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\brel="modulepreload"[^>]*\bhref)="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]!);
  pending.push(...extra);
  const files = new Set<string>();
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (files.has(name)) continue;
    files.add(name);
    const code = fs.readFileSync(path.join(assets, name), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) pending.push(match[1]!);
  }
  if (locale) {
    const catalogs = JSON.parse(fs.readFileSync(path.join(webDir, CATALOG_MANIFEST), 'utf8')) as CatalogManifest;
    files.add(path.relative('assets', catalogPath(catalogs, locale, catalogs.first)));
  }
  let raw = 0;
  let brotli = 0;
  let gzip = 0;
  for (const name of files) {
    const file = path.join(assets, name);
    const size = sizeOf(file);
    raw += size;
    brotli += sizeOf(`${file}.br`) || size;
    gzip += sizeOf(`${file}.gz`) || size;
  }
  return { files: [...files].sort(), raw, brotli, gzip };
}

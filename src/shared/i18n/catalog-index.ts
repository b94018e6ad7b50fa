/*
 * The web build's split catalogs (build/catalog-split.ts, issue 31 point 2): what the build writes
 * for the app (in index.html) and for the server (.vite/catalogs.json), and where each file is.
 */

/** What index.html carries (`<script type="application/json" id="rc-catalogs">`) and the app reads. */
export interface CatalogIndex {
  /** The key of the first load's catalog. */
  first: string;
  /** Each language's version (of its translations): part of every one of its catalogs' names. */
  versions: Record<string, string>;
  /** The keys with a catalog of their own: lazy chunks with messages beyond `first`, and `errors`. */
  groups: string[];
}

/** What the server reads (.vite/catalogs.json): the index and the group of each built chunk that has one. */
export interface CatalogManifest extends CatalogIndex {
  /** Built chunk (`assets/x.js`) to its group key. */
  chunks: Record<string, string>;
}

/** The manifest's path in the build's directory. */
export const CATALOG_MANIFEST = '.vite/catalogs.json';

/** The group of the server's refusals' texts (`errors.<code>`): no chunk names them, the API client loads them. */
export const ERRORS_GROUP = 'errors';

/** A catalog's path in the build (`assets/messages-it-<key>-<version>.js`). */
export function catalogPath(index: CatalogIndex, locale: string, key: string): string {
  return `assets/messages-${locale}-${key}-${index.versions[locale] ?? ''}.js`;
}

/**
 * The text between any two quotes (double, single, backtick) that follow each other: every quote
 * starts one, so each string literal of the code is among them, however the minifier wrote it and
 * whatever quotes other literals (regular expressions, long texts) hold.
 */
const LITERAL = /["'`]([^"'`\\\n]{1,120})(?=["'`])/g;

/**
 * The catalog ids a built chunk uses: its string literals that are ids (the macros and the shared
 * descriptors leave `{ id }` in the build), but the refusals' (ERRORS_GROUP), read by code.
 */
export function messageIdsIn(code: string, known: ReadonlySet<string>): Set<string> {
  const ids = new Set<string>();
  for (const match of code.matchAll(LITERAL)) {
    const text = match[1]!;
    if (known.has(text) && !text.startsWith(`${ERRORS_GROUP}.`)) ids.add(text);
  }
  return ids;
}

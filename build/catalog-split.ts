import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, createCompilationErrorMessage, getCatalogs } from '@lingui/cli/api';
import { CATALOG_MANIFEST, catalogPath, ERRORS_GROUP, messageIdsIn as idsIn, type CatalogIndex, type CatalogManifest } from '../src/shared/i18n/catalog-index';

/*
 * The web's catalogs split by the chunks that use their messages (issue 31 point 2), so the first
 * load of / carries only the messages of its own screens. The .po files stay one per language, the
 * translators' source; the build compiles each and writes, per language:
 *
 * - `first`: the messages the first load's chunks use (the entry, the chunks it imports, the home
 *   route's chunk and its imports). The server preloads it with the page (platform/page-preloads.ts).
 * - one group per lazy chunk: the messages it uses beyond `first`. The chunk starts by awaiting its
 *   group (`await globalThis.__rcMessages?.(key)`, written in here), so it renders in the rider's
 *   language at once, and a chunk whose messages are all in `first` waits for nothing.
 * - `errors`: the server's refusals (`errors.<code>`), read by code, so no chunk names them; the
 *   API client loads them before it hands a refusal on (lib/api-client.ts).
 *
 * A chunk's messages are the catalog ids among its string literals (the macros and the shared
 * descriptors leave `{ id }` in the build). Files are `assets/messages-<locale>-<key>-<version>.js`:
 * the key names the set of ids, the version the language's translations, so a new text or a new
 * translation is a new name. The index (which groups exist, each language's version) goes into
 * index.html for the app (lib/i18n/i18n.ts) and, with the chunk of each group, into
 * .vite/catalogs.json for the server. docs/decisions/2026-11-27-i18n.md.
 */

/** The build's catalog manifest, or null (no build, or one from before the split). */
export function readCatalogManifest(webDir: string): CatalogManifest | null {
  const file = path.join(webDir, CATALOG_MANIFEST);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as CatalogManifest) : null;
}

const shortHash = (text: string) => crypto.createHash('sha256').update(text).digest('base64url').slice(0, 10).replace(/[-_]/g, 'x');
const GROUP_CALL = /globalThis\.__rcMessages\?\.\(["'`](\w+)["'`]\)/;

/** A catalog module: the compiled messages as one JSON text (parsed faster than an object literal). */
function catalogModule(messages: Record<string, unknown>, ids: Iterable<string>): string {
  const subset: Record<string, unknown> = {};
  for (const id of [...ids].sort()) if (messages[id] !== undefined) subset[id] = messages[id];
  const json = JSON.stringify(subset).replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  return `export const messages=JSON.parse(\`${json}\`);\n`;
}

async function compileCatalogs(): Promise<Map<string, Record<string, unknown>>> {
  const config = getConfig({ cwd: process.cwd() });
  const [catalog] = await getCatalogs(config);
  if (!catalog) throw new Error('lingui.config.ts names no catalog');
  const compiled = new Map<string, Record<string, unknown>>();
  for (const locale of config.locales) {
    const { messages } = await catalog.getTranslations(locale, { fallbackLocales: config.fallbackLocales ?? {}, sourceLocale: config.sourceLocale ?? 'en' });
    const { source, errors } = createCompiledCatalog(locale, messages, { namespace: 'json', pseudoLocale: config.pseudoLocale });
    if (errors.length > 0) throw new Error(createCompilationErrorMessage(locale, errors));
    compiled.set(locale, (JSON.parse(source) as { messages: Record<string, unknown> }).messages);
  }
  return compiled;
}

export function splitCatalogs(): Plugin {
  let catalogs = new Map<string, Record<string, unknown>>();
  let known = new Set<string>();
  return {
    name: 'roadcaptain:split-catalogs',
    apply: 'build',
    async buildStart() {
      catalogs = await compileCatalogs();
      known = new Set(Object.keys(catalogs.get('en') ?? {}));
    },
    renderChunk(code, chunk) {
      // The entry holds the loader (lib/i18n/i18n.ts); it and the home route's chunk are the first load, which waits for nothing.
      if (chunk.isEntry || chunk.name === 'home') return null;
      const ids = idsIn(code, known);
      if (ids.size === 0) return null;
      const key = shortHash([...ids].sort().join('\n'));
      return { code: `await globalThis.__rcMessages?.("${key}");\n${code}`, map: null };
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        // The first load, as e2e/first-paint.test.ts counts it: the entries, the home route's chunk, and what they import.
        const first = new Set<string>();
        const pending = chunks.filter((chunk) => chunk.isEntry || chunk.name === 'home').map((chunk) => chunk.fileName);
        while (pending.length > 0) {
          const name = pending.pop()!;
          if (first.has(name)) continue;
          first.add(name);
          const chunk = bundle[name];
          if (chunk?.type === 'chunk') pending.push(...chunk.imports);
        }
        const firstIds = new Set<string>();
        for (const chunk of chunks) if (first.has(chunk.fileName)) for (const id of idsIn(chunk.code, known)) firstIds.add(id);
        const groups = new Map<string, string[]>([[ERRORS_GROUP, [...known].filter((id) => id.startsWith(`${ERRORS_GROUP}.`))]]);
        const chunkGroups: Record<string, string> = {};
        for (const chunk of chunks) {
          const key = GROUP_CALL.exec(chunk.code)?.[1];
          if (!key || first.has(chunk.fileName)) continue;
          const own = [...idsIn(chunk.code, known)].filter((id) => !firstIds.has(id));
          if (own.length === 0) continue;
          groups.set(key, own);
          chunkGroups[chunk.fileName] = key;
        }
        const firstKey = shortHash([...firstIds].sort().join('\n'));
        const index: CatalogIndex = { first: firstKey, versions: {}, groups: [...groups.keys()].sort() };
        for (const [locale, messages] of catalogs) index.versions[locale] = shortHash(JSON.stringify(messages)).slice(0, 8);
        for (const [locale, messages] of catalogs) {
          this.emitFile({ type: 'asset', fileName: catalogPath(index, locale, firstKey), source: catalogModule(messages, firstIds) });
          for (const [key, ids] of groups) this.emitFile({ type: 'asset', fileName: catalogPath(index, locale, key), source: catalogModule(messages, ids) });
        }
        const manifest: CatalogManifest = { ...index, chunks: chunkGroups };
        this.emitFile({ type: 'asset', fileName: CATALOG_MANIFEST, source: `${JSON.stringify(manifest, null, 2)}\n` });
        const html = bundle['index.html'];
        if (html?.type === 'asset') {
          const tag = `<script type="application/json" id="rc-catalogs">${JSON.stringify(index)}</script>`;
          html.source = String(html.source).replace('</head>', `    ${tag}\n  </head>`);
        }
      },
    },
  };
}

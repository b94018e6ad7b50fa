import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { firstLoadJavaScript } from '../build/first-load';
import { RIDE_PAGE_CHUNKS } from '../build/route-chunks';

// What the first load of / may not carry, named here so that it fails at once and says why, before
// the size budget (first-paint.test.ts) notices ~25 KB too many: zod enters through a src/shared
// module that mixes schemas with plain helpers (a property read or helper call the bundler cannot
// drop). Keep such helpers in zod-free modules, as src/shared/rides/ride-file-urls.ts does.
// Every zod 4 schema keeps its internals on `_zod`, a property name minifying cannot change.

const webDir = fileURLToPath(new URL('../dist/web', import.meta.url));

describe('the first load of /', () => {
  it('holds no zod', () => {
    const { files } = firstLoadJavaScript(webDir);
    const withZod = files.filter((name) => fs.readFileSync(path.join(webDir, 'assets', name), 'utf8').includes('._zod'));
    expect(withZod).toEqual([]);
  });

  it('finds zod where it is loaded: the check reads the right marker', () => {
    const chunks = fs.readdirSync(path.join(webDir, 'assets')).filter((name) => name.endsWith('.js'));
    expect(chunks.some((name) => fs.readFileSync(path.join(webDir, 'assets', name), 'utf8').includes('._zod'))).toBe(true);
  });
});

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** The router's pages: src/web/app/routes, each its own chunk, or in its group's (vite.config.ts). */
const isRouteChunk = (chunk: ManifestChunk) => Boolean(chunk.src?.startsWith('src/web/app/routes/')) || chunk.name === RIDE_PAGE_CHUNKS.own;

describe('what / can load', () => {
  // The ride page's chunk is for the ride page: / loaded it (20 KB gzip, before its dashboard
  // painted) because a toast's helper was bundled in it (build/route-chunks.ts).
  it("never includes the ride page's chunk, through the shell's lazy parts or the dashboard's", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const entry = manifest['index.html']!;
    const home = Object.keys(manifest).find((key) => manifest[key]!.name === 'home');
    expect(home, 'the home route chunk').toBeDefined();
    // The entry's dynamic imports are the router's pages (another address, not /) and the shell's lazy parts.
    const shellParts = (entry.dynamicImports ?? []).filter((key) => !isRouteChunk(manifest[key]!));
    expect(shellParts.length, "the shell's lazy parts").toBeGreaterThan(3);
    const loadsOf = (key: string) => (key === 'index.html' ? [...(entry.imports ?? []), ...shellParts] : [...(manifest[key]!.imports ?? []), ...(manifest[key]!.dynamicImports ?? [])]);
    const reached = new Set<string>();
    const pending = ['index.html', home!];
    while (pending.length > 0) {
      const key = pending.pop()!;
      if (reached.has(key)) continue;
      reached.add(key);
      pending.push(...loadsOf(key));
    }
    const ridePageChunks = [...reached].filter((key) => manifest[key]!.name === RIDE_PAGE_CHUNKS.own).map((key) => manifest[key]!.file);
    expect(ridePageChunks).toEqual([]);
  });
});

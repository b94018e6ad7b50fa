import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The client's one API layer (docs/web.md "Web app"): every request goes through
 * src/web/api, each domain's query keys come from its `<domain>Keys` factory, and only the
 * transports in lib/ touch fetch, XMLHttpRequest or EventSource.
 */
const webDir = path.resolve('src/web');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sourceFiles(webDir).map((file) => ({ name: path.relative(webDir, file).split(path.sep).join('/'), text: fs.readFileSync(file, 'utf8') }));

function offenders(pattern: RegExp, allowed: (name: string) => boolean): string[] {
  return files.filter(({ name, text }) => !allowed(name) && pattern.test(text)).map(({ name }) => name);
}

describe('the client API layer', () => {
  it('reads the web sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('writes no query key by hand: keys come from the factories in api/query-keys.ts', () => {
    expect(offenders(/queryKey:\s*\[/, (name) => name === 'api/query-keys.ts')).toEqual([]);
  });

  it('calls fetch only in the request helper (and the service worker, which fetches pages for the browser)', () => {
    // Besides the API layer: the service worker (sw.ts and service-worker/), and two readers of files
    // rather than API calls: saved copies of downloads (lib/saved-download.ts) and the catalogs kept for
    // offline (app/offline-rides.ts). The connection probe is the API layer's too (api/connection.ts).
    const allowed = new Set(['lib/api-client.ts', 'sw.ts', 'lib/saved-download.ts', 'app/offline-rides.ts']);
    expect(offenders(/(?<![.\w])fetch\(/, (name) => allowed.has(name) || name.startsWith('service-worker/'))).toEqual([]);
  });

  it('uploads only through the one multipart helper, and streams only in the API layer', () => {
    expect(offenders(/new XMLHttpRequest\(/, (name) => name === 'lib/upload-file.ts')).toEqual([]);
    expect(offenders(/new EventSource\(/, (name) => name.startsWith('api/'))).toEqual([]);
  });

  it('sends requests only from src/web/api: components use its functions and hooks', () => {
    expect(offenders(/\b(apiRequest|apiGet|uploadMultipart)\b/, (name) => name.startsWith('api/') || name === 'lib/api-client.ts' || name === 'lib/upload-file.ts')).toEqual([]);
  });

  it('keeps no per-call api folders in the features', () => {
    expect(files.filter(({ name }) => /^features\/[^/]+\/api\//.test(name)).map(({ name }) => name)).toEqual([]);
  });
});

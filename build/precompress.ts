import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this, headers outweigh what compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the build, which the
 * server sends to browsers that accept them (@fastify/static's preCompressed, platform/web-app.ts).
 * Compressed once at build time at the highest levels, so `npm start` serves a small first load
 * without a reverse proxy and without spending CPU on each request. A copy that would not be
 * smaller is not written, and the original is served.
 */
export function precompress(): Plugin {
  return {
    name: 'roadcaptain-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir!;
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const original = fs.readFileSync(file);
        if (original.length < MIN_BYTES) continue;
        const variants: Array<[string, Buffer]> = [
          ['.br', zlib.brotliCompressSync(original, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length } })],
          ['.gz', zlib.gzipSync(original, { level: 9 })],
        ];
        for (const [extension, compressed] of variants) if (compressed.length < original.length) fs.writeFileSync(file + extension, compressed);
      }
    },
  };
}

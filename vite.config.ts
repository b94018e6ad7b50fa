import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress';
import { stylesheetFirst } from './build/stylesheet-first';
import { firstScreenChunk, RIDE_PAGE_CHUNKS, routeChunks } from './build/route-chunks';
import { VitePWA } from 'vite-plugin-pwa';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacros, stripDescriptorMessages } from './build/lingui-macros';
import { splitCatalogs } from './build/catalog-split';

const HOME_ROUTE = /[\\/]src[\\/]web[\\/]app[\\/]routes[\\/]home\.tsx$/;
const RIDE_ROUTE = /[\\/]src[\\/]web[\\/]app[\\/]routes[\\/]ride-detail\.tsx$/;
const ridePage = routeChunks(RIDE_PAGE_CHUNKS, RIDE_ROUTE, HOME_ROUTE);

const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  plugins: [
    linguiMacros(),
    stripDescriptorMessages(),
    react(),
    // In development, imports of src/locales/<code>/messages.po become the compiled catalog; the
    // build splits each language's catalog by the chunks that use its messages (build/catalog-split.ts).
    lingui({ failOnCompileError: true }),
    splitCatalogs(),
    tailwindcss(),
    stylesheetFirst(),
    // The app's one service worker (src/web/sw.ts: pushes, the precache and the offline shell) built
    // into /sw.js from its own source (injectManifest). The app registers it after load
    // (src/web/lib/service-worker.ts), and the server writes the manifest with APP_NAME
    // (platform/web-app.ts). The precache holds every script, stylesheet and icon of the build but the
    // language catalogs: the worker keeps only the one the rider's pages name (service-worker/shell.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/web',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['assets/*.{js,css}', 'icons/*.png', 'favicon.svg', 'zod-jitless.js'],
        globIgnores: ['assets/messages-*.js'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  resolve: {
    // react-router's package exports point every condition at its development build (warnings,
    // checks: its largest module). The build takes the production one it ships beside it.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
            { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
          ]
        : [],
  },
  build: {
    outDir: 'dist/web',
    // The server names each path's route chunks in its HTML from this (platform/page-preloads.ts).
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // src/shared modules declare zod schemas at top level next to the plain helpers the
        // browser imports (needsSavedAccess, NOTIFICATION_EVENT...). Building a schema has no
        // side effect, so unused schemas, and zod with them, stay out of the bundle.
        manualPureFunctions: ['z'],
      },
      // The first load in four files instead of forty (HTTP/1.1 gives six connections per origin, and
      // each file more is a queue slot and a round trip on mobile data): the libraries the entry
      // needs, the entry with the app shell, and one chunk per first screen (/ and a ride's page)
      // holding what its route imports. Modules of both go with /, loaded first; what the ride page
      // shares with anything / loads later is a chunk of its own (build/route-chunks.ts). The service
      // worker's helpers, which the ride page and the offline banner both import, are a small chunk
      // of their own too: the banner needs nothing else of the ride page's. Other routes keep the
      // bundler's own splitting. See docs/web.md "First paint".
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 4 },
            { name: 'app', tags: ['$initial'], priority: 3 },
            { name: firstScreenChunk('home', HOME_ROUTE), debugName: 'home', priority: 2 },
            { name: 'service-worker', test: /[\\/]src[\\/]web[\\/]lib[\\/]service-worker\.ts$/, priority: 1.5 },
            { name: ridePage.shared, debugName: RIDE_PAGE_CHUNKS.shared, priority: 1 },
            { name: ridePage.own, debugName: RIDE_PAGE_CHUNKS.own, priority: 0 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': {
        target: API_TARGET,
        changeOrigin: false,
        // The notification stream is Server-Sent Events: pass each chunk straight through.
        configure: (proxy) => {
          proxy.on('proxyRes', (proxyRes) => {
            if (String(proxyRes.headers['content-type'] ?? '').startsWith('text/event-stream')) {
              proxyRes.headers['cache-control'] = 'no-cache, no-transform';
              proxyRes.headers['x-accel-buffering'] = 'no';
            }
          });
        },
      },
      // Stored files (avatars, photos, GPX) are served by the API server too.
      '/media/files': { target: API_TARGET, changeOrigin: false },
    },
  },
}));

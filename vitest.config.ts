import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacros } from './build/lingui-macros';

/*
 * Test files share one module graph per worker (isolate: false): imports and jsdom set-up were most
 * of a run (docs/decisions/2026-11-27-ci-speed.md). Every file starts its own app and database and
 * undoes its stubs, so nothing leaks between files; VITEST_ISOLATE=true isolates them again when a
 * file is suspected of leaking. The browser tests share the graph too (playwright-core and the server
 * imported once): each file still starts and closes its own server, SMTP server and Chromium.
 */
const isolate = process.env.VITEST_ISOLATE === 'true';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.unit.test.ts'],
          isolate,
          environment: 'node',
          // A limit, not a wait: a worker thread's start or an xmllint run took over the default 5 s
          // while the browser lane held both cores (CI of 3e0d91d, Node 24).
          testTimeout: 20_000,
          globalSetup: ['src/server/test/test-gazetteer.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          isolate,
          exclude: ['src/server/**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/test-gazetteer.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // A condition waited for (a message through PostgreSQL's LISTEN/NOTIFY) may take over the
          // default second on a loaded 2-core machine; a limit, not a wait.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        plugins: [linguiMacros(), react(), lingui()],
        // Component tests render whole pages in jsdom; on a loaded 2-core machine one can take several seconds.
        // Files share one module graph, as above. The 55 failures a shared graph gave at 8d4c0a0 were one
        // leak: the hook that brings React Query back online sat in a module the setup file imported, and
        // vitest evaluates the setup file again for each file but not its imports (src/web/test/setup.ts).
        test: { name: 'web', include: ['src/web/**/*.test.{ts,tsx}'], environment: 'jsdom', testTimeout: 20_000, isolate, setupFiles: ['src/web/test/setup.ts'] },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/test-gazetteer.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // `expect.poll` waits for a condition (a worker's cache, a mail): a limit, not a wait; the
          // default second is short while Chromium, the server and a service worker share 2 cores.
          expect: { poll: { timeout: 10_000 } },
          // One browser and one server per file; files run one after another to spare the 2 cores.
          fileParallelism: false,
          // One worker imports the server and playwright-core once for every file (each file still
          // starts its own server, database, SMTP server and Chromium, and closes them).
          isolate,
        },
      },
    ],
  },
});

import type { Page } from 'playwright-core';
import type { Harness } from './harness';

/** Once the service worker controls the page (it takes the page at its first start). */
export async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Stops the server for real (its port closed, every connection cut) until `start` is called. */
export async function stopServer(h: Harness): Promise<{ start(): Promise<void> }> {
  const server = h.app.server;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
  return {
    start: () => new Promise<void>((resolve) => server.listen(Number(new URL(h.baseUrl).port), '127.0.0.1', () => resolve())),
  };
}

/** The paths (with their queries) of the answers the service worker saved for offline. */
export function savedAnswers(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('saved-answers'))) return [];
    return (await (await caches.open('saved-answers')).keys()).map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  });
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

/**
 * A reverse proxy on loopback in front of the app, as nginx would be: it passes every request on,
 * and while `down` is set it answers each one itself with 502 Bad Gateway (an HTML page), as a proxy
 * does when the app server behind it has stopped. Its origin is not the app's: pages opened on it
 * have a service worker and saved answers of their own (the session cookie, by host, is shared).
 */
export async function startProxy(h: Harness): Promise<{ url: string; down: boolean; close(): Promise<void> }> {
  const target = new URL(h.baseUrl);
  const state = { down: false };
  const server = http.createServer((request, response) => {
    if (state.down) {
      response.writeHead(502, { 'Content-Type': 'text/html' }).end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      return;
    }
    // No kept-alive sockets to the app (they would hold its close), and none outlives its request (an event stream).
    const upstream = http.request({ host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers, agent: false }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    response.on('close', () => upstream.destroy());
    upstream.on('error', () => response.headersSent ? response.destroy() : response.writeHead(502, { 'Content-Type': 'text/html' }).end('Bad Gateway'));
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
      // Streams opened before (the notifications' event stream) end as they would with the app stopped.
      if (value) server.closeAllConnections();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The app's one service worker (issues 30 and 32), built by vite-plugin-pwa in injectManifest mode
 * into /sw.js (vite.config.ts). It shows every push and opens its page on a tap; it precaches the
 * build's scripts, styles and icons, keeps the last page the server sent as the offline shell (with
 * that page's language catalog), and answers a navigation with the shell only when the network fails
 * (service-worker/shell.ts). A new version waits until the rider taps Reload (app/connection-status.tsx).
 */
import { getCacheKeyForURL, precacheAndRoute, cleanupOutdatedCaches } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { PushMessage } from '../shared/push/push';
import { notificationClickAction, type OpenWindow } from './service-worker/notification-click';
import { genericShell, pageAssets, pageEntry, precacheVersion } from './service-worker/shell';
import { forgetKeptTiles, registerTileCaching } from './service-worker/tile-cache';
import { anotherRider, CURRENT_RIDER, forgetRides, refreshCopy, ridesOf, SAVED_ANSWERS, savedCopy, saveRides, serverDown } from './service-worker/saved-rides';

// The worker's own types, named here: the project compiles against the DOM library, and adding
// the WebWorker one beside it would clash.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WindowClient extends OpenWindow {
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface ServiceWorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly location: Location;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
}
const worker = self as unknown as ServiceWorkerScope;
// Map tiles kept for offline use, and those along saved rides with TILE_PREFETCH (service-worker/tile-cache.ts).
registerTileCaching(worker);

/** The build's files to precache, written in here by vite-plugin-pwa (vite.config.ts, globPatterns). */
const PRECACHE = (self as unknown as { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> }).__WB_MANIFEST;
precacheAndRoute(PRECACHE);
cleanupOutdatedCaches();

/** This version's shell; each version keeps its own, since a page names its own build's files. */
const SHELL_CACHE = `shell-${precacheVersion(PRECACHE)}`;
const SHELL_KEY = '/';
/** Build files a page names that are not precached: the language catalog the page preloads (all eight are not precached). */
const PAGE_FILES_CACHE = `page-files-${precacheVersion(PRECACHE)}`;

const precached = (url: string) => getCacheKeyForURL(url) !== undefined;

/** Keeps a page as the shell when this version can run it offline, with the build files it names. */
async function keepShell(response: Response): Promise<void> {
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return;
  const html = await response.text();
  const entry = pageEntry(html);
  if (!entry || !precached(entry)) return;
  const files = await caches.open(PAGE_FILES_CACHE);
  for (const file of pageAssets(html).filter((url) => !precached(url))) {
    if (!(await files.match(file))) await files.add(file);
  }
  const shell = await caches.open(SHELL_CACHE);
  await shell.put(SHELL_KEY, new Response(genericShell(html), { headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
}

// Network first: the server writes each page in the rider's language with its preloads. Offline, or
// with the server down (no answer, or a proxy's 502 to 504), the last page kept (this version's shell) starts the app instead of the
// browser's offline page. API and file paths are never pages.
registerRoute(
  new NavigationRoute(
    async ({ request, event }) => {
      const response = await fetch(request).catch(() => null);
      // A proxy's 502 to 504 for an app server that is down is offline too: the shell starts the app.
      if (response && !serverDown(response)) {
        (event as unknown as ExtendableEvent).waitUntil(keepShell(response.clone()).catch(() => undefined));
        return response;
      }
      return (await (await caches.open(SHELL_CACHE)).match(SHELL_KEY)) ?? response ?? Response.error();
    },
    { denylist: [/^\/api\//, /^\/media\//, /^\/auth\/magic-link/] },
  ),
);

// The catalog a kept page preloads is answered from the cache (its name carries its content's hash);
// so are the catalogs of the lazy chunks (build/catalog-split.ts), kept as the app first loads them,
// so a screen opened once online opens offline in the rider's language.
registerRoute(
  ({ url, request }) => url.origin === worker.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  async ({ request, url }) => {
    const files = await caches.open(PAGE_FILES_CACHE);
    const cached = await files.match(request);
    if (cached) return cached;
    const response = await fetch(request);
    if (response.ok && url.pathname.startsWith('/assets/messages-')) await files.put(request, response.clone());
    return response;
  },
);

// Answers saved for reading offline (issue 32 point 3, service-worker/saved-rides.ts): every API read
// and media file goes to the network first; a fresh answer refreshes its saved copy, and the saved copy
// answers only when the network fails or a proxy says the server is down (502 to 504). A 401 means the
// session has ended (signed out here, or put out by "Sign out other devices" elsewhere): everything
// saved for it is deleted, as when the current rider's answer names another rider than the saved copy
// (a device put out makes a guest on its next page, before any 401). The page deletes the caches at
// sign-out too (lib/service-worker.ts).
registerRoute(
  ({ url, request }) =>
    url.origin === worker.location.origin &&
    request.method === 'GET' &&
    request.headers.get('Accept') !== 'text/event-stream' &&
    (url.pathname.startsWith('/api/') || url.pathname.startsWith('/media/files/')),
  async ({ request, event, url }) => {
    const response = await fetch(request).catch(() => null);
    const ended = response?.status === 401 || (response !== null && url.pathname === CURRENT_RIDER && (await anotherRider(await savedCopy(request), response)));
    if (ended) await Promise.all([caches.delete(SAVED_ANSWERS), forgetKeptTiles()]);
    if (response && !serverDown(response)) {
      (event as unknown as ExtendableEvent).waitUntil(refreshCopy(request, response.clone()).catch(() => undefined));
      return response;
    }
    return (await savedCopy(request)) ?? response ?? Response.error();
  },
);

// Saving runs one message at a time: a sync and a join answering together never interleave.
let saving: Promise<void> = Promise.resolve();
function queueSaving(work: () => Promise<void>): Promise<void> {
  saving = saving.then(work).catch(() => undefined);
  return saving;
}

// Installing, the worker keeps the server's home page as its first shell, so a page visited once
// starts offline. It then waits: the rider's tap on Reload (app/connection-status.tsx) sends SKIP_WAITING.
worker.addEventListener('install', (event) => event.waitUntil(fetch(SHELL_KEY, { credentials: 'same-origin', cache: 'no-store' }).then(keepShell).catch(() => undefined)));
worker.addEventListener('message', (event) => {
  const message = event.data as { type?: unknown; rides?: unknown; replace?: unknown; keys?: unknown } | null;
  if (message?.type === 'SKIP_WAITING') void worker.skipWaiting();
  if (message?.type === 'SAVE_RIDES') event.waitUntil(queueSaving(() => saveRides(worker.location.origin, ridesOf(message.rides, worker.location.origin), message.replace === true)));
  if (message?.type === 'FORGET_RIDES' && Array.isArray(message.keys)) {
    const keys = message.keys.filter((key): key is string => typeof key === 'string');
    event.waitUntil(queueSaving(() => forgetRides(keys)));
  }
});
worker.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      // Older versions' shells and page files go; the first worker takes the open pages at once.
      for (const name of await caches.keys()) {
        if ((name.startsWith('shell-') && name !== SHELL_CACHE) || (name.startsWith('page-files-') && name !== PAGE_FILES_CACHE)) await caches.delete(name);
      }
      await worker.clients.claim();
    })(),
  ),
);

/** The push's message, or a plain one when it cannot be read: a push must always show something. */
function messageOf(event: PushEvent): PushMessage {
  try {
    const data = event.data?.json() as Partial<PushMessage> | undefined;
    if (data && typeof data.title === 'string') return { title: data.title, body: String(data.body ?? ''), url: String(data.url ?? '/'), ...(data.tag && { tag: String(data.tag) }) };
  } catch {
    // Not JSON: shown as the plain message below.
  }
  return { title: 'New notification', body: event.data?.text() ?? '', url: '/' };
}

// Every push shows a notification: Safari and Chrome revoke a subscription whose pushes show none.
worker.addEventListener('push', (event) => {
  const message = messageOf(event);
  event.waitUntil(
    worker.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: message.url },
      ...(message.tag && { tag: message.tag }),
    }),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data as { url?: unknown } | null)?.url;
  event.waitUntil(
    (async () => {
      const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const action = notificationClickAction(windows, link, worker.location.origin);
      if (action.kind === 'open') await worker.clients.openWindow(action.url);
      else if (action.kind === 'focus') await action.window.focus();
      else {
        // navigate() works only on a window this worker controls; any other gets a new window.
        const moved = await action.window.navigate(action.url).catch(() => null);
        await (moved ? moved.focus() : worker.clients.openWindow(action.url));
      }
    })(),
  );
});

/**
 * The app's one service worker (issue 30, points 8 and 9), built by vite-plugin-pwa in
 * injectManifest mode into /sw.js (vite.config.ts). It shows every push and opens its page on a
 * tap. The installable app's offline pages and Workbox precache (a later issue) go in this same
 * file: put `precacheAndRoute(self.__WB_MANIFEST)` here and set the plugin's injectionPoint.
 */
import type { PushMessage } from '../shared/push/push';
import { notificationClickAction, type OpenWindow } from './service-worker/notification-click';

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
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
}
const worker = self as unknown as ServiceWorkerScope;

// A new worker takes over at once: it holds no caches yet that an open page could depend on.
worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

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

/**
 * The app's one service worker (/sw.js, built from src/web/sw.ts by vite-plugin-pwa). The app shell
 * registers it after the page has loaded, with workbox-window in the update prompt's chunk
 * (app/connection-status.tsx), so it costs the first load nothing; the push switch in Preferences
 * registers it itself if it is not yet. A browser without service workers, or the dev server (which
 * builds none), just goes without.
 */
export const SERVICE_WORKER_URL = '/sw.js';

export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  try {
    return await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch (error) {
    console.warn('The service worker could not be registered', error);
    return null;
  }
}

/** The cache of API answers kept for reading offline (src/web/sw.ts keeps and serves it). */
export const SAVED_ANSWERS_CACHE = 'saved-answers';

/** A ride to keep for offline: its id and the answers its page asks for (service-worker/saved-rides.ts). */
export interface RideToSave {
  key: string;
  urls: string[];
}

function tellWorker(message: object): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}

/** Asks the service worker to keep these rides for reading offline; with `replace`, only these. */
export function saveRidesForOffline(rides: RideToSave[], replace: boolean): void {
  if (rides.length > 0 || replace) tellWorker({ type: 'SAVE_RIDES', rides, replace });
}

/** Asks the service worker to delete these rides' saved answers. */
export function forgetSavedRides(keys: string[]): void {
  tellWorker({ type: 'FORGET_RIDES', keys });
}

/** The map tiles the service worker keeps (service-worker/tile-cache.ts). */
export const TILE_CACHE = 'map-tiles';

/**
 * Forgets every answer kept for offline (at sign-out: they belonged to that session), and the map
 * tiles: with TILE_PREFETCH they trace the routes of the rider's rides, private ones included. The
 * worker is told too, so that its count of the tiles' bytes starts again from nothing and a prefetch
 * it is running stops.
 */
export async function forgetSavedAnswers(): Promise<void> {
  tellWorker({ type: 'FORGET_TILES' });
  if ('caches' in window) await Promise.all([caches.delete(SAVED_ANSWERS_CACHE), caches.delete(TILE_CACHE)]);
}

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

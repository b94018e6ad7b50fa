/**
 * The app's one service worker (/sw.js, built from src/web/sw.ts by vite-plugin-pwa). main.tsx
 * registers it after the page has loaded, from this small chunk, so it costs the first load
 * nothing; the push switch in Preferences waits for it. A browser without service workers, or the
 * dev server (which builds none), just goes without.
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

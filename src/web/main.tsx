import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { activateLocale, initialLocale } from './lib/i18n/i18n';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const root = createRoot(container);
// The page's language first (its catalog is preloaded with the page): nothing paints in another one.
void activateLocale(initialLocale()).then(() =>
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);

// The service worker (web push) is registered once the page has loaded, from its own small chunk:
// nothing of it is in the first load (docs/web.md "First paint").
function registerWorkerLater() {
  void import('./lib/service-worker').then(({ registerServiceWorker }) => registerServiceWorker());
}
if ('serviceWorker' in navigator) {
  if (document.readyState === 'complete') registerWorkerLater();
  else window.addEventListener('load', registerWorkerLater, { once: true });
}

import { startTransition, StrictMode } from 'react';
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
// A transition, so React builds the first screen in slices that leave the phone responsive (a
// plain render is one task, 100 ms and more at a phone's speed); the HTML's boot shell shows meanwhile.
void activateLocale(initialLocale()).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  ),
);

// The service worker (web push, the offline shell) is registered once the page has loaded, by the
// app shell's update prompt in its own chunk (app/connection-status.tsx): nothing of it is in the first load.

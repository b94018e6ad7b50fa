import { createBrowserRouter } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { AppShell } from './shell/app-shell';
import { RouteError } from './routes/route-error';

/**
 * The shell is eager (it is on every screen); pages load lazily with their own chunks.
 * Paths of screens not built yet fall through to the 404 page.
 */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: AppShell,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <FullPageSpinner label="Loading" />,
    children: [
      { index: true, lazy: () => import('./routes/home') },
      { path: 'auth/magic-link', lazy: () => import('./routes/magic-link') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);

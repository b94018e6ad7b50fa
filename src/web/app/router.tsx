import { createBrowserRouter } from 'react-router';
import { AppLoading } from './boot-shell';
import { AppShell } from './shell/app-shell';
import { RouteError } from './routes/route-error';

/**
 * The shell is eager (it is on every screen); pages load lazily with their own chunks.
 * Paths of screens not built yet fall through to the 404 page.
 */
export const router = createBrowserRouter([
  // Outside the shell: the shell reads the current user, which would make a new guest.
  { path: '/signed-out', ErrorBoundary: RouteError, HydrateFallback: AppLoading, lazy: () => import('./routes/signed-out') },
  {
    path: '/',
    Component: AppShell,
    ErrorBoundary: RouteError,
    HydrateFallback: AppLoading,
    children: [
      { index: true, lazy: () => import('./routes/home') },
      { path: 'auth/magic-link', lazy: () => import('./routes/magic-link') },
      { path: 'preferences', lazy: () => import('./routes/preferences') },
      { path: 'profile/:username', lazy: () => import('./routes/profile') },
      { path: 'groups', lazy: () => import('./routes/groups') },
      { path: 'groups/:groupName', lazy: () => import('./routes/group-detail') },
      { path: 'invite/:token', lazy: () => import('./routes/invite') },
      { path: 'upcoming', lazy: () => import('./routes/upcoming') },
      { path: 'finder', lazy: () => import('./routes/finder') },
      { path: 'groups/:groupName/rides/:rideName', lazy: () => import('./routes/ride-detail') },
      { path: 'groups/:groupName/rides/:rideName/edit', lazy: () => import('./routes/ride-edit') },
      { path: 'rides/:rideId', lazy: () => import('./routes/ride-detail') },
      { path: 'rides/:rideId/edit', lazy: () => import('./routes/ride-edit') },
      { path: 'series/:seriesId', lazy: () => import('./routes/series') },
      { path: 'media', lazy: () => import('./routes/media') },
      { path: 'report-bug', lazy: () => import('./routes/report-bug') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);

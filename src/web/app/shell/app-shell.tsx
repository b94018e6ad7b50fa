import { lazy, useCallback, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { Dialog, DialogContent, DialogTitle, SheetContent } from '../../components/ui/dialog';
import { UnsavedAccessNotice } from '../../features/auth/components/unsaved-access-notice';
import { LiveMembershipUpdates } from '../../features/groups/components/live-membership-updates';
import { NotificationToasts } from '../../features/notifications/components/notification-toasts';
import { RiderLanguage } from '../../components/users/language-select';
import { useAppName } from '../../api/app-config';
import { AppLoading, useBootShellHeldByRide, useBootShellRemoved } from '../boot-shell';
import { useCurrentUser } from '../../api/users';
import { shouldShowNotifications } from '../../lib/should-show-notifications';
import { usePageSettled } from '../../lib/page-settled';
import { afterNextPaint } from '../../lib/after-next-paint';
import { useRevealedInTransition } from '../../lib/use-revealed-in-transition';
import { useMediaQuery } from '../../lib/use-media-query';
import { useMyGroupCount } from '../../api/groups';
import { MobileHeader } from './mobile-header';
import { QuietPart } from '../../components/part-boundary';
import { lazyPart } from '../../components/lazy-part';
import { SidebarContent } from './sidebar-content';

/**
 * The login dialog when its code cannot be loaded (no signal before the service worker kept it, or a
 * new version replaced it): a dialog where the rider tapped says so, with Try again (lazyPart).
 */
function LoginNotLoaded({ onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>
          <Trans>Login</Trans>
        </DialogTitle>
        {children}
      </DialogContent>
    </Dialog>
  );
}

// Opened by a tap, never on the first paint: its own chunk keeps the first load in budget (docs/web.md).
const LoginDialog = lazyPart(() => import('../../features/auth/components/login-dialog').then((module) => ({ default: module.LoginDialog })), LoginNotLoaded);
// The offline banner and the new version's prompt (with the service worker's registration): one chunk,
// asked for once the page has settled (issue 32).
const OfflineBanner = lazy(() => import('../connection-status').then((module) => ({ default: module.OfflineBanner })));
const UpdatePrompt = lazy(() => import('../connection-status').then((module) => ({ default: module.UpdatePrompt })));
// The browser's zone for a rider who has none: a save and a toast, nothing the first paint shows; its
// own chunk pays for the failed login dialog's frame above in the first load (Polish had 0 bytes left).
const BrowserZone = lazy(() => import('../../features/users/components/browser-zone').then((module) => ({ default: module.BrowserZone })));
// A first visit's welcome, over the page a link landed on: its own chunk, asked for once that page has settled.
const welcomeChunk = () => import('../../features/onboarding/components/welcome-dialog');
const WelcomeDialog = lazy(() => welcomeChunk().then((module) => ({ default: module.WelcomeDialog })));

/**
 * The shell's extras, once the page has what it first shows (lib/page-settled.ts): their chunks,
 * catalogs and renders come after the page's own, and nothing of them is on screen before.
 */
function AfterPageSettled({ children }: { children: ReactNode }) {
  return usePageSettled() ? children : null;
}

/**
 * The welcome of a first visit (WelcomeDialog) once the page under it has settled: a ride's link
 * shows the ride first, and the dialog's chunk and render do not hold that paint back
 * (docs/decisions/2026-11-27-ride-page-paints-first.md). A returning rider never loads it.
 * It opens a frame after the other extras are on screen, in a task of its own: a modal locks the
 * page's scrolling and restyles the whole document, and built with the menus and the bell it made
 * one task of 175 to 200 ms on a phone's CPU (bench:main-thread). Its chunk is asked for at once.
 */
function FirstVisitWelcome(props: ComponentProps<typeof WelcomeDialog>) {
  const settled = usePageSettled();
  const [extrasPainted, setExtrasPainted] = useState(false);
  useEffect(() => {
    if (!settled || !props.user.isFirstVisit) return;
    void welcomeChunk().catch(() => undefined);
    return afterNextPaint(() => setExtrasPainted(true));
  }, [settled, props.user.isFirstVisit]);
  const open = useRevealedInTransition(extrasPainted);
  if (!props.user.isFirstVisit || !open) return null;
  return (
    <QuietPart>
      <WelcomeDialog {...props} />
    </QuietPart>
  );
}

/**
 * The welcome dialog is not shown on invitation pages (spec), nor while a sign-in link is
 * being verified (the visitor is about to become someone else; for the same reason the
 * unsaved-access notice is not shown there either).
 */
export function isWelcomeSuppressed(pathname: string): boolean {
  return pathname.startsWith('/invite/') || pathname === '/invite' || pathname.startsWith('/auth/');
}

/**
 * A new page opens at its top: a link followed from far down a page (a ride's comments, the drawer's
 * menu) left the next page scrolled as far, its title out of sight. Back and forward keep the
 * browser's own restoring, and an address with a #part scrolls there as it does.
 */
function useNewPageAtTop(pathname: string) {
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP' && !window.location.hash) window.scrollTo(0, 0);
    // Only a new path: search parameters change under an open dialog, and the page stays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}

export function AppShell() {
  const { data: user, isPending } = useCurrentUser();
  const appName = useAppName();
  const { pathname } = useLocation();
  useNewPageAtTop(pathname);
  const groupCount = useMyGroupCount(Boolean(user?.id));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  // Only the frame the screen shows is built: the sidebar from Tailwind's lg (1024 px), the phone's
  // header below it. Both were rendered and one hidden by CSS, so a phone built the sidebar's menu
  // and a second notification bell (its queries and effects) on every render of the shell.
  // Exactly one where the browser can tell; both where it cannot (jsdom), as before. In rem, as
  // Tailwind's lg is: a rider with a larger default font gets the phone's frame up to 64 of their rems.
  const large = useMediaQuery('(min-width: 64rem)');
  const wide = large !== false;
  const narrow = large !== true;
  const openLogin = useCallback(() => setLoginOpen(true), []);
  const openMenu = useCallback(() => setDrawerOpen(true), []);

  useEffect(() => {
    document.title = appName;
  }, [appName]);

  // The first build of the shell and its page (the dashboard's cards, a group's tabs) is a
  // transition once the rider is known, so React builds it in slices: as one task it took 190 to
  // 200 ms at a phone's speed on `/` (bench:main-thread). A shell mounted when the rider is already
  // known builds at once.
  const built = useRevealedInTransition(!isPending, !isPending);
  const heldByRide = useBootShellHeldByRide();
  useBootShellRemoved(built && !heldByRide);

  if (isPending || !built) return <AppLoading />;

  const showNotifications = shouldShowNotifications(user) && Boolean(user.userId);

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:start-3 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:shadow-lg"
      >
        <Trans>Skip to content</Trans>
      </a>

      {wide ? (
        <aside className="fixed inset-y-0 start-0 z-30 hidden w-72 lg:block">
          <SidebarContent appName={appName} user={user} showNotifications={showNotifications} onLogin={openLogin} />
        </aside>
      ) : null}

      {narrow ? <MobileHeader appName={appName} showNotifications={showNotifications} onOpenMenu={openMenu} /> : null}

      <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
        <SheetContent aria-describedby={undefined}>
          <DialogTitle className="sr-only"><Trans>Navigation</Trans></DialogTitle>
          <SidebarContent
            appName={appName}
            user={user}
            showNotifications={showNotifications}
            onLogin={openLogin}
            onNavigate={() => setDrawerOpen(false)}
          />
        </SheetContent>
      </Dialog>

      <main id="main" tabIndex={-1} className="outline-none lg:ps-72">
        <div className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6 sm:py-8 lg:px-10 lg:py-10">
          <AfterPageSettled>
            <QuietPart>
              <OfflineBanner />
            </QuietPart>
          </AfterPageSettled>
          {user && !pathname.startsWith('/auth/') ? (
            <div className="mb-6 empty:hidden">
              <UnsavedAccessNotice key={user.id} user={user} groupCount={groupCount} />
            </div>
          ) : null}
          <Outlet />
        </div>
      </main>

      {/*
        Keyed by the rider, so another rider (a sign-in) starts them afresh; each key is unique among
        these siblings: two children with one key are reconciled wrongly, and the notification toasts
        were mounted again on every render of the invitation landing, the old copies never unmounted.
      */}
      {user && !isWelcomeSuppressed(pathname) ? (
        <FirstVisitWelcome key={`welcome:${user.id}`} user={user} appName={appName} onLogin={openLogin} />
      ) : null}
      {/* A rider (or guest) with no zone takes the browser's on the first load, wherever they land (issue 29). */}
      {user ? (
        <AfterPageSettled key={`zone:${user.id}`}>
          <QuietPart>
            <BrowserZone user={user} />
          </QuietPart>
        </AfterPageSettled>
      ) : null}
      {/* The rider's saved language once they are known (issue 31 point 5). */}
      {user ? <RiderLanguage key={`language:${user.id}`} user={user} /> : null}
      {loginOpen ? (
        <QuietPart>
          <LoginDialog open onOpenChange={setLoginOpen} />
        </QuietPart>
      ) : null}
      <AfterPageSettled>
        <QuietPart>
          <UpdatePrompt />
        </QuietPart>
        {user && showNotifications ? <NotificationToasts key={`toasts:${user.id}`} sessionKey={user.id} /> : null}
        {user && showNotifications ? <LiveMembershipUpdates key={`live:${user.id}`} riderId={user.id} /> : null}
      </AfterPageSettled>
    </div>
  );
}

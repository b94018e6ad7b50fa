import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { Bell } from 'lucide-react';
import { cn } from '../../lib/cn';
import { usePageSettled } from '../../lib/page-settled';
import { PartBoundary } from '../../components/part-boundary';
import { USER_CHIP_CLASSES, UserChipFace } from './user-chip';
import type { UserMenu as UserMenuType } from './user-menu';
import type { NotificationBell as NotificationBellType } from '../../features/notifications/components/notification-bell';

/*
 * The account menu and the notification bell open Radix menus positioned by floating-ui: about
 * 14 KB gzip and a render of their own that no first paint needs (a ride's link shows the ride).
 * They are built once the page has settled (lib/page-settled.ts); until then a look-alike of the
 * same size stands in, hidden from assistive technology and not focusable, so nothing moves and
 * nobody presses a button that does nothing. If their code cannot be loaded the look-alike stays.
 * Once settled, a shell mounted later (the phone's drawer) builds them at once.
 * docs/decisions/2026-11-27-ride-page-paints-first.md.
 */
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));
const NotificationBell = lazy(() => import('../../features/notifications/components/notification-bell').then((module) => ({ default: module.NotificationBell })));

function OnceSettled({ standIn, children }: { standIn: ReactNode; children: ReactNode }) {
  if (!usePageSettled()) return standIn;
  return (
    <PartBoundary fallback={standIn}>
      <Suspense fallback={standIn}>{children}</Suspense>
    </PartBoundary>
  );
}

export function UserMenuOnceSettled(props: ComponentProps<typeof UserMenuType>) {
  const standIn = (
    <div aria-hidden="true" className={USER_CHIP_CLASSES}>
      <UserChipFace user={props.user} />
    </div>
  );
  return (
    <OnceSettled standIn={standIn}>
      <UserMenu {...props} />
    </OnceSettled>
  );
}

export function NotificationBellOnceSettled(props: ComponentProps<typeof NotificationBellType>) {
  const standIn = (
    <div aria-hidden="true" className={cn('inline-flex size-10 shrink-0 items-center justify-center text-asphalt-200', props.className)}>
      <Bell className="size-5" />
    </div>
  );
  return (
    <OnceSettled standIn={standIn}>
      <NotificationBell {...props} />
    </OnceSettled>
  );
}

import { memo } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CurrentUser } from '../../../shared/users/current-user';
import { Logo } from '../../components/logo';
import { SidebarNav } from './sidebar-nav';
import { NotificationBellOnceSettled, UserMenuOnceSettled } from './shell-menus';

interface SidebarContentProps {
  appName: string;
  user: CurrentUser | null | undefined;
  showNotifications: boolean;
  onLogin: () => void;
  onNavigate?: () => void;
}

/** What the fixed sidebar (large screens) and the drawer (small screens) both show. Memoized, as the phone's header. */
export const SidebarContent = memo(function SidebarContent({ appName, user, showNotifications, onLogin, onNavigate }: SidebarContentProps) {
  const { t } = useLingui();
  return (
    <div className="flex h-full flex-col bg-asphalt-900 text-white">
      <div className="flex h-16 shrink-0 items-center px-5">
        <Link to="/" onClick={onNavigate} className="min-w-0 rounded-lg" aria-label={t`${appName} home`}>
          <Logo appName={appName} />
        </Link>
      </div>
      <LaneDivider />
      <div className="min-h-0 flex-1 overflow-y-auto py-4">
        <p className="px-6 pb-2 text-[11px] font-bold tracking-[0.16em] text-asphalt-300 uppercase"><Trans>Ride</Trans></p>
        <SidebarNav onNavigate={onNavigate} />
      </div>
      <div className="shrink-0 border-t border-white/[0.06] p-3">
        <div className="flex items-center gap-1">
          <UserMenuOnceSettled user={user} onLogin={onLogin} onNavigate={onNavigate} />
          {showNotifications ? <NotificationBellOnceSettled side="top" align="start" /> : null}
        </div>
      </div>
    </div>
  );
});

/** A dashed centre line: the sidebar reads as a strip of asphalt. */
function LaneDivider() {
  return (
    <div
      aria-hidden="true"
      className="mx-5 h-[3px] shrink-0 bg-[repeating-linear-gradient(90deg,var(--color-ignition-500)_0_14px,transparent_14px_26px)] opacity-60"
    />
  );
}

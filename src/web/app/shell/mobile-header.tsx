import { memo } from 'react';
import { Link } from 'react-router';
import { Menu } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { LogoMark } from '../../components/logo';
import { DARK_ICON_BUTTON_CLASSES } from '../../components/ui/button';
import { NotificationBellOnceSettled } from './shell-menus';

interface MobileHeaderProps {
  appName: string;
  showNotifications: boolean;
  onOpenMenu: () => void;
}

/** Small screens: menu button, product title and the bell with its unread badge. Memoized: the shell renders again for what it alone shows (the page's load, the group count). */
export const MobileHeader = memo(function MobileHeader({ appName, showNotifications, onOpenMenu }: MobileHeaderProps) {
  const { t } = useLingui();
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-2 bg-asphalt-900 px-2 text-white shadow-md shadow-asphalt-950/20 lg:hidden">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label={t`Open navigation`}
        className={DARK_ICON_BUTTON_CLASSES}
      >
        <Menu className="size-5" aria-hidden="true" />
      </button>
      <Link to="/" className="flex min-w-0 flex-1 items-center gap-2 rounded-lg">
        <LogoMark className="size-7" />
        <span className="truncate text-base font-black tracking-tight">{appName}</span>
      </Link>
      {showNotifications ? <NotificationBellOnceSettled /> : null}
    </header>
  );
});

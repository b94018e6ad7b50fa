import { Link, useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { cn } from '../../lib/cn';
import { NAV_ITEMS, isNavLinkActive } from './nav-items';

/** The navigation links; `onNavigate` lets the drawer close when a link is chosen. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { i18n, t } = useLingui();
  return (
    <nav aria-label={t`Main`} className="px-3">
      <ul className="space-y-0.5">
        {NAV_ITEMS.map(({ to, label, icon: Icon, danger }) => {
          const active = isNavLinkActive(pathname, to);
          return (
            <li key={to}>
              <Link
                to={to}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'group relative flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-semibold transition-colors focus-visible:outline-offset-0',
                  active ? 'bg-white/[0.07] text-white' : 'text-asphalt-300 hover:bg-white/[0.04] hover:text-white',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-2 bottom-2 start-0 w-1 rounded-full transition-colors',
                    active ? 'bg-ignition-500' : 'bg-transparent',
                  )}
                />
                <Icon
                  aria-hidden="true"
                  className={cn(
                    'size-[18px] shrink-0',
                    danger ? 'text-red-500' : active ? 'text-ignition-400' : 'text-asphalt-400 group-hover:text-asphalt-200',
                  )}
                />
                {i18n._(label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

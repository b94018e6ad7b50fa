import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Bug, CalendarDays, Compass, Gauge, Images, Settings, Users, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  label: MessageDescriptor;
  icon: LucideIcon;
  /** Report Bug's icon is highlighted red. */
  danger?: boolean;
}

/** Spec 1 section 2: the navigation, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: msg`Dashboard`, icon: Gauge },
  { to: '/upcoming', label: msg`Upcoming Rides`, icon: CalendarDays },
  { to: '/groups', label: msg`My Groups`, icon: Users },
  { to: '/finder', label: msg`Ride Finder`, icon: Compass },
  { to: '/media', label: msg`Media Gallery`, icon: Images },
  { to: '/preferences', label: msg`Preferences`, icon: Settings },
  { to: '/report-bug', label: msg`Report Bug`, icon: Bug, danger: true },
];

/** Active when the path equals the link, or (links other than /) starts with it. */
export function isNavLinkActive(pathname: string, to: string): boolean {
  if (pathname === to) return true;
  return to !== '/' && pathname.startsWith(to);
}

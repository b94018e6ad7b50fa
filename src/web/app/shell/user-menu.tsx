import { DropdownMenu } from 'radix-ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { LogIn, LogOut, UserRound } from 'lucide-react';
import type { CurrentUser } from '../../../shared/users/current-user';
import { useLogout } from '../../features/auth/components/use-logout';
import { USER_CHIP_CLASSES, UserChipFace } from './user-chip';

interface UserMenuProps {
  user: CurrentUser | null | undefined;
  onLogin: () => void;
  /** Called before any navigation (closes the drawer on small screens). */
  onNavigate?: () => void;
}

const itemClasses =
  'flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm font-medium text-asphalt-800 outline-none select-none data-[highlighted]:bg-asphalt-100 data-[highlighted]:text-asphalt-950';

/** The chip at the bottom of the sidebar and its menu: View Profile, Login (guests), Logout. */
export function UserMenu({ user, onLogin, onNavigate }: UserMenuProps) {
  const navigate = useNavigate();
  const logout = useLogout();
  const userId = user?.userId;
  const { t } = useLingui();
  const name = userId || t`Guest`;

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={`${USER_CHIP_CLASSES} transition-colors hover:bg-white/[0.06] data-[state=open]:bg-white/[0.08]`}>
        <UserChipFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] max-w-[var(--radix-dropdown-menu-content-available-width)] min-w-56 overflow-y-auto rounded-xl border border-asphalt-200 bg-white p-1.5 shadow-2xl shadow-asphalt-950/25 data-[state=open]:animate-pop-in"
        >
          <DropdownMenu.Label className="px-2.5 pt-1.5 pb-2 text-xs text-asphalt-500">
            <Trans>Signed in as <span className="font-semibold text-asphalt-800">{name}</span></Trans>
          </DropdownMenu.Label>
          <DropdownMenu.Item
            className={itemClasses}
            onSelect={() => {
              onNavigate?.();
              void navigate(userId ? `/profile/${encodeURIComponent(userId)}` : '/preferences');
            }}
          >
            <UserRound className="size-4 text-asphalt-500" aria-hidden="true" />
            <Trans>View Profile</Trans>
          </DropdownMenu.Item>
          {user?.email ? null : (
            <DropdownMenu.Item
              className={itemClasses}
              onSelect={() => {
                onNavigate?.();
                onLogin();
              }}
            >
              <LogIn className="size-4 text-asphalt-500" aria-hidden="true" />
              <Trans>Login</Trans>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-asphalt-100" />
          <DropdownMenu.Item
            className={`${itemClasses} text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800`}
            disabled={logout.isPending}
            onSelect={() => {
              onNavigate?.();
              logout.mutate();
            }}
          >
            <LogOut className="size-4" aria-hidden="true" />
            <Trans>Logout</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

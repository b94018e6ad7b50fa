import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronsUpDown } from 'lucide-react';
import type { CurrentUser } from '../../../shared/users/current-user';
import { UserAvatar as Avatar } from '../../components/users/user-avatar';

/** The profile picture, or the first two letters of the user id in upper case. */
export function UserAvatar({ user, className }: { user: CurrentUser | null | undefined; className?: string }) {
  return <Avatar userId={user?.userId} imageUrl={user?.profileImageUrl} className={className} />;
}

/** The look of the user chip that opens the account menu (user-menu.tsx): also its stand-in while the menu's code loads. */
export const USER_CHIP_CLASSES = 'flex min-w-0 flex-1 items-center gap-3 rounded-lg p-1.5 text-start';

/** The chip's face: the avatar, the visible name (WCAG 2.5.3: a voice user says what they see) and the e-mail. */
export function UserChipFace({ user }: { user: CurrentUser | null | undefined }) {
  const { t } = useLingui();
  const name = user?.userId || t`Guest`;
  return (
    <>
      <UserAvatar user={user} />
      <span className="sr-only"><Trans>Account menu:</Trans> </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-bold text-white" title={name}>{name}</span>
        <span className="block truncate text-xs text-asphalt-400" title={user?.email ?? undefined}>{user?.email ?? t`Guest rider`}</span>
      </span>
      <ChevronsUpDown className="size-4 shrink-0 text-asphalt-400" aria-hidden="true" />
    </>
  );
}

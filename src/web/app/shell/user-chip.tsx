import { initialsOf, type CurrentUser } from '../../../shared/users/current-user';
import { cn } from '../../lib/cn';

/** The profile picture, or the first two letters of the user id in upper case. */
export function UserAvatar({ user, className }: { user: CurrentUser | null | undefined; className?: string }) {
  if (user?.profileImageUrl) {
    return <img src={user.profileImageUrl} alt="" className={cn('size-9 shrink-0 rounded-full object-cover', className)} />;
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-ignition-500 text-xs font-black tracking-wide text-asphalt-950',
        className,
      )}
    >
      {initialsOf(user?.userId) || '?'}
    </span>
  );
}

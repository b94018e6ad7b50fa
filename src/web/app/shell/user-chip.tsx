import type { CurrentUser } from '../../../shared/users/current-user';
import { UserAvatar as Avatar } from '../../components/users/user-avatar';

/** The profile picture, or the first two letters of the user id in upper case. */
export function UserAvatar({ user, className }: { user: CurrentUser | null | undefined; className?: string }) {
  return <Avatar userId={user?.userId} imageUrl={user?.profileImageUrl} className={className} />;
}

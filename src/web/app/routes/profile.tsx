import { ProfilePage } from '../../features/users/components/profile-page';

/** /profile/{username} */
export function Component() {
  return <ProfilePage />;
}

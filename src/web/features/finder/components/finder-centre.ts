import type { CurrentUser } from '../../../../shared/users/current-user';
import type { FinderCentre } from '../../../api/finder';

/** Where the finder searches around, and the name it shows for it. */
export interface Centre extends FinderCentre {
  name: string;
}

/** The rider's own location when their profile has one: where the finder starts. */
export function profileCentre(user: CurrentUser | null | undefined): Centre | null {
  return user && user.latitude !== null && user.longitude !== null ? { latitude: user.latitude, longitude: user.longitude, name: user.location ?? 'Your location' } : null;
}

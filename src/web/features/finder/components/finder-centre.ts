import type { CurrentUser } from '../../../../shared/users/current-user';
import type { FinderCentre } from '../../../api/finder';

/** Where the finder searches around, and the name it shows for it. */
export interface Centre extends FinderCentre {
  name: string;
}

/** The rider's own location when their profile has one: where the finder starts; `unnamed` names it when the profile gives no place. */
export function profileCentre(user: CurrentUser | null | undefined, unnamed: string): Centre | null {
  return user && user.latitude !== null && user.longitude !== null ? { latitude: user.latitude, longitude: user.longitude, name: user.location ?? unnamed } : null;
}

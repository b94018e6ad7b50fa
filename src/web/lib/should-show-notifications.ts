import type { CurrentUser } from '../../shared/users/current-user';

/**
 * Spec 1 section 2: the notification control shows when this check passes and a user id exists.
 * Every visitor has an account (a guest at least) and can be notified, e.g. after joining a
 * group, so any loaded user qualifies.
 */
export function shouldShowNotifications(user: CurrentUser | null | undefined): user is CurrentUser {
  return Boolean(user);
}

import type { NotificationSettings } from '../../shared/notifications/notification-settings';

/**
 * A rider's notification settings as GET /api/users/current/notification-settings answers them: one
 * type of each section (My rides, My groups, Organizing, Account), e-mail and push as given.
 */
export function buildNotificationSettings(overrides: Partial<NotificationSettings> = {}): NotificationSettings {
  return {
    hasEmail: true,
    emailPaused: false,
    organizes: false,
    types: [
      { type: 'ride_cancelled', label: 'A ride I joined is cancelled', section: 'My rides', email: true, push: true },
      { type: 'ride_comment', label: 'A new comment on a ride I ride or organise', section: 'My rides', email: false, push: true },
      { type: 'ride_created', label: 'A new ride in my groups', section: 'My groups', email: true, push: true },
      { type: 'membership_request', label: 'A rider asks to join my group', section: 'Organizing', email: true, push: true },
      { type: 'profile_updated', label: 'My address is confirmed', section: 'Account', email: null, push: null },
    ],
    ...overrides,
  };
}

import type { NotificationSettings } from '../../shared/notifications/notification-settings';

/**
 * A rider's notification settings as GET /api/users/current/notification-settings answers them: one
 * type of each section (My rides, My groups, Organizing, Account), in the app, e-mail and push as given (null: no such switch).
 */
export function buildNotificationSettings(overrides: Partial<NotificationSettings> = {}): NotificationSettings {
  return {
    hasEmail: true,
    emailPaused: false,
    organizes: false,
    types: [
      { type: 'ride_cancelled', label: 'A ride I joined is cancelled', section: 'My rides', app: true, email: true, push: true },
      { type: 'ride_comment', label: 'A new comment on a ride I ride or organise', section: 'My rides', app: true, email: false, push: true },
      { type: 'ride_reminder_due', label: 'Reminders of a ride I joined', section: 'My rides', app: null, email: true, push: true },
      { type: 'ride_created', label: 'A new ride in my groups', section: 'My groups', app: false, email: true, push: true },
      { type: 'membership_request', label: 'A rider asks to join my group', section: 'Organizing', app: true, email: true, push: true },
      { type: 'profile_updated', label: 'My address is confirmed', section: 'Account', app: true, email: null, push: null },
    ],
    ...overrides,
  };
}

import { z } from 'zod';
import { NOTIFICATION_TYPE_NAMES, SETTING_CHANNELS } from './notification-types';

/**
 * One type's switches by channel: null where the type does not travel by it. Digests have no row:
 * the digest choice (reminders and digests, with the profile) decides them.
 */
export const notificationTypeSettingSchema = z.object({
  type: z.enum(NOTIFICATION_TYPE_NAMES),
  label: z.string(),
  section: z.enum(['My rides', 'My groups', 'Organizing', 'Account']),
  /** Shown in the app: under the bell, in the list and its unread count (null: never in the app, as a reminder by mail). */
  app: z.nullable(z.boolean()),
  email: z.nullable(z.boolean()),
  /** Push to every device of the rider's where notifications are on ("Notifications on this device"). */
  push: z.nullable(z.boolean()),
});

/** GET /api/users/current/notification-settings */
export const notificationSettingsSchema = z.object({
  /** Whether the rider has a confirmed address (a guest has none, and gets no mail). */
  hasEmail: z.boolean(),
  /** "Pause all e-mail": no notification mail while set. */
  emailPaused: z.boolean(),
  /** Whether the rider owns or co-organises a group: the Organizing types are shown only then. */
  organizes: z.boolean(),
  types: z.array(notificationTypeSettingSchema),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PATCH /api/users/current/notification-settings: one switch, or the pause. */
export const notificationSettingUpdateSchema = z.union([
  z.strictObject({ type: z.enum(NOTIFICATION_TYPE_NAMES), channel: z.enum(SETTING_CHANNELS), enabled: z.boolean() }),
  z.strictObject({ emailPaused: z.boolean() }),
]);
export type NotificationSettingUpdate = z.infer<typeof notificationSettingUpdateSchema>;

export const NOTIFICATION_SETTINGS_MESSAGES = {
  notOffered: 'This notification is not sent on that channel',
  badLink: 'This link is not valid',
};

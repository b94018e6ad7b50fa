import { z } from 'zod';
import type { I18n } from '@lingui/core';
import { isNotificationType, NOTIFICATION_TYPE_NAMES, renderNotification, type NotificationType } from './notification-types';
import { withRepeatWords } from '../series/series-label-text';

export { NOTIFICATION_EVENT, NOTIFICATION_REMOVED_EVENT } from './notification-events';

// Schemas here are built from z.* calls only (z.nullable(z.string()), not z.string().nullable()):
// the build treats z.* calls as pure (vite.config.ts), so the browser, which uses only the types and
// constants of this module on every screen, leaves zod out of its first load. A method call on a
// schema is not known to be pure, and would keep the schema and zod in (bench:lighthouse checks).

/** Every notification type: the closed list of notification-types.ts, where each type's texts and channels are. */
export const NOTIFICATION_TYPES = NOTIFICATION_TYPE_NAMES;
export type KnownNotificationType = NotificationType;

/**
 * What a notification is about, so the client can name it and open it: `kind` says what clicking
 * it opens (the ride's page, the group's page, the member's profile); the names are the current
 * ones. Only sent when the notification has one: older notifications keep the fields of spec 1
 * section 3 and nothing more.
 */
export const notificationSubjectSchema = z.object({
  kind: z.enum(['ride', 'group', 'member']),
  /** The group it is about, or the ride's group; null for a ride without a group. */
  groupId: z.nullable(z.string()),
  groupSlug: z.nullable(z.string()),
  groupName: z.nullable(z.string()),
  /** The handle of the rider it is about (who joined, asked to join or uploaded), if any. */
  riderHandle: z.nullable(z.string()),
  /** The ride it is about, if any. */
  rideId: z.nullable(z.string()),
  rideSlug: z.nullable(z.string()),
  rideName: z.nullable(z.string()),
});
export type NotificationSubject = z.infer<typeof notificationSubjectSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  subject: z.optional(notificationSubjectSchema),
  /** How many things it stands for (files one rider uploaded to one place), when it gathers several. */
  count: z.optional(z.int()),
  /** Its type's parameters (notification-types.ts), which `notificationTexts` writes the texts from; absent for an old notification stored as text. */
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

/**
 * A notification's title and message, written from its type and parameters with the names its
 * subject has now (the list, the toasts, the server's answers and its mails use the same texts);
 * for an old notification stored as text, that text. Written in the language of `i18n`: the reader's,
 * a series' repeat too, from its stored rule (`withRepeatWords`), so the web's list and toasts follow
 * a language switch at once, with no new read of the list.
 */
export function notificationTexts(i18n: I18n, n: Pick<Notification, 'type' | 'title' | 'message' | 'params' | 'subject' | 'count'>): { title: string; message: string } {
  if (!n.params || !isNotificationType(n.type)) return { title: n.title, message: n.message };
  return renderNotification(i18n, n.type, withRepeatWords(i18n, n.type, n.params), { ride: n.subject?.rideName, group: n.subject?.groupName, rider: n.subject?.riderHandle }, n.count ?? 1);
}

export interface NotificationRemoved {
  id: string;
  type: string;
  subject?: NotificationSubject;
}


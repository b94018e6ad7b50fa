import { z } from 'zod';

// Schemas here are built from z.* calls only (z.nullable(z.string()), not z.string().nullable()):
// the build treats z.* calls as pure (vite.config.ts), so the browser, which uses only the types and
// constants of this module on every screen, leaves zod out of its first load. A method call on a
// schema is not known to be pure, and would keep the schema and zod in (bench:lighthouse checks).

/** Types with their own icon (spec 1 section 3); any other type gets a default icon. */
export const NOTIFICATION_TYPES = [
  'ride_created',
  'ride_reminder',
  'ride_cancelled',
  'poll_created',
  'member_joined',
  'media_uploaded',
  'profile_updated',
  'membership_request',
  'membership_approved',
  'membership_declined',
] as const;
export type KnownNotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * What a notification is about, so the client can open it (a membership request opens the group's
 * Pending Members tab). Only sent when the notification has one: older notifications and types
 * without a subject keep the fields of spec 1 section 3 and nothing more.
 */
export const notificationSubjectSchema = z.object({
  groupId: z.string(),
  groupSlug: z.string(),
  groupName: z.string(),
  /** The handle of the rider the notification is about (the one who asked to join), if any. */
  riderHandle: z.nullable(z.string()),
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
});
export type Notification = z.infer<typeof notificationSchema>;

/** The texts of spec 1 section 9, used by the server when it creates notifications. */
export const notificationTexts = {
  rideCreated: (ride: string) => ({ title: 'New Ride Created', message: `${ride} has been added to your group` }),
  rideReminder: (ride: string, daysLeft: number) => ({
    title: daysLeft === 1 ? 'Ride Tomorrow!' : `Ride in ${daysLeft} days`,
    message: `Don't forget about ${ride}`,
  }),
  /** `day` as the ride's page shows it ("Dec 5, 2026", spec 2 section 9). */
  rideCancelled: (ride: string, day: string) => ({ title: 'Ride cancelled', message: `${ride} on ${day} was cancelled` }),
  pollCreated: (poll: string) => ({ title: 'New Poll Created', message: `Vote on: ${poll}` }),
  memberJoined: (member: string, group: string) => ({ title: 'New Member', message: `${member} joined ${group}` }),
  mediaUploaded: (user: string) => ({ title: 'New Media', message: `${user} uploaded new media` }),
  // Membership of an approval group. "Membership approved!" is the spec's toast title
  // (spec 2 section 4); the rider is named by their handle, never by their e-mail address.
  membershipRequest: (rider: string, group: string) => ({ title: 'Membership request', message: `${rider} wants to join ${group}` }),
  membershipApproved: (group: string) => ({ title: 'Membership approved!', message: `You're now a member of ${group}.` }),
  membershipDeclined: (group: string) => ({ title: 'Membership request declined', message: `Your request to join ${group} was declined` }),
};

/** Name of the Server-Sent Event that says a notification was taken back (a withdrawn request); its data is `{ id, subject }`. */
export const NOTIFICATION_REMOVED_EVENT = 'notification-removed';
export interface NotificationRemoved {
  id: string;
  type: string;
  subject?: NotificationSubject;
}

/** Name of the Server-Sent Event that carries one new notification. */
export const NOTIFICATION_EVENT = 'notification';

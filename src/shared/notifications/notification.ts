import { z } from 'zod';

/** Types with their own icon (spec 1 section 3); any other type gets a default icon. */
export const NOTIFICATION_TYPES = [
  'ride_created',
  'ride_reminder',
  'poll_created',
  'member_joined',
  'media_uploaded',
  'profile_updated',
] as const;
export type KnownNotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The texts of spec 1 section 9, used by the server when it creates notifications. */
export const notificationTexts = {
  rideCreated: (ride: string) => ({ title: 'New Ride Created', message: `${ride} has been added to your group` }),
  rideReminder: (ride: string, daysLeft: number) => ({
    title: daysLeft === 1 ? 'Ride Tomorrow!' : `Ride in ${daysLeft} days`,
    message: `Don't forget about ${ride}`,
  }),
  pollCreated: (poll: string) => ({ title: 'New Poll Created', message: `Vote on: ${poll}` }),
  memberJoined: (member: string, group: string) => ({ title: 'New Member', message: `${member} joined ${group}` }),
  mediaUploaded: (user: string) => ({ title: 'New Media', message: `${user} uploaded new media` }),
};

/** Name of the Server-Sent Event that carries one new notification. */
export const NOTIFICATION_EVENT = 'notification';

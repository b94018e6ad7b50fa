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
  'ride_changed',
  'poll_created',
  'poll_ride_planned',
  'member_joined',
  'media_uploaded',
  'profile_updated',
  'membership_request',
  'membership_approved',
  'membership_declined',
  'waitlist_seat_taken',
  'waitlist_seat_free',
  'ride_below_minimum',
  'made_co_organizer',
  'ownership_received',
  'ownership_handed_over',
  'removed_from_group',
  'ride_handed_over',
] as const;
export type KnownNotificationType = (typeof NOTIFICATION_TYPES)[number];

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
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

const englishPlural = new Intl.PluralRules('en');

/** "1 file", "13 files": the words a person would use. */
export function countOf(count: number, one: string, other: string): string {
  return `${count} ${englishPlural.select(count) === 'one' ? one : other}`;
}

/** The texts of spec 1 section 9, used by the server when it creates notifications. */
export const notificationTexts = {
  rideCreated: (ride: string) => ({ title: 'New Ride Created', message: `${ride} has been added to your group` }),
  rideReminder: (ride: string, daysLeft: number) => ({
    title: daysLeft === 1 ? 'Ride Tomorrow!' : `Ride in ${daysLeft} days`,
    message: `Don't forget about ${ride}`,
  }),
  /** `day` as the ride's page shows it ("Dec 5, 2026", spec 2 section 9). */
  rideCancelled: (ride: string, day: string) => ({ title: 'Ride cancelled', message: `${ride} on ${day} was cancelled` }),
  /** To the riders holding a seat when the start moves in time or place: where and when to be now, on the ride's clock. */
  rideChanged: (ride: string, day: string, time: string, place: string) => ({ title: 'Ride changed', message: `${ride} now starts on ${day} at ${time} from ${place}` }),
  // The waitlist (docs/behaviour/rides.md "Seats that fill themselves"): a freed seat taken for the first rider
  // waiting, or, close to the start, only news that a seat is free.
  waitlistSeatTaken: (ride: string) => ({ title: 'Seat opened', message: `You're in: a seat opened on ${ride}` }),
  waitlistSeatFree: (ride: string) => ({ title: 'Seat free', message: `A seat is free on ${ride}: the first to join takes it` }),
  belowMinimum: (ride: string, riders: number, minimum: number) => ({ title: 'Not enough riders yet', message: `${ride} has ${riders} of the ${minimum} riders it needs` }),
  pollCreated: (poll: string) => ({ title: 'New Poll Created', message: `Vote on: ${poll}` }),
  /** To the riders interested in the ride's date; they join from the ride's page if they ride (never joined for them). */
  pollRidePlanned: (ride: string, day: string, poll: string) => ({ title: 'Ride planned from a poll', message: `${ride} on ${day} is planned from ${poll}: join if you're riding` }),
  memberJoined: (member: string, group: string) => ({ title: 'New Member', message: `${member} joined ${group}` }),
  /** "Ana uploaded 13 files to Futa Pass Loop": several uploads by one rider to one place are one notification. */
  mediaUploaded: (user: string, count: number, place?: string) => ({
    title: 'New Media',
    message: `${user} uploaded ${countOf(count, 'file', 'files')}${place ? ` to ${place}` : ''}`,
  }),
  // Membership of an approval group. "Membership approved!" is the spec's toast title
  // (spec 2 section 4); the rider is named by their handle, never by their e-mail address.
  membershipRequest: (rider: string, group: string) => ({ title: 'Membership request', message: `${rider} wants to join ${group}` }),
  membershipApproved: (group: string) => ({ title: 'Membership approved!', message: `You're now a member of ${group}.` }),
  membershipDeclined: (group: string) => ({ title: 'Membership request declined', message: `Your request to join ${group} was declined` }),
  // Clubs run by more than one person (docs/behaviour/groups.md): roles, hand-over and removal, told to the rider concerned.
  madeCoOrganizer: (group: string) => ({ title: 'You are a co-organizer', message: `You can now approve members, invite riders and run the rides of ${group}` }),
  ownershipReceived: (group: string, formerOwner: string) => ({ title: 'You own a group now', message: `${formerOwner} handed ${group} over to you` }),
  ownershipHandedOver: (group: string, newOwner: string) => ({ title: 'Group handed over', message: `${newOwner} now owns ${group}; you stay on as a co-organizer` }),
  removedFromGroup: (group: string) => ({ title: 'Removed from group', message: `You were removed from ${group}` }),
  /** To the group's owner, once per ride a removed rider owned that had not ended: the owner runs it and holds the rider's seat now. */
  rideHandedOver: (ride: string, rider: string, group: string) => ({ title: 'You own a ride now', message: `${ride} is yours: ${rider} was removed from ${group}` }),
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

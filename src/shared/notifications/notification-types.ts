import type { I18n, MessageDescriptor } from '@lingui/core';
import { dayLabelIn, timeLabelIn } from '../rides/ride-time';
import { instantToLocal, isKnownZone, wallClockOnOffset } from '../timezones/zoned-time';

/*
 * The closed list of notification types (issue 30 point 1): each entry says in one place who is
 * told, what it opens, its default channels and its texts, written as messages with named
 * parameters ("{ride} on {day} was cancelled"). A notification stores its type and parameters (ids
 * in its subject columns; instants, numbers and the names as they were, as a fallback for what has
 * since been deleted), never finished sentences: it is rendered when it is shown, mailed or pushed,
 * with today's names, on the clock it is read on, in the language of the rider who reads it (issue 31
 * point 7: every text is a message descriptor, rendered with the reader's I18n; the server renders
 * with the recipient's, the web app with its own). The English texts are the spec's, word for word.
 *
 * No zod here: the browser imports this module on every screen.
 */

/** The channels a notification can travel by besides the app's own list. */
export type DeliveryChannel = 'email' | 'push';

/** The channels a rider switches a type on or off by in Preferences: the app's own list (the bell), e-mail, push. */
export type SettingChannel = 'app' | DeliveryChannel;
export const SETTING_CHANNELS = ['app', 'email', 'push'] as const satisfies readonly SettingChannel[];

/** What clicking a notification opens. */
export type NotificationOpens = 'ride' | 'group' | 'member' | 'account';

/** The settings groups of Preferences (issue 30 point 10). */
export type NotificationSection = 'My rides' | 'My groups' | 'Organizing' | 'Account';

/** A section's name as riders read it. */
export const SECTION_NAMES: Record<NotificationSection, MessageDescriptor> = {
  'My rides': /*i18n*/ { id: 'notifications.section.my_rides', message: 'My rides' },
  'My groups': /*i18n*/ { id: 'notifications.section.my_groups', message: 'My groups' },
  Organizing: /*i18n*/ { id: 'notifications.section.organizing', message: 'Organizing' },
  Account: /*i18n*/ { id: 'notifications.section.account', message: 'Account' },
};

/**
 * A ride's time, kept with the notification: the instant and the zone it is told on (an IANA zone,
 * or the ride's fixed offset label "UTC+02:00" until rides carry their zone).
 */
export interface RideTime {
  startAt: string;
  zone: string;
}

/** The parameters each type stores. Names are the fallback for a subject deleted since; the current name wins. */
export interface NotificationParams {
  /**
   * A series (issue 29) is told once: its name in `ride`, its repeat rule (`repeat`, series-label-text.ts
   * `repeatCode`) and its first day. The rule is worded in the reader's language into `series` before
   * the texts are written (`withRepeatWords`, run by `notificationTexts` on the server and in the web, so
   * the web's list follows a language switch at once); a notification stored before has its English there.
   */
  ride_created: { ride: string; repeat?: string; series?: string; from?: string };
  ride_reminder: { ride: string; daysLeft: number };
  ride_cancelled: { ride: string } & RideTime;
  ride_changed: { ride: string; place: string } & RideTime;
  poll_created: { poll: string };
  poll_ride_planned: { ride: string; poll: string } & RideTime;
  member_joined: { rider: string; group: string };
  media_uploaded: { rider: string; place?: string };
  profile_updated: { address: string };
  membership_request: { rider: string; group: string };
  membership_approved: { group: string };
  membership_declined: { group: string };
  waitlist_seat_taken: { ride: string };
  waitlist_seat_free: { ride: string };
  ride_below_minimum: { ride: string; riders: number; minimum: number };
  made_co_organizer: { group: string };
  ownership_received: { group: string; formerOwner: string };
  ownership_handed_over: { group: string; newOwner: string };
  removed_from_group: { group: string };
  ride_handed_over: { ride: string; rider: string; group: string };
  /** A comment on a ride, where ride-day notes live. */
  ride_comment: { ride: string; rider: string; excerpt: string } & RideTime;
  /** A series of a rider no longer in the group: its name, its repeat rule (as ride_created's, worded into `repeats`; stored before: its English there). */
  series_handed_over: { series: string; repeat?: string; repeats?: string; rider: string; group: string };
  /** Mail and push only, never in the app's list. */
  ride_reminder_due: { ride: string; reminder: string; riderZone: string } & RideTime;
  /** One mail gathering the items of a period (DigestItem). */
  rides_digest: { count: number; items: DigestItem[] };
  organizer_digest: { count: number; items: DigestItem[] };
}

/** One notification gathered into a digest mail instead of a mail of its own. */
export interface DigestItem {
  type: string;
  params: Record<string, unknown>;
  notificationId: string | null;
}

export type NotificationType = keyof NotificationParams;

/** The values a message is written from: the parameters, with instants turned into the words a rider reads. */
export type MessageValues = Record<string, string | number | undefined>;

export interface NotificationTypeDefinition {
  section: NotificationSection;
  opens: NotificationOpens;
  /** Whether each channel is on for a rider who has not chosen (Mobilizon-like defaults); absent: not offered. */
  channels: Partial<Record<DeliveryChannel, boolean>>;
  /** Leaves within a minute (issue 30 point 5): a cancellation, a seat. */
  urgent?: boolean;
  /** Never in the app's list (mail and push only: a reminder at a chosen time, a digest): no in-app switch. */
  inApp?: false;
  /**
   * A digest: one mail gathering the mails of these types. It has no switch of its own: the digest
   * choice in Preferences and the gathered types' e-mail switches decide whether it comes.
   */
  gathers?: readonly NotificationType[];
  /** A name for the type in Preferences and in a mail's "why you got this". */
  label: MessageDescriptor;
  /** The title; a plural or select of the values where it varies ("Ride Tomorrow!" or "Ride in 3 days"). */
  title: MessageDescriptor;
  message: MessageDescriptor;
  /** The message of a series told once (ride_created). */
  seriesMessage?: MessageDescriptor;
}

export const notificationTypes = {
  ride_created: {
    // Told: the group's members but the creator, and but those told poll_ride_planned.
    section: 'My groups',
    opens: 'ride',
    channels: { email: true, push: true },
    label: /*i18n*/ { id: 'notifications.ride_created.label', message: 'A new ride in my groups' },
    title: /*i18n*/ { id: 'notifications.ride_created.title', message: 'New Ride Created' },
    message: /*i18n*/ { id: 'notifications.ride_created.message', message: '{ride} has been added to your group' },
    // A series, named as it was made: its first ride's current name carries one date, not the repeat.
    seriesMessage: /*i18n*/ { id: 'notifications.ride_created.series_message', message: '{ride} ({repeats} from {from}) has been added to your group' },
  },
  ride_reminder: {
    // Told: its riders, 3 days and 1 day before.
    section: 'My rides',
    opens: 'ride',
    channels: {},
    label: /*i18n*/ { id: 'notifications.ride_reminder.label', message: 'A ride I joined is near' },
    title: /*i18n*/ { id: 'notifications.ride_reminder.title', message: '{daysLeft, plural, =1 {Ride Tomorrow!} other {Ride in # days}}' },
    message: /*i18n*/ { id: 'notifications.ride_reminder.message', message: "Don't forget about {ride}" },
  },
  ride_cancelled: {
    // Told: every rider holding a seat but the one who cancelled.
    section: 'My rides',
    opens: 'ride',
    channels: { email: true, push: true },
    urgent: true,
    label: /*i18n*/ { id: 'notifications.ride_cancelled.label', message: 'A ride I joined is cancelled' },
    title: /*i18n*/ { id: 'notifications.ride_cancelled.title', message: 'Ride cancelled' },
    message: /*i18n*/ { id: 'notifications.ride_cancelled.message', message: '{ride} on {day} was cancelled' },
  },
  ride_changed: {
    // Told: every rider holding a seat but the one who moved it.
    section: 'My rides',
    opens: 'ride',
    channels: { email: true, push: true },
    label: /*i18n*/ { id: 'notifications.ride_changed.label', message: 'A ride I joined changes day, time or start' },
    title: /*i18n*/ { id: 'notifications.ride_changed.title', message: 'Ride changed' },
    message: /*i18n*/ { id: 'notifications.ride_changed.message', message: '{ride} now starts on {day} at {time} from {place}' },
  },
  poll_created: {
    // Told: the group's members but the creator.
    section: 'My groups',
    opens: 'group',
    channels: { email: false, push: false },
    label: /*i18n*/ { id: 'notifications.poll_created.label', message: 'A new poll in my groups' },
    title: /*i18n*/ { id: 'notifications.poll_created.title', message: 'New Poll Created' },
    message: /*i18n*/ { id: 'notifications.poll_created.message', message: 'Vote on: {poll}' },
  },
  poll_ride_planned: {
    // Told: the members interested in the ride's local start day, but the planner.
    section: 'My groups',
    opens: 'ride',
    channels: { email: true, push: true },
    label: /*i18n*/ { id: 'notifications.poll_ride_planned.label', message: 'A poll I answered becomes a ride' },
    title: /*i18n*/ { id: 'notifications.poll_ride_planned.title', message: 'Ride planned from a poll' },
    message: /*i18n*/ { id: 'notifications.poll_ride_planned.message', message: "{ride} on {day} is planned from {poll}: join if you're riding" },
  },
  member_joined: {
    // Told: the owner (taken back when the rider leaves or is removed).
    section: 'Organizing',
    opens: 'member',
    channels: { email: false, push: false },
    label: /*i18n*/ { id: 'notifications.member_joined.label', message: 'A rider joins my group' },
    title: /*i18n*/ { id: 'notifications.member_joined.title', message: 'New Member' },
    message: /*i18n*/ { id: 'notifications.member_joined.message', message: '{rider} joined {group}' },
  },
  media_uploaded: {
    // Told: its members or riders but the uploader.
    section: 'My groups',
    opens: 'ride',
    channels: { email: false, push: false },
    label: /*i18n*/ { id: 'notifications.media_uploaded.label', message: 'New photos and files' },
    title: /*i18n*/ { id: 'notifications.media_uploaded.title', message: 'New Media' },
    message: /*i18n*/ { id: 'notifications.media_uploaded.message', message: '{place, select, none {{rider} uploaded {count, plural, one {# file} other {# files}}} other {{rider} uploaded {count, plural, one {# file} other {# files}} to {place}}}' },
  },
  profile_updated: {
    // Told: the account.
    section: 'Account',
    opens: 'account',
    channels: {},
    label: /*i18n*/ { id: 'notifications.profile_updated.label', message: 'My address is confirmed' },
    title: /*i18n*/ { id: 'notifications.profile_updated.title', message: 'Email confirmed' },
    message: /*i18n*/ { id: 'notifications.profile_updated.message', message: '{address} is now the e-mail address of your account.' },
  },
  membership_request: {
    // Told: every organizer: the owner and the co-organizers.
    section: 'Organizing',
    opens: 'group',
    channels: { email: true, push: true },
    label: /*i18n*/ { id: 'notifications.membership_request.label', message: 'A rider asks to join my group' },
    title: /*i18n*/ { id: 'notifications.membership_request.title', message: 'Membership request' },
    message: /*i18n*/ { id: 'notifications.membership_request.message', message: '{rider} wants to join {group}' },
  },
  membership_approved: {
    // Told: the rider.
    section: 'My groups',
    opens: 'group',
    channels: { email: true, push: true },
    label: /*i18n*/ { id: 'notifications.membership_approved.label', message: 'My request to join is approved' },
    title: /*i18n*/ { id: 'notifications.membership_approved.title', message: 'Membership approved!' },
    message: /*i18n*/ { id: 'notifications.membership_approved.message', message: "You're now a member of {group}." },
  },
  membership_declined: {
    // Told: the rider.
    section: 'My groups',
    opens: 'group',
    channels: { email: true, push: true },
    label: /*i18n*/ { id: 'notifications.membership_declined.label', message: 'My request to join is declined' },
    title: /*i18n*/ { id: 'notifications.membership_declined.title', message: 'Membership request declined' },
    message: /*i18n*/ { id: 'notifications.membership_declined.message', message: 'Your request to join {group} was declined' },
  },
  waitlist_seat_taken: {
    // Told: the first rider waiting, when a seat frees more than 2 h before the start.
    section: 'My rides',
    opens: 'ride',
    channels: { email: true, push: true },
    urgent: true,
    label: /*i18n*/ { id: 'notifications.waitlist_seat_taken.label', message: 'A seat from the waitlist is mine' },
    title: /*i18n*/ { id: 'notifications.waitlist_seat_taken.title', message: 'Seat opened' },
    message: /*i18n*/ { id: 'notifications.waitlist_seat_taken.message', message: "You're in: a seat opened on {ride}" },
  },
  waitlist_seat_free: {
    // Told: everyone on the waitlist, when a seat frees within 2 h of the start.
    section: 'My rides',
    opens: 'ride',
    channels: { email: false, push: true },
    urgent: true,
    label: /*i18n*/ { id: 'notifications.waitlist_seat_free.label', message: 'A seat is free on a ride I wait for' },
    title: /*i18n*/ { id: 'notifications.waitlist_seat_free.title', message: 'Seat free' },
    message: /*i18n*/ { id: 'notifications.waitlist_seat_free.message', message: 'A seat is free on {ride}: the first to join takes it' },
  },
  ride_below_minimum: {
    // Told: its riders, the owner among them, at the decision time.
    section: 'My rides',
    opens: 'ride',
    channels: { email: false, push: false },
    label: /*i18n*/ { id: 'notifications.ride_below_minimum.label', message: 'A ride I joined lacks riders' },
    title: /*i18n*/ { id: 'notifications.ride_below_minimum.title', message: 'Not enough riders yet' },
    message: /*i18n*/ { id: 'notifications.ride_below_minimum.message', message: '{ride} has {riders} of the {minimum} riders it needs' },
  },
  made_co_organizer: {
    // Told: the member made a co-organizer.
    section: 'Organizing',
    opens: 'group',
    channels: { email: false, push: false },
    label: /*i18n*/ { id: 'notifications.made_co_organizer.label', message: 'I am made a co-organizer' },
    title: /*i18n*/ { id: 'notifications.made_co_organizer.title', message: 'You are a co-organizer' },
    message: /*i18n*/ { id: 'notifications.made_co_organizer.message', message: 'You can now approve members, invite riders and run the rides of {group}' },
  },
  ownership_received: {
    // Told: the new owner.
    section: 'Organizing',
    opens: 'group',
    channels: { email: false, push: false },
    label: /*i18n*/ { id: 'notifications.ownership_received.label', message: 'A group is handed to me' },
    title: /*i18n*/ { id: 'notifications.ownership_received.title', message: 'You own a group now' },
    message: /*i18n*/ { id: 'notifications.ownership_received.message', message: '{formerOwner} handed {group} over to you' },
  },
  ownership_handed_over: {
    // Told: the former owner, now a co-organizer.
    section: 'Organizing',
    opens: 'group',
    channels: { email: false, push: false },
    label: /*i18n*/ { id: 'notifications.ownership_handed_over.label', message: 'My group is handed over' },
    title: /*i18n*/ { id: 'notifications.ownership_handed_over.title', message: 'Group handed over' },
    message: /*i18n*/ { id: 'notifications.ownership_handed_over.message', message: '{newOwner} now owns {group}; you stay on as a co-organizer' },
  },
  removed_from_group: {
    // Told: the rider removed.
    section: 'My groups',
    opens: 'group',
    channels: { email: false, push: false },
    label: /*i18n*/ { id: 'notifications.removed_from_group.label', message: 'I am removed from a group' },
    title: /*i18n*/ { id: 'notifications.removed_from_group.title', message: 'Removed from group' },
    message: /*i18n*/ { id: 'notifications.removed_from_group.message', message: 'You were removed from {group}' },
  },
  ride_handed_over: {
    // Told: the group's owner, one per ride of a removed rider.
    section: 'Organizing',
    opens: 'ride',
    channels: { email: false, push: false },
    label: /*i18n*/ { id: 'notifications.ride_handed_over.label', message: "A removed rider's ride passes to me" },
    title: /*i18n*/ { id: 'notifications.ride_handed_over.title', message: 'You own a ride now' },
    message: /*i18n*/ { id: 'notifications.ride_handed_over.message', message: '{ride} is yours: {rider} was removed from {group}' },
  },
  // A burst of comments is one mail or push per ride and rider
  // (COALESCED_TYPES in deliveries/outbox.service.ts); in the app each comment is its own line.
  ride_comment: {
    // Told: the riders holding a seat and the ride's owner, but the commenter, guests and riders no longer in its group.
    section: 'My rides',
    opens: 'ride',
    channels: { email: false, push: true },
    label: /*i18n*/ { id: 'notifications.ride_comment.label', message: 'A new comment on a ride I ride or organise' },
    title: /*i18n*/ { id: 'notifications.ride_comment.title', message: 'New comment' },
    message: /*i18n*/ { id: 'notifications.ride_comment.message', message: '{rider} on {ride}: {excerpt}' },
  },
  series_handed_over: {
    // Told: the group's owner, one per series of a rider who leaves or is removed.
    section: 'Organizing',
    opens: 'ride',
    channels: { email: false, push: false },
    label: /*i18n*/ { id: 'notifications.series_handed_over.label', message: "The series of a rider who left passes to me" },
    title: /*i18n*/ { id: 'notifications.series_handed_over.title', message: 'You own a series now' },
    message: /*i18n*/ { id: 'notifications.series_handed_over.message', message: '{series} ({repeats}) is yours: {rider} is no longer in {group}' },
  },
  // A rider's chosen reminders by mail and push (the evening
  // before, the morning of, 2 hours before: preferences.ts). Not stored in the app's list, where the
  // spec's "Ride Tomorrow!" reminders stay; its push expires at the ride's start (push-options.ts).
  ride_reminder_due: {
    // Told: every rider holding a seat, at each reminder time they chose.
    section: 'My rides',
    opens: 'ride',
    channels: { email: true, push: true },
    inApp: false,
    label: /*i18n*/ { id: 'notifications.ride_reminder_due.label', message: 'Reminders of a ride I joined' },
    title: /*i18n*/ { id: 'notifications.ride_reminder_due.title', message: 'Ride reminder' },
    message: /*i18n*/ { id: 'notifications.ride_reminder_due.message', message: '{yourDay, select, same {Reminder: {ride} starts on {day} at {time} ({zone})} other {Reminder: {ride} starts on {day} at {time} ({zone}), {yourDay} at {yourTime} your time}}' },
  },
  // Digests, for riders who chose them in Preferences
  // (preferences.ts newRidesDigest, organizerDigest); e-mail only, never in the app's list.
  rides_digest: {
    // Told: each rider who takes new rides as a daily (08:00 on their clock) or weekly (Mondays) digest.
    section: 'My groups',
    opens: 'account',
    channels: { email: true },
    inApp: false,
    gathers: ['ride_created'],
    label: /*i18n*/ { id: 'notifications.rides_digest.label', message: 'New rides in my groups, as a digest' },
    title: /*i18n*/ { id: 'notifications.rides_digest.title', message: 'New rides in your groups' },
    message: /*i18n*/ { id: 'notifications.rides_digest.message', message: 'New rides in your groups: {count}' },
  },
  organizer_digest: {
    // Told: each organizer who takes join requests and new members as a daily digest (08:00 on their clock).
    section: 'Organizing',
    opens: 'account',
    channels: { email: true },
    inApp: false,
    gathers: ['membership_request', 'member_joined'],
    label: /*i18n*/ { id: 'notifications.organizer_digest.label', message: 'Join requests and new members, as a digest' },
    title: /*i18n*/ { id: 'notifications.organizer_digest.title', message: 'Your groups today' },
    message: /*i18n*/ { id: 'notifications.organizer_digest.message', message: 'Join requests and new members in your groups: {count}' },
  },
} as const satisfies Record<NotificationType, NotificationTypeDefinition>;

/** Every type, in the order of the list above. */
export const NOTIFICATION_TYPE_NAMES = Object.keys(notificationTypes) as NotificationType[];

export function isNotificationType(type: string): type is NotificationType {
  return Object.hasOwn(notificationTypes, type);
}

/** Whether a rider who has not chosen gets this type by `channel`. */
export function defaultChannelOn(type: NotificationType, channel: DeliveryChannel): boolean {
  const channels: Partial<Record<DeliveryChannel, boolean>> = notificationTypes[type].channels;
  return channels[channel] === true;
}

/** Whether `channel` is offered for this type at all (a switch in Preferences). */
export function channelOffered(type: NotificationType, channel: DeliveryChannel): boolean {
  const channels: Partial<Record<DeliveryChannel, boolean>> = notificationTypes[type].channels;
  return channels[channel] !== undefined;
}

/**
 * Whether Preferences has a switch for this type on `channel`. In the app: every type its list
 * shows (default on; off hides the type from the bell, the list and the unread count). E-mail and
 * push: the channels the type travels by, but for a digest, which the digest choice governs.
 */
export function settingOffered(type: NotificationType, channel: SettingChannel): boolean {
  const definition: NotificationTypeDefinition = notificationTypes[type];
  if (definition.gathers) return false;
  return channel === 'app' ? definition.inApp !== false : channelOffered(type, channel);
}

/** A switch's position for a rider who has not chosen: in the app always on. */
export function settingDefault(type: NotificationType, channel: SettingChannel): boolean {
  return channel === 'app' ? settingOffered(type, 'app') : defaultChannelOn(type, channel);
}

const OFFSET_LABEL = /^UTC[+-]\d{2}:\d{2}$/;

/**
 * An instant's day and time on a clock: an IANA zone, or a fixed offset label ("UTC+02:00": the
 * zone of the notifications migration 041 read back from their stored text, still shown); anything
 * else reads as UTC.
 */
export function wallClock(instant: string, zone: string): { day: string; time: string } {
  if (OFFSET_LABEL.test(zone)) {
    const { day, time } = wallClockOnOffset(instant, zone);
    return { day, time };
  }
  return instantToLocal(instant, isKnownZone(zone) ? zone : 'UTC');
}

/** The names a notification's subject is called by now (null: none, or deleted since). */
export interface CurrentNames {
  ride?: string | null;
  group?: string | null;
  rider?: string | null;
}

/** The locale days and times are written in: the I18n's formatting locale (the language with a region), else its language. */
function formatLocaleOf(i18n: I18n): string {
  const locale = i18n.locales?.[0] ?? i18n.locale;
  return locale === 'en-XA' ? 'en' : locale;
}

/** The values a type's texts are written from: the stored parameters, today's names over them, instants on the ride's clock in the reader's locale. */
export function messageValues(i18n: I18n, type: NotificationType, params: Record<string, unknown>, current: CurrentNames = {}, count = 1): MessageValues {
  const locale = formatLocaleOf(i18n);
  const values: MessageValues = {};
  for (const [key, value] of Object.entries(params)) if (typeof value === 'string' || typeof value === 'number') values[key] = value;
  if (current.ride && 'ride' in values) values.ride = current.ride;
  if (current.group && 'group' in values) values.group = current.group;
  // The rider a notification is about, whatever the text calls them.
  for (const key of ['rider', 'formerOwner', 'newOwner'] as const) if (current.rider && key in values) values[key] = current.rider;
  if (typeof params.startAt === 'string' && typeof params.zone === 'string') {
    const clock = wallClock(params.startAt, params.zone);
    values.day = dayLabelIn(clock.day, locale);
    values.time = timeLabelIn(clock.time, locale);
    // The rider's own clock too, when it reads otherwise (a reminder to a rider abroad).
    if (typeof params.riderZone === 'string') {
      const theirs = wallClock(params.startAt, params.riderZone);
      const same = theirs.day === clock.day && theirs.time === clock.time;
      values.yourDay = same ? 'same' : dayLabelIn(theirs.day, locale);
      values.yourTime = same ? '' : timeLabelIn(theirs.time, locale);
    }
  }
  if (type === 'ride_created' && typeof params.series === 'string' && typeof params.from === 'string' && typeof params.ride === 'string') {
    values.ride = params.ride;
    values.repeats = `${params.series.charAt(0).toLowerCase()}${params.series.slice(1)}`;
    values.from = dayLabelIn(params.from, locale);
  }
  if (type === 'media_uploaded') {
    values.count = count;
    values.place = current.ride ?? current.group ?? (typeof params.place === 'string' ? params.place : undefined) ?? 'none';
  }
  return values;
}

/** A notification's title and message, written now from its type and parameters, in the language of `i18n`. */
export function renderNotification(i18n: I18n, type: NotificationType, params: Record<string, unknown>, current: CurrentNames = {}, count = 1): { title: string; message: string } {
  const definition: NotificationTypeDefinition = notificationTypes[type];
  const values = messageValues(i18n, type, params, current, count);
  const message = values.repeats !== undefined && definition.seriesMessage ? definition.seriesMessage : definition.message;
  // Descriptors with their values, not spread inline into i18n._ (the extractor reads only literal descriptors there).
  const titled: MessageDescriptor = { ...definition.title, values };
  const told: MessageDescriptor = { ...message, values };
  return { title: i18n._(titled), message: i18n._(told) };
}

/** A type's name in Preferences and in a mail's "why you got this", in the language of `i18n`. */
export function notificationLabel(i18n: I18n, type: NotificationType): string {
  const definition: NotificationTypeDefinition = notificationTypes[type];
  return i18n._(definition.label);
}

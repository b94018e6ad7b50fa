import { AlarmClock, Armchair, BadgeCheck, Bell, CalendarCheck, CalendarClock, CalendarCog, CalendarX, Crown, Hand, Handshake, Hourglass, MessageSquare, Repeat, ImagePlus, Inbox, KeyRound, Newspaper, Route, ShieldCheck, UserCheck, UserMinus, UserPlus, Users, UserX, Vote, type LucideIcon } from 'lucide-react';
import type { KnownNotificationType } from '../../../../shared/notifications/notification';
import { cn } from '../../../lib/cn';

const icons: Record<KnownNotificationType, { icon: LucideIcon; tone: string }> = {
  ride_created: { icon: Route, tone: 'bg-ignition-100 text-ignition-700' },
  ride_reminder: { icon: CalendarClock, tone: 'bg-amber-100 text-amber-700' },
  ride_cancelled: { icon: CalendarX, tone: 'bg-rose-100 text-rose-700' },
  ride_changed: { icon: CalendarCog, tone: 'bg-amber-100 text-amber-700' },
  poll_created: { icon: Vote, tone: 'bg-sky-100 text-sky-700' },
  poll_ride_planned: { icon: CalendarCheck, tone: 'bg-sky-100 text-sky-700' },
  member_joined: { icon: UserPlus, tone: 'bg-emerald-100 text-emerald-700' },
  media_uploaded: { icon: ImagePlus, tone: 'bg-violet-100 text-violet-700' },
  profile_updated: { icon: UserCheck, tone: 'bg-teal-100 text-teal-700' },
  membership_request: { icon: Hand, tone: 'bg-amber-100 text-amber-800' },
  membership_approved: { icon: BadgeCheck, tone: 'bg-emerald-100 text-emerald-700' },
  membership_declined: { icon: UserX, tone: 'bg-rose-100 text-rose-700' },
  waitlist_seat_taken: { icon: Armchair, tone: 'bg-emerald-100 text-emerald-700' },
  waitlist_seat_free: { icon: Hourglass, tone: 'bg-sky-100 text-sky-700' },
  ride_below_minimum: { icon: Users, tone: 'bg-amber-100 text-amber-700' },
  made_co_organizer: { icon: ShieldCheck, tone: 'bg-sky-100 text-sky-700' },
  ownership_received: { icon: Crown, tone: 'bg-amber-100 text-amber-800' },
  ownership_handed_over: { icon: Handshake, tone: 'bg-asphalt-100 text-asphalt-700' },
  removed_from_group: { icon: UserMinus, tone: 'bg-rose-100 text-rose-700' },
  ride_handed_over: { icon: KeyRound, tone: 'bg-amber-100 text-amber-800' },
  ride_reminder_due: { icon: AlarmClock, tone: 'bg-amber-100 text-amber-700' },
  rides_digest: { icon: Newspaper, tone: 'bg-ignition-100 text-ignition-700' },
  organizer_digest: { icon: Inbox, tone: 'bg-sky-100 text-sky-700' },
  ride_comment: { icon: MessageSquare, tone: 'bg-sky-100 text-sky-700' },
  series_handed_over: { icon: Repeat, tone: 'bg-amber-100 text-amber-800' },
};

const fallback = { icon: Bell, tone: 'bg-asphalt-100 text-asphalt-600' };

function iconFor(type: string) {
  return Object.hasOwn(icons, type) ? icons[type as KnownNotificationType] : fallback;
}

/** The icon of a notification type (spec 1 section 3); any other type gets the bell. */
export function NotificationIcon({ type, className }: { type: string; className?: string }) {
  const { icon: Icon, tone } = iconFor(type);
  return (
    <span
      data-notification-type={type}
      className={cn('flex size-8 shrink-0 items-center justify-center rounded-lg', tone, className)}
      aria-hidden="true"
    >
      <Icon className="size-4" />
    </span>
  );
}

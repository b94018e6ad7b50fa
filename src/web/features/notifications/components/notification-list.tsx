import { Link } from 'react-router';
import { BellOff, CheckCheck, ChevronRight, Trash2 } from 'lucide-react';
import type { Notification } from '../../../../shared/notifications/notification';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { timeAgo } from '../../../lib/format';
import { ridePath } from '../../../lib/rides/ride-format';
import { useClearNotificationsLocally, useMarkNotificationsRead } from '../api/mark-notification-read';
import { NotificationIcon } from './notification-icon';

interface NotificationListProps {
  notifications: Notification[] | undefined;
  isLoading: boolean;
  /** Called when a notification is opened (it leads somewhere): the bell closes its list. */
  onOpenLink?: () => void;
}

/**
 * Where a notification leads, from what it names: the ride's page, the member's profile, the
 * group (a membership request to its Pending Members tab). Older ones without a subject lead nowhere.
 */
export function notificationHref(n: Notification): string | null {
  const subject = n.subject;
  if (!subject) return null;
  if (subject.kind === 'member' && subject.riderHandle) return `/profile/${encodeURIComponent(subject.riderHandle)}`;
  if (subject.kind === 'ride' && subject.rideId && subject.rideSlug) {
    return ridePath({ id: subject.rideId, slug: subject.rideSlug, groupSlug: subject.groupSlug });
  }
  if (!subject.groupSlug) return null;
  const group = `/groups/${encodeURIComponent(subject.groupSlug)}`;
  return n.type === 'membership_request' ? `${group}?tab=pending` : group;
}

/** The list behind the bell: newest first, unread ones marked; mark all read or clear. */
export function NotificationList({ notifications, isLoading, onOpenLink }: NotificationListProps) {
  const markRead = useMarkNotificationsRead();
  const clear = useClearNotificationsLocally();
  const items = notifications ?? [];
  const unread = items.filter((n) => !n.isRead);

  return (
    <div className="flex max-h-[min(28rem,calc(100dvh-6rem))] flex-col">
      {/* Wraps the actions under the title when a phone has no room for both (the unread badge included). */}
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-b border-asphalt-100 py-2.5 pr-2 pl-4">
        <h2 className="flex min-w-0 items-center gap-2 text-sm font-extrabold tracking-tight whitespace-nowrap text-asphalt-950">
          Notifications
          {unread.length > 0 ? (
            <span className="rounded-full bg-red-600 px-1.5 py-0.5 text-[11px] leading-none font-bold text-white tabular-nums">
              {unread.length} new
            </span>
          ) : null}
        </h2>
        {items.length > 0 ? (
          <div className="flex shrink-0 items-center gap-0.5 whitespace-nowrap">
            <button
              type="button"
              onClick={() => markRead(unread.map((n) => n.id))}
              disabled={unread.length === 0}
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-asphalt-600 transition-colors hover:bg-asphalt-100 hover:text-asphalt-900 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent"
            >
              <CheckCheck className="size-3.5" aria-hidden="true" />
              Mark all read
            </button>
            <button
              type="button"
              onClick={clear}
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-asphalt-600 transition-colors hover:bg-asphalt-100 hover:text-asphalt-900"
            >
              <Trash2 className="size-3.5" aria-hidden="true" />
              Clear
            </button>
          </div>
        ) : null}
      </div>

      {isLoading ? (
        <div className="flex justify-center px-4 py-10">
          <Spinner label="Loading notifications" />
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-10 text-center">
          <BellOff className="size-8 text-asphalt-300" aria-hidden="true" />
          <p className="mt-3 text-sm font-semibold text-asphalt-700">No notifications</p>
          <p className="mt-1 text-xs text-asphalt-500">New rides, polls and members will show up here.</p>
        </div>
      ) : (
        <ul className="overflow-y-auto overscroll-contain py-1" aria-label="Notifications">
          {items.map((n) => {
            const href = notificationHref(n);
            const className = cn(
              'relative flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-asphalt-50 focus-visible:bg-asphalt-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ignition-500',
              !n.isRead && 'bg-ignition-50/70',
            );
            const body = (
              <>
                <NotificationIcon type={n.type} />
                <span className="min-w-0 flex-1">
                  {/* Named by what it shows (label in name, WCAG 2.5.3), with its state first for screen readers. */}
                  {n.isRead ? null : (
                    <>
                      <span className="sr-only">Unread:</span>{' '}
                    </>
                  )}
                  <span
                    className={cn('block text-sm leading-5 break-words', n.isRead ? 'font-medium text-asphalt-700' : 'font-bold text-asphalt-950')}
                  >
                    {n.title}
                  </span>{' '}
                  <span className="mt-0.5 block text-sm leading-5 break-words text-asphalt-600">{n.message}</span>{' '}
                  <time dateTime={n.createdAt} className="mt-1 block text-xs text-asphalt-500">
                    {timeAgo(n.createdAt)}
                  </time>
                </span>
                {n.isRead ? null : <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-ignition-500" aria-hidden="true" />}
                {href ? <ChevronRight className="mt-1 size-4 shrink-0 text-asphalt-400" aria-hidden="true" /> : null}
              </>
            );
            return (
              <li key={n.id}>
                {href ? (
                  <Link
                    to={href}
                    onClick={() => {
                      markRead(n.id);
                      onOpenLink?.();
                    }}
                    className={className}
                  >
                    {body}
                  </Link>
                ) : (
                  <button type="button" onClick={() => markRead(n.id)} className={className}>
                    {body}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

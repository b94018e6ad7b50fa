import { Link } from 'react-router';
import { BellOff, ChevronRight, Trash2 } from 'lucide-react';
import { notificationTexts, type Notification } from '../../../../shared/notifications/notification';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { timeAgo } from '../../../lib/format';
import { useClearNotificationsLocally, useMarkNotificationsRead } from '../../../api/notifications';
import { NotificationIcon } from './notification-icon';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { notificationHref } from '../../../../shared/notifications/notification-href';

export { notificationHref };

interface NotificationListProps {
  notifications: Notification[] | undefined;
  isLoading: boolean;
  /** Called when a notification is opened (it leads somewhere): the bell closes its list. */
  onOpenLink?: () => void;
  /** Ones that were unread when the list opened: opening marked them read, they still show as new. */
  freshIds?: ReadonlySet<string>;
}

const NO_IDS: ReadonlySet<string> = new Set();

/**
 * The list behind the bell: newest first, new ones marked; clear. Opening the list marks what it
 * shows read (the bell does it), so it has no "mark all read"; the ones new at opening keep their mark.
 */
export function NotificationList({ notifications, isLoading, onOpenLink, freshIds = NO_IDS }: NotificationListProps) {
  const { t, i18n } = useLingui();
  const markRead = useMarkNotificationsRead();
  const clear = useClearNotificationsLocally();
  const items = notifications ?? [];
  const isNew = (n: Notification) => !n.isRead || freshIds.has(n.id);
  const newCount = items.filter(isNew).length;

  return (
    <div className="flex max-h-[min(28rem,calc(100dvh-6rem))] flex-col">
      <div className="flex items-center gap-2 border-b border-asphalt-100 py-2.5 pe-2 ps-4">
        <h2 className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1 text-sm font-extrabold tracking-tight text-asphalt-950">
          <Trans>Notifications</Trans>
          {newCount > 0 ? (
            <span className="rounded-full bg-red-600 px-1.5 py-0.5 text-[11px] leading-none font-bold whitespace-nowrap text-white tabular-nums">
              <Plural value={newCount} one="# new" other="# new" />
            </span>
          ) : null}
        </h2>
        {items.length > 0 ? (
          <button
            type="button"
            onClick={clear}
            className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold whitespace-nowrap text-asphalt-600 transition-colors hover:bg-asphalt-100 hover:text-asphalt-900"
          >
            <Trash2 className="size-3.5" aria-hidden="true" />
            <Trans>Clear</Trans>
          </button>
        ) : null}
      </div>

      {isLoading ? (
        <div className="flex justify-center px-4 py-10">
          <Spinner label={t`Loading notifications`} />
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-10 text-center">
          <BellOff className="size-8 text-asphalt-300" aria-hidden="true" />
          <p className="mt-3 text-sm font-semibold text-asphalt-700">
            <Trans>No notifications</Trans>
          </p>
          <p className="mt-1 text-xs text-asphalt-500">
            <Trans>New rides, polls and members will show up here.</Trans>
          </p>
        </div>
      ) : (
        <ul className="overflow-y-auto overscroll-contain py-1" aria-label={t`Notifications`} data-notification-list="">
          {items.map((n) => {
            const href = notificationHref(n);
            const className = cn(
              'relative flex w-full items-start gap-3 px-4 py-3 text-start transition-colors hover:bg-asphalt-50 focus-visible:bg-asphalt-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ignition-500',
              isNew(n) && 'bg-ignition-50/70',
            );
            const body = (
              <>
                <NotificationIcon type={n.type} />
                <span className="min-w-0 flex-1">
                  {/* Named by what it shows (label in name, WCAG 2.5.3), with its state first for screen readers. */}
                  {isNew(n) ? (
                    <>
                      <span className="sr-only">
                        <Trans>New:</Trans>
                      </span>{' '}
                    </>
                  ) : null}
                  <span
                    className={cn('block text-sm leading-5 break-words', isNew(n) ? 'font-bold text-asphalt-950' : 'font-medium text-asphalt-700')}
                  >
                    {notificationTexts(i18n, n).title}
                  </span>{' '}
                  <span className="mt-0.5 block text-sm leading-5 break-words text-asphalt-600">{notificationTexts(i18n, n).message}</span>{' '}
                  <time dateTime={n.createdAt} className="mt-1 block text-xs text-asphalt-500">
                    {timeAgo(n.createdAt)}
                  </time>
                </span>
                {!isNew(n) ? null : <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-ignition-500" aria-hidden="true" />}
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

import { useEffect, useState } from 'react';
import { Popover } from 'radix-ui';
import { Bell } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { DARK_ICON_BUTTON_CLASSES } from '../../../components/ui/button';
import { SpinnerSuspense } from '../../../components/ui/spinner';
import { lazyPart } from '../../../components/lazy-part';
import { useMarkNotificationsRead, useNotifications } from '../../../api/notifications';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

/*
 * The list and the notifications' texts (shared/notifications/notification-types.ts, with their
 * messages) load apart from the first load (its budget: docs/web.md "First paint"), fetched as soon
 * as the bell has painted, so the list is there when the rider opens it.
 */
const loadList = () => import('./notification-list');
const NotificationList = lazyPart(() => loadList().then((module) => ({ default: module.NotificationList })));

interface NotificationBellProps {
  className?: string;
  /** Where the list opens relative to the bell. */
  side?: 'top' | 'bottom' | 'right';
  align?: 'start' | 'center' | 'end';
}

/**
 * Opening the list puts the focus on the newest notification, which is what the rider came for
 * and what a screen reader then reads. Radix's default, the first focusable element, was Clear: a
 * second press of Enter or Space emptied the list unread. With no notification the default stays.
 */
function focusNewest(event: Event) {
  const newest = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('ul[data-notification-list] > li > :is(a, button)');
  if (!newest) return;
  event.preventDefault();
  newest.focus();
}

/** The bell with a red unread-count badge; opens the notification list (Radix Popover). */
export function NotificationBell({ className, side = 'bottom', align = 'end' }: NotificationBellProps) {
  const { t } = useLingui();
  const { data, isPending } = useNotifications(true);
  const unread = data?.filter((n) => !n.isRead).length ?? 0;
  // The visible badge (the count) is part of the name, not in parentheses (WCAG 2.5.3, label in name).
  const label = unread > 0 ? t`Notifications, ${plural(unread, { one: '# unread', other: '# unread' })}` : t`Notifications`;
  const [open, setOpen] = useState(false);
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  const markRead = useMarkNotificationsRead();
  useEffect(() => {
    void loadList();
  }, []);

  // Opening the list marks what it shows read (a toast that timed out did not); they keep their
  // "new" mark while it stays open. Escape or a click outside closes it, and focus returns to the bell (Radix).
  const onOpenChange = (next: boolean) => {
    if (next) {
      const unreadIds = (data ?? []).filter((n) => !n.isRead).map((n) => n.id);
      setFreshIds(new Set(unreadIds));
      if (unreadIds.length > 0) markRead(unreadIds);
    }
    setOpen(next);
  };

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        aria-label={label}
        className={cn(DARK_ICON_BUTTON_CLASSES, 'relative shrink-0 data-[state=open]:bg-white/10 data-[state=open]:text-white', className)}
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1 end-1 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white tabular-nums ring-2 ring-asphalt-900"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side={side}
          align={align}
          sideOffset={8}
          collisionPadding={12}
          aria-label={t`Notifications`}
          onOpenAutoFocus={focusNewest}
          className="z-[110] w-[min(24rem,calc(100vw-1.5rem))] overflow-hidden rounded-xl border border-asphalt-200 bg-white shadow-2xl shadow-asphalt-950/25 data-[state=open]:animate-pop-in"
        >
          <SpinnerSuspense label={t`Loading notifications`} className="px-4 py-10">
            <NotificationList notifications={data} isLoading={isPending} freshIds={freshIds} onOpenLink={() => setOpen(false)} />
          </SpinnerSuspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

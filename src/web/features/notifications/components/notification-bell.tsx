import { useState } from 'react';
import { Popover } from 'radix-ui';
import { Bell } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { useNotifications } from '../api/get-notifications';
import { NotificationList } from './notification-list';

interface NotificationBellProps {
  className?: string;
  /** Where the list opens relative to the bell. */
  side?: 'top' | 'bottom' | 'right';
  align?: 'start' | 'center' | 'end';
}

/** The bell with a red unread-count badge; opens the notification list (Radix Popover). */
export function NotificationBell({ className, side = 'bottom', align = 'end' }: NotificationBellProps) {
  const { data, isPending } = useNotifications(true);
  const unread = data?.filter((n) => !n.isRead).length ?? 0;
  // The visible badge (the count) is part of the name, not in parentheses (WCAG 2.5.3, label in name).
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  const [open, setOpen] = useState(false);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={label}
        className={cn(
          'relative inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-asphalt-200 transition-colors hover:bg-white/10 hover:text-white data-[state=open]:bg-white/10 data-[state=open]:text-white',
          className,
        )}
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white tabular-nums ring-2 ring-asphalt-900"
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
          className="z-[110] w-[min(24rem,calc(100vw-1.5rem))] overflow-hidden rounded-xl border border-asphalt-200 bg-white shadow-2xl shadow-asphalt-950/25 data-[state=open]:animate-pop-in"
        >
          <NotificationList notifications={data} isLoading={isPending} onOpenLink={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

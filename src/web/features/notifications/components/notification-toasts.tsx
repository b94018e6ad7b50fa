import { useCallback, useEffect, useRef, useState } from 'react';
import type { Notification } from '../../../../shared/notifications/notification';
import { ToastCard } from '../../../components/ui/toast';
import { useLiveNotifications } from '../../../lib/live-notifications';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notification-read';
import { useNotificationStream } from '../api/notification-stream';
import { NotificationIcon } from './notification-icon';

/** Spec 1 section 9. */
export const MAX_NOTIFICATION_TOASTS = 3;
export const TOAST_ENTER_DELAY_MS = 100;
export const TOAST_EXIT_MS = 300;
export const NOTIFICATION_TOAST_DURATION_MS = 5000;

/** Ids already shown as a toast during this page load: none is shown twice. */
const shownIds = new Set<string>();

/**
 * Notification toasts: on load up to 3 unread ones, then every one the stream delivers.
 * At most 3 at once; dismissing one (close, timeout or swipe) marks it read.
 */
export function NotificationToasts({ sessionKey }: { sessionKey: string }) {
  const { data } = useNotifications(true);
  const [queue, setQueue] = useState<Notification[]>([]);

  const enqueue = useCallback((incoming: Notification[]) => {
    const fresh = incoming.filter((n) => !shownIds.has(n.id));
    if (fresh.length === 0) return;
    for (const n of fresh) shownIds.add(n.id);
    setQueue((current) => [...current, ...fresh].slice(-MAX_NOTIFICATION_TOASTS));
  }, []);

  // On load: up to 3 unread, newest first (the list comes newest first).
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!data || loadedFor.current === sessionKey) return;
    loadedFor.current = sessionKey;
    enqueue(data.filter((n) => !n.isRead).slice(0, MAX_NOTIFICATION_TOASTS));
  }, [data, sessionKey, enqueue]);

  useNotificationStream(sessionKey, (notification) => enqueue([notification]));

  const remove = useCallback((id: string) => setQueue((current) => current.filter((n) => n.id !== id)), []);
  // A notification taken back (a withdrawn membership request) leaves the screen too.
  useLiveNotifications((event) => {
    if (event.kind === 'removed') remove(event.removed.id);
  });

  return (
    <>
      {queue.map((notification) => (
        <NotificationToast key={notification.id} notification={notification} onRemoved={remove} />
      ))}
    </>
  );
}

function NotificationToast({ notification, onRemoved }: { notification: Notification; onRemoved: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  const [closing, setClosing] = useState(false);
  const markRead = useMarkNotificationsRead();

  useEffect(() => {
    const timer = setTimeout(() => setOpen(true), TOAST_ENTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => onRemoved(notification.id), TOAST_EXIT_MS);
    return () => clearTimeout(timer);
  }, [closing, notification.id, onRemoved]);

  return (
    <ToastCard
      open={open}
      onOpenChange={(next) => {
        if (next || closing) return;
        setOpen(false);
        setClosing(true);
        markRead(notification.id);
      }}
      type="background"
      duration={NOTIFICATION_TOAST_DURATION_MS}
      closeLabel="Dismiss notification"
      title={notification.title}
      description={notification.message}
      icon={<NotificationIcon type={notification.type} />}
    />
  );
}

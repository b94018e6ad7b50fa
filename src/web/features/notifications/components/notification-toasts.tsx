import { lazy, useCallback, useEffect, useState } from 'react';
import type { Notification } from '../../../../shared/notifications/notification';
import { useToasts } from '../../../components/ui/toast-store';
import { useLiveNotifications } from '../../../lib/live-notifications';
import { useNotificationStream } from '../../../api/notifications';
import { QuietPart } from '../../../components/part-boundary';
import { useMediaQuery } from '../../../lib/use-media-query';

/*
 * A toast's card and the notifications' texts (shared/notifications/notification-types.ts, with
 * their messages) load apart from the first load (its budget: docs/web.md "First paint"), fetched
 * once the page has painted, so they are there when the first notification comes.
 */
const loadToast = () => import('./notification-toast');
const NotificationToast = lazy(() => loadToast().then((module) => ({ default: module.NotificationToast })));

/** Spec 1 section 9 on a wide screen; a phone shows one at a time (it would cover the page otherwise). */
export const MAX_NOTIFICATION_TOASTS = 3;
export const MAX_NOTIFICATION_TOASTS_PHONE = 1;
/** Below Tailwind's `sm` the toast spans the screen under the phone header. */
export const PHONE_QUERY = '(max-width: 639.98px)';
export { NOTIFICATION_TOAST_DURATION_MS, TOAST_ENTER_DELAY_MS, TOAST_EXIT_MS } from './notification-toast-timing';

/**
 * Notification toasts: only those the stream delivers while the page is open. Unread ones are not
 * replayed on load (the bell's count says them). A toast that closes (timeout, close button, swipe)
 * leaves its notification unread: it is read when the rider opens the list or opens it (clicking
 * the toast opens what it names). A notification that counts on (a rider uploading more files)
 * updates its toast, or shows it again. At most 3 at once, 1 on a phone (the newest replaces, and
 * an app message showing there goes first).
 */
export function NotificationToasts({ sessionKey }: { sessionKey: string }) {
  const phone = useMediaQuery(PHONE_QUERY) === true;
  // On a phone an app message ("Joined ride") is the one toast: notifications wait until it is gone.
  const appToastShown = useToasts().some((t) => t.open);
  const limit = phone ? (appToastShown ? 0 : MAX_NOTIFICATION_TOASTS_PHONE) : MAX_NOTIFICATION_TOASTS;
  const [queue, setQueue] = useState<Notification[]>([]);

  useNotificationStream(sessionKey, (notification, previous) =>
    setQueue((current) => {
      // Read already (settled elsewhere): nothing to tell; a toast of it on screen goes.
      if (notification.isRead) return current.filter((n) => n.id !== notification.id);
      // An update that adds nothing (a file deleted counts one less) changes the list, not the screen.
      if (previous && (notification.count ?? 1) <= (previous.count ?? 1)) return current.filter((n) => n.id !== notification.id);
      // An update of a notification on screen replaces it where it is (its timer starts again: keyed by count).
      if (current.some((n) => n.id === notification.id)) return current.map((n) => (n.id === notification.id ? notification : n));
      return [...current, notification];
    }),
  );

  const remove = useCallback((id: string) => setQueue((current) => current.filter((n) => n.id !== id)), []);
  // A notification taken back (a withdrawn request, a deleted ride) leaves the screen too.
  useLiveNotifications((event) => {
    if (event.kind === 'removed') remove(event.removed.id);
  });

  useEffect(() => {
    void loadToast();
  }, []);

  return (
    <QuietPart>
      {queue.slice(Math.max(0, queue.length - limit)).map((notification) => (
        <NotificationToast key={`${notification.id}:${notification.count ?? 1}`} notification={notification} onRemoved={remove} />
      ))}
    </QuietPart>
  );
}

import { useEffect, useEffectEvent } from 'react';
import type { Notification, NotificationRemoved } from '../../shared/notifications/notification';

/**
 * What the notification stream heard, handed to any screen that cares (features do not import
 * each other: the notifications feature publishes, the groups feature listens). A hint to refetch
 * what the server holds, never data to show as it is.
 */
export type LiveNotificationEvent = { kind: 'added'; notification: Notification } | { kind: 'removed'; removed: NotificationRemoved };

const listeners = new Set<(event: LiveNotificationEvent) => void>();

export function publishLiveNotification(event: LiveNotificationEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      console.error('Live notification listener failed', error);
    }
  }
}

/** Calls `onEvent` (latest render's) for each notification the stream delivers or takes back while mounted. */
export function useLiveNotifications(onEvent: (event: LiveNotificationEvent) => void): void {
  const handle = useEffectEvent(onEvent);
  useEffect(() => {
    const listener = (event: LiveNotificationEvent) => handle(event);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}

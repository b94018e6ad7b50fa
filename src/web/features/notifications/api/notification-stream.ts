import { useEffect, useEffectEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_EVENT, NOTIFICATION_REMOVED_EVENT, type Notification, type NotificationRemoved } from '../../../../shared/notifications/notification';
import { publishLiveNotification } from '../../../lib/live-notifications';
import { notificationsQueryOptions } from './get-notifications';

export const NOTIFICATION_STREAM_URL = '/api/notifications/stream';

/**
 * GET /api/notifications/stream (Server-Sent Events). Each `notification` event goes to the
 * front of the cached list and is handed to `onNotification` (which shows it as a toast); each
 * `notification-removed` event (a membership request withdrawn) leaves the list. Both are also
 * published to `lib/live-notifications`, so open screens refetch what they concern.
 * `sessionKey` (the rider's id) reopens the stream when the account changes; null closes it.
 */
export function useNotificationStream(sessionKey: string | null, onNotification: (notification: Notification) => void) {
  const queryClient = useQueryClient();
  const handle = useEffectEvent(onNotification);

  useEffect(() => {
    if (!sessionKey || typeof EventSource === 'undefined') return;
    const source = new EventSource(NOTIFICATION_STREAM_URL);
    const listener = (event: MessageEvent<string>) => {
      let notification: Notification;
      try {
        notification = JSON.parse(event.data) as Notification;
      } catch (error) {
        console.error('Unreadable notification event', error);
        return;
      }
      queryClient.setQueryData(notificationsQueryOptions().queryKey, (list) =>
        list === undefined || list.some((n) => n.id === notification.id) ? list : [notification, ...list],
      );
      handle(notification);
      publishLiveNotification({ kind: 'added', notification });
    };
    const removedListener = (event: MessageEvent<string>) => {
      let removed: NotificationRemoved;
      try {
        removed = JSON.parse(event.data) as NotificationRemoved;
      } catch (error) {
        console.error('Unreadable notification event', error);
        return;
      }
      queryClient.setQueryData(notificationsQueryOptions().queryKey, (list) => list?.filter((n) => n.id !== removed.id));
      publishLiveNotification({ kind: 'removed', removed });
    };
    source.addEventListener(NOTIFICATION_EVENT, listener);
    source.addEventListener(NOTIFICATION_REMOVED_EVENT, removedListener);
    return () => {
      source.removeEventListener(NOTIFICATION_EVENT, listener);
      source.removeEventListener(NOTIFICATION_REMOVED_EVENT, removedListener);
      source.close();
    };
  }, [sessionKey, queryClient]);
}

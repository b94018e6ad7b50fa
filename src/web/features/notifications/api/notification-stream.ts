import { useEffect, useEffectEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_EVENT, type Notification } from '../../../../shared/notifications/notification';
import { notificationsQueryOptions } from './get-notifications';

export const NOTIFICATION_STREAM_URL = '/api/notifications/stream';

/**
 * GET /api/notifications/stream (Server-Sent Events). Each `notification` event goes to the
 * front of the cached list and is handed to `onNotification` (which shows it as a toast).
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
    };
    source.addEventListener(NOTIFICATION_EVENT, listener);
    return () => {
      source.removeEventListener(NOTIFICATION_EVENT, listener);
      source.close();
    };
  }, [sessionKey, queryClient]);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Notification } from '../../../../shared/notifications/notification';
import { apiGet } from '../../../lib/api-client';

/** GET /api/notifications: newest first. Loaded once per session (data never goes stale). */
export function getNotifications(): Promise<Notification[]> {
  return apiGet<Notification[]>('/api/notifications');
}

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: ['notifications'] as const,
    queryFn: () =>
      getNotifications().catch((error: unknown) => {
        // Spec 1 section 8: a fetch failure is logged only; the bell just shows no items.
        console.error('Failed to load notifications', error);
        throw error;
      }),
  });
}

export function useNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions(), enabled });
}

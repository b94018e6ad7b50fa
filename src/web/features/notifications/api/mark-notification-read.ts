import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Notification } from '../../../../shared/notifications/notification';
import { apiRequest } from '../../../lib/api-client';
import { notificationsQueryOptions } from './get-notifications';

/** PATCH /api/notifications/{id}/read. The answer is not read. */
export async function markNotificationRead(id: string): Promise<void> {
  await apiRequest(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'PATCH' });
}

function setReadLocally(queryClient: QueryClient, ids: ReadonlySet<string>) {
  queryClient.setQueryData(notificationsQueryOptions().queryKey, (list) =>
    list?.map((n) => (ids.has(n.id) && !n.isRead ? { ...n, isRead: true } : n)),
  );
}

/**
 * Marks notifications read: the cache changes at once, then the server is told. Nothing is
 * reverted when the server call fails (spec 1 section 4); the failure is only logged.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (ids: string[]) => Promise.all(ids.map(markNotificationRead)),
    onMutate: (ids) => setReadLocally(queryClient, new Set(ids)),
    onError: (error) => console.error('Failed to mark notification as read', error),
  });

  return (ids: string | string[]) => {
    const wanted = new Set(Array.isArray(ids) ? ids : [ids]);
    const cached = queryClient.getQueryData<Notification[]>(notificationsQueryOptions().queryKey);
    // Skip the ones already read in the cache; ones not cached (yet) are told to the server anyway.
    const toMark = [...wanted].filter((id) => !cached?.some((n) => n.id === id && n.isRead));
    if (toMark.length > 0) mutation.mutate(toMark);
  };
}

/** The list can be cleared locally (spec 1 section 4); the server keeps them. */
export function useClearNotificationsLocally() {
  const queryClient = useQueryClient();
  return () => queryClient.setQueryData(notificationsQueryOptions().queryKey, []);
}

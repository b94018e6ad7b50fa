import { useEffect, useEffectEvent } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationRemoved } from '../../shared/notifications/notification';
import { NOTIFICATION_EVENT, NOTIFICATION_REMOVED_EVENT } from '../../shared/notifications/notification-events';
import { apiGet, apiRequest } from '../lib/api-client';
import { publishLiveNotification } from '../lib/live-notifications';
import { notificationsKeys } from './query-keys';

export { notificationsKeys };

/** GET /api/notifications: newest first. Loaded once per session (data never goes stale). */
export function getNotifications(): Promise<Notification[]> {
  return apiGet<Notification[]>('/api/notifications');
}

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationsKeys.all,
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

export const NOTIFICATION_STREAM_URL = '/api/notifications/stream';

/**
 * One stream per page, shared by every subscriber. A page gets six connections per host over
 * HTTP/1.1, and an EventSource holds one for as long as it is open: when the shell's subtree was
 * mounted again without its effects being cleaned up (seen after accepting an invitation), every
 * mount kept a stream of its own, six of them took every connection, and the next navigation
 * waited forever. `sessionKey` (the rider's id) reopens it when the account changes.
 */
interface SharedStream {
  sessionKey: string;
  source: EventSource;
  subscribers: Set<StreamSubscriber>;
}
let shared: SharedStream | null = null;

/** Called with each notification the stream delivers and the one the list held under its id before (an update), if any. */
type StreamSubscriber = (notification: Notification, previous: Notification | undefined) => void;

/** Hands the JSON of each `name` event on the stream to `handle`; an unreadable one is logged and skipped. */
function onStreamEvent<T>(source: EventSource, name: string, handle: (data: T) => void) {
  source.addEventListener(name, (event: MessageEvent<string>) => {
    let data: T;
    try {
      data = JSON.parse(event.data) as T;
    } catch (error) {
      console.error('Unreadable notification event', error);
      return;
    }
    handle(data);
  });
}

function openStream(sessionKey: string, queryClient: QueryClient): SharedStream {
  const source = new EventSource(NOTIFICATION_STREAM_URL);
  const stream: SharedStream = { sessionKey, source, subscribers: new Set() };
  onStreamEvent<Notification>(source, NOTIFICATION_EVENT, (notification) => {
    // A notification comes again with the same id when it changed (more files counted, read elsewhere): it replaces the old one, newest first.
    const previous = queryClient.getQueryData(notificationsQueryOptions().queryKey)?.find((n) => n.id === notification.id);
    queryClient.setQueryData(notificationsQueryOptions().queryKey, (list) =>
      list === undefined ? list : [notification, ...list.filter((n) => n.id !== notification.id)].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    );
    for (const subscriber of [...stream.subscribers]) subscriber(notification, previous);
    publishLiveNotification({ kind: 'added', notification });
  });
  onStreamEvent<NotificationRemoved>(source, NOTIFICATION_REMOVED_EVENT, (removed) => {
    queryClient.setQueryData(notificationsQueryOptions().queryKey, (list) => list?.filter((n) => n.id !== removed.id));
    publishLiveNotification({ kind: 'removed', removed });
  });
  return stream;
}

function subscribe(sessionKey: string, queryClient: QueryClient, subscriber: StreamSubscriber): () => void {
  if (shared && shared.sessionKey !== sessionKey) {
    shared.source.close();
    shared = null;
  }
  shared ??= openStream(sessionKey, queryClient);
  const stream = shared;
  stream.subscribers.add(subscriber);
  return () => {
    stream.subscribers.delete(subscriber);
    if (stream.subscribers.size === 0 && shared === stream) {
      stream.source.close();
      shared = null;
    }
  };
}

/**
 * GET /api/notifications/stream (Server-Sent Events). Each `notification` event goes to the
 * front of the cached list and is handed to `onNotification` (which shows it as a toast); each
 * `notification-removed` event (a membership request withdrawn) leaves the list. Both are also
 * published to `lib/live-notifications`, so open screens refetch what they concern.
 * null `sessionKey` subscribes to nothing.
 */
export function useNotificationStream(sessionKey: string | null, onNotification: StreamSubscriber) {
  const queryClient = useQueryClient();
  const handle = useEffectEvent(onNotification);

  useEffect(() => {
    if (!sessionKey || typeof EventSource === 'undefined') return;
    return subscribe(sessionKey, queryClient, (notification, previous) => handle(notification, previous));
  }, [sessionKey, queryClient]);
}

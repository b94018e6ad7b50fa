import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { NOTIFICATION_EVENT, type Notification } from '../../../../shared/notifications/notification';
import { json, mockApi, renderWithApp } from '../../../test/utils';
import { dismissToast, resetToasts, toast } from '../../../components/ui/toast-store';
import { notificationsQueryOptions } from '../../../api/notifications';
import { NotificationBell } from './notification-bell';
import { NOTIFICATION_TOAST_DURATION_MS, NotificationToasts, PHONE_QUERY } from './notification-toasts';

// The app fetches the list and the toast card as soon as it has painted (notification-bell.tsx,
// notification-toasts.tsx); here they are in before the first render, as they are for a rider.
beforeAll(async () => {
  await Promise.all([import('./notification-toast'), import('./notification-list')]);
});


/** The page's one EventSource, driven by the test. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  constructor(public url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {}
  emit(notification: Notification) {
    act(() => {
      for (const listener of this.listeners.get(NOTIFICATION_EVENT) ?? []) listener(new MessageEvent(NOTIFICATION_EVENT, { data: JSON.stringify(notification) }));
    });
  }
}

function phoneWidth(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone && query === PHONE_QUERY, addEventListener: () => {}, removeEventListener: () => {} }));
}

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeEventSource.last = null;
});

function notification(id: string, isRead = false, extra: Partial<Notification> = {}): Notification {
  return { id, type: 'ride_created', title: `Title ${id}`, message: `Message ${id}`, isRead, createdAt: '2025-06-01T10:00:00.000Z', ...extra };
}

/**
 * NotificationToasts on a phone or a wide screen, once its event stream is open; `api` answers the
 * page's requests and `cached` is the notification list already loaded.
 */
async function renderToasts(sessionKey: string, { phone = false, api = {}, cached }: { phone?: boolean; api?: Parameters<typeof mockApi>[0]; cached?: Notification[] } = {}) {
  phoneWidth(phone);
  FakeEventSource.last = null;
  const requests = mockApi(api);
  const rendered = renderWithApp(<NotificationToasts sessionKey={sessionKey} />);
  if (cached) rendered.queryClient.setQueryData(notificationsQueryOptions().queryKey, cached);
  await vi.waitFor(() => expect(FakeEventSource.last).not.toBeNull());
  return { ...rendered, requests, stream: FakeEventSource.last! };
}

const toastTitles = () => screen.queryAllByRole('button', { name: 'Dismiss notification' }).map((b) => b.closest('li')?.textContent ?? '');

describe('NotificationToasts', () => {
  it('does not replay unread notifications on load: the bell counts them', async () => {
    phoneWidth(false);
    mockApi({ 'GET /api/notifications': () => json([notification('a'), notification('b'), notification('c', true)]) });
    renderWithApp(
      <>
        <NotificationBell />
        <NotificationToasts sessionKey="session-1" />
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
    expect(FakeEventSource.last).not.toBeNull();
    expect(screen.queryByText('Title a')).toBeNull();
    expect(toastTitles()).toEqual([]);
  });

  it('shows a live notification once; clicking it opens what it names and marks it read', async () => {
    const { router, requests, stream } = await renderToasts('session-2', { api: { 'PATCH /api/notifications/r1/read': () => json({ success: true }) } });
    const live = notification('r1', false, {
      title: 'New Ride Created',
      message: 'Futa Pass Loop has been added to your group',
      subject: { kind: 'ride', groupId: 'g', groupSlug: 'night-riders', groupName: 'Night Riders', riderHandle: null, rideId: 'r', rideSlug: 'futa-pass-loop', rideName: 'Futa Pass Loop' },
    });
    stream.emit(live);
    const link = await screen.findByRole('link', { name: 'New Ride Created' });
    expect(link.getAttribute('href')).toBe('/groups/night-riders/rides/futa-pass-loop');
    expect(screen.getAllByText('New Ride Created')).toHaveLength(1);

    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups/night-riders/rides/futa-pass-loop'));
    await waitFor(() => expect(requests.map((r) => `${r.method} ${r.url}`)).toContain('PATCH /api/notifications/r1/read'));
  });

  it('leaves the notification unread when its toast times out or is dismissed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { queryClient, requests, stream } = await renderToasts('session-3', { api: { 'GET /api/notifications': () => json([]) }, cached: [] });
    stream.emit(notification('t1'));
    stream.emit(notification('t2'));
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.getByText('Title t1')).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[1]!);
    await act(async () => vi.advanceTimersByTime(NOTIFICATION_TOAST_DURATION_MS + 1000));
    expect(screen.queryByText('Title t1')).toBeNull();
    expect(screen.queryByText('Title t2')).toBeNull();

    const cached = queryClient.getQueryData(notificationsQueryOptions().queryKey);
    expect(cached?.map((n) => [n.id, n.isRead])).toEqual([
      ['t2', false],
      ['t1', false],
    ]);
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('shows one at a time on a phone (the newest), up to three on a wide screen', async () => {
    const phone = await renderToasts('session-4', { phone: true });
    for (const id of ['p1', 'p2', 'p3']) phone.stream.emit(notification(id));
    await waitFor(() => expect(screen.getByText('Title p3')).toBeTruthy());
    expect(screen.queryByText('Title p1')).toBeNull();
    expect(screen.queryByText('Title p2')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(1);
    cleanup();

    const wide = await renderToasts('session-5');
    for (const id of ['w1', 'w2', 'w3', 'w4']) wide.stream.emit(notification(id));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(3));
    expect(screen.queryByText('Title w1')).toBeNull();
  });

  it('updates the toast of a notification that counts on (more files uploaded)', async () => {
    const { stream } = await renderToasts('session-6', { phone: true });
    const upload = (count: number) =>
      notification('u1', false, { type: 'media_uploaded', title: 'New Media', message: `ana uploaded ${count} ${count === 1 ? 'file' : 'files'} to Futa Pass Loop`, count });
    stream.emit(upload(1));
    expect(await screen.findByText('ana uploaded 1 file to Futa Pass Loop')).toBeTruthy();
    stream.emit(upload(2));
    expect(await screen.findByText('ana uploaded 2 files to Futa Pass Loop')).toBeTruthy();
    expect(screen.queryByText('ana uploaded 1 file to Futa Pass Loop')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(1);
  });

  it('does not toast a notification that arrives read (settled elsewhere), and takes its toast away', async () => {
    const { stream } = await renderToasts('session-7');
    stream.emit(notification('s1'));
    expect(await screen.findByText('Title s1')).toBeTruthy();
    stream.emit(notification('s1', true));
    await waitFor(() => expect(screen.queryByText('Title s1')).toBeNull());
    stream.emit(notification('s2', true));
    expect(screen.queryByText('Title s2')).toBeNull();
  });

  it('on a phone, waits while an app message is the one toast', async () => {
    resetToasts();
    const { stream } = await renderToasts('session-8', { phone: true });
    let appToast = 0;
    act(() => {
      appToast = toast({ title: 'Joined ride' });
    });
    stream.emit(notification('q1'));
    expect(screen.queryByText('Title q1')).toBeNull();
    act(() => dismissToast(appToast));
    expect(await screen.findByText('Title q1')).toBeTruthy();
    resetToasts();
  });

  it('does not toast an update that counts fewer files (one was deleted)', async () => {
    const upload = (count: number) => notification('d1', false, { type: 'media_uploaded', title: 'New Media', message: `ana uploaded ${count} files`, count });
    const { queryClient, stream } = await renderToasts('session-9', { cached: [upload(3)] });
    stream.emit(upload(2));
    expect(queryClient.getQueryData(notificationsQueryOptions().queryKey)?.[0]?.count).toBe(2);
    expect(screen.queryByText('ana uploaded 2 files')).toBeNull();
    stream.emit(upload(3));
    expect(await screen.findByText('ana uploaded 3 files')).toBeTruthy();
  });
});

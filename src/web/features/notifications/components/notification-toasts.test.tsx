import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Notification } from '../../../../shared/notifications/notification';
import { json, mockApi, renderWithApp } from '../../../test/utils';
import { notificationsQueryOptions } from '../api/get-notifications';
import { NotificationToasts } from './notification-toasts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function notification(id: string, isRead = false, type = 'ride_created'): Notification {
  return { id, type, title: `Title ${id}`, message: `Message ${id}`, isRead, createdAt: '2025-06-01T10:00:00.000Z' };
}

describe('NotificationToasts', () => {
  it('shows at most 3 unread notifications as toasts on load, and dismissing one marks it read', async () => {
    const list = [notification('a'), notification('b', true), notification('c'), notification('d'), notification('e')];
    const requests = mockApi({
      'GET /api/notifications': () => json(list),
      'PATCH /api/notifications/c/read': () => json({ success: true }),
    });
    const { queryClient } = renderWithApp(<NotificationToasts sessionKey="session-1" />);

    expect(await screen.findByText('Title a')).toBeTruthy();
    expect(screen.getByText('Title c')).toBeTruthy();
    expect(screen.getByText('Title d')).toBeTruthy();
    expect(screen.queryByText('Title b')).toBeNull();
    expect(screen.queryByText('Title e')).toBeNull();

    const closeButtons = screen.getAllByRole('button', { name: 'Dismiss notification' });
    expect(closeButtons).toHaveLength(3);
    fireEvent.click(closeButtons[1]!);

    const cached = queryClient.getQueryData(notificationsQueryOptions().queryKey);
    expect(cached?.find((n) => n.id === 'c')?.isRead).toBe(true);
    await waitFor(() => expect(requests.map((r) => `${r.method} ${r.url}`)).toContain('PATCH /api/notifications/c/read'));
  });

  it('keeps the notification read locally when the server call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /api/notifications': () => json([notification('z1', false, 'something_new')]),
      'PATCH /api/notifications/z1/read': () => new Response('', { status: 500 }),
    });
    const { queryClient } = renderWithApp(<NotificationToasts sessionKey="session-2" />);

    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss notification' }));

    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(queryClient.getQueryData(notificationsQueryOptions().queryKey)?.[0]?.isRead).toBe(true);
  });
});

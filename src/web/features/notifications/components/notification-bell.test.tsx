import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '../../../../shared/notifications/notification';
import { json, mockApi, renderWithApp } from '../../../test/utils';
import { NotificationBell } from './notification-bell';

// The app fetches the list and the toast card as soon as it has painted (notification-bell.tsx,
// notification-toasts.tsx); here they are in before the first render, as they are for a rider.
beforeAll(async () => {
  await Promise.all([import('./notification-list')]);
});


afterEach(cleanup);

const note = (id: string, isRead: boolean): Notification => ({ id, type: 'poll_created', title: `Poll ${id}`, message: `Vote on: ${id}`, isRead, createdAt: '2025-06-01T10:00:00.000Z' });

describe('NotificationBell', () => {
  it('opening the list marks what it shows read, keeps them marked new while open; Escape closes it and focus returns to the bell', async () => {
    const requests = mockApi({
      'GET /api/notifications': () => json([note('a', false), note('b', false), note('c', true)]),
      'PATCH /api/notifications/a/read': () => json({ success: true }),
      'PATCH /api/notifications/b/read': () => json({ success: true }),
    });
    renderWithApp(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    fireEvent.click(bell);

    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('2 new')).toBeTruthy();
    expect(within(panel).getAllByText('New:')).toHaveLength(2);
    await waitFor(() => expect(requests.map((r) => `${r.method} ${r.url}`).sort()).toEqual(['GET /api/notifications', 'PATCH /api/notifications/a/read', 'PATCH /api/notifications/b/read']));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBe(bell);
    // The focus is on the newest notification, not on Clear (one more Enter would empty the list).
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Poll a'));
    expect(within(panel).getByRole('button', { name: /Clear/ })).not.toBe(document.activeElement);

    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
    expect(document.activeElement).toBe(bell);

    // Opened again, nothing is new.
    fireEvent.click(bell);
    const again = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(again).queryByText(/new$/)).toBeNull();
  });
});

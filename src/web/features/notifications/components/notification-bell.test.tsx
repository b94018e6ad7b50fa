import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '../../../../shared/notifications/notification';
import { json, mockApi, renderWithApp } from '../../../test/utils';
import { NotificationBell } from './notification-bell';
import { activateLocale } from '../../../lib/i18n/i18n';
import { resetTestLanguage } from '../../../test/language';

// The app fetches the list and the toast card as soon as it has painted (notification-bell.tsx,
// notification-toasts.tsx); here they are in before the first render, as they are for a rider.
beforeAll(async () => {
  await Promise.all([import('./notification-list')]);
});


afterEach(() => {
  cleanup();
  resetTestLanguage();
});

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

  it("words a series' repeat from its stored rule in the language switched to, at once, without reading the list again (issue 31)", async () => {
    const ride = { kind: 'ride' as const, groupId: 'g1', groupSlug: 'passo', groupName: 'Passo Club', riderHandle: 'ana', rideId: 'r1', rideSlug: 'futa', rideName: 'Sunday breakfast · Dec 6, 2026' };
    // As the server wrote them for a rider who reads English.
    const list: Notification[] = [
      { id: 's1', type: 'ride_created', title: 'New Ride Created', message: 'Sunday breakfast (monthly on the first Sunday from Dec 6, 2026) has been added to your group', isRead: true, createdAt: '2025-06-01T10:00:00.000Z', subject: ride, params: { ride: 'Sunday breakfast', repeat: 'FREQ=MONTHLY;INTERVAL=1;BYDAY=1SU', from: '2026-12-06' } },
      { id: 's2', type: 'series_handed_over', title: 'Series handed over', message: 'Sunday breakfast (Every Sunday) is yours: ana is no longer in Passo Club', isRead: true, createdAt: '2025-06-01T09:00:00.000Z', subject: ride, params: { series: 'Sunday breakfast', repeat: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SU', rider: 'ana', group: 'Passo Club' } },
    ];
    const requests = mockApi({ 'GET /api/notifications': () => json(list) });
    renderWithApp(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('Sunday breakfast (monthly on the first Sunday from Dec 6, 2026) has been added to your group')).toBeTruthy();

    await act(() => activateLocale('it'));
    expect(within(panel).getByText('Sunday breakfast (ogni mese, la prima domenica, dal 6 dic 2026) è stato aggiunto al tuo gruppo')).toBeTruthy();
    expect(within(panel).getByText(/^Sunday breakfast \(Ogni domenica\) ora è tua: ana non è più in Passo Club$/)).toBeTruthy();
    expect(within(panel).queryByText(/Sunday\)|first Sunday/)).toBeNull();
    expect(requests.filter((r) => r.url === '/api/notifications')).toHaveLength(1);
  });
});

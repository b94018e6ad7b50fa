import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Notification } from '../../../../shared/notifications/notification';
import { json, mockApi, renderWithApp } from '../../../test/utils';
import { NotificationList } from './notification-list';
import { activateLocale } from '../../../lib/i18n/i18n';
import { resetTestLanguage } from '../../../test/language';

afterEach(() => {
  cleanup();
  resetTestLanguage();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const subject = { kind: 'group' as const, groupId: 'g1', groupSlug: 'night-riders', groupName: 'Night Riders', riderHandle: 'gravelwolf4821', rideId: null, rideSlug: null, rideName: null };
const base = { isRead: false, createdAt: '2025-06-01T10:00:00.000Z' };

describe('NotificationList', () => {
  it('writes each notification from its type and parameters, with the names its subject has now, on the ride’s clock (issue 30 point 1)', () => {
    mockApi({});
    const ride = { ...subject, kind: 'ride' as const, rideId: 'r1', rideSlug: 'futa', rideName: 'Futa Pass (new name)' };
    const list: Notification[] = [
      { ...base, id: 'n1', type: 'ride_cancelled', title: '', message: '', subject: ride, params: { ride: 'Futa Pass', startAt: '2026-12-05T07:00:00.000Z', zone: 'UTC+02:00' } },
      { ...base, id: 'n2', type: 'ride_reminder', title: '', message: '', subject: ride, params: { ride: 'Futa Pass', daysLeft: 1 } },
    ];
    renderWithApp(<NotificationList notifications={list} isLoading={false} onOpenLink={vi.fn()} />);
    expect(screen.getByRole('link', { name: /New: Ride cancelled Futa Pass \(new name\) on Dec 5, 2026 was cancelled/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /New: Ride Tomorrow! Don't forget about Futa Pass \(new name\)/ })).toBeTruthy();
  });

  it("words a series' repeat from its stored rule in the rider's language, never an English label (issue 31)", async () => {
    mockApi({});
    await activateLocale('it');
    const ride = { ...subject, kind: 'ride' as const, rideId: 'r1', rideSlug: 'futa', rideName: 'Colazione in Futa · 6 dic 2026' };
    const worded = 'Colazione in Futa (ogni mese, la prima domenica, dal 6 dic 2026) è stato aggiunto al tuo gruppo';
    const list: Notification[] = [
      { ...base, id: 'n1', type: 'ride_created', title: 'Nuovo giro creato', message: worded, subject: ride, params: { ride: 'Colazione in Futa', repeat: 'FREQ=MONTHLY;INTERVAL=1;BYDAY=1SU', from: '2026-12-06' } },
    ];
    renderWithApp(<NotificationList notifications={list} isLoading={false} onOpenLink={vi.fn()} />);
    expect(await screen.findByText(worded)).toBeTruthy();
    expect(screen.queryByText(/Monthly|first Sunday/)).toBeNull();
  });

  it('opens a membership request on the group’s Pending Members tab, marks it read and closes', async () => {
    const requests = mockApi({ 'PATCH /api/notifications/n1/read': () => json({ success: true }) });
    const onOpenLink = vi.fn();
    const list: Notification[] = [
      { ...base, id: 'n1', type: 'membership_request', title: 'Membership request', message: 'gravelwolf4821 wants to join Night Riders', subject },
      { ...base, id: 'n2', type: 'membership_declined', title: 'Membership request declined', message: 'Your request to join Night Riders was declined', subject: { ...subject, riderHandle: null } },
      { ...base, id: 'n3', type: 'ride_created', title: 'New Ride Created', message: 'Coast run has been added to your group', isRead: true },
      { ...base, id: 'n4', type: 'poll_created', title: 'New Poll Created', message: 'Vote on: Dolomites weekend', subject: { ...subject, riderHandle: null } },
    ];
    const { router } = renderWithApp(<NotificationList notifications={list} isLoading={false} onOpenLink={onOpenLink} />);

    const request = screen.getByRole('link', { name: /New: Membership request gravelwolf4821 wants to join Night Riders/ });
    expect(request.getAttribute('href')).toBe('/groups/night-riders?tab=pending');
    expect(screen.getByRole('link', { name: /Membership request declined/ }).getAttribute('href')).toBe('/groups/night-riders');
    // A new poll opens where it can be voted on.
    expect(screen.getByRole('link', { name: /Vote on: Dolomites weekend/ }).getAttribute('href')).toBe('/groups/night-riders?tab=polls');
    // Without a subject there is nowhere to go: a button that marks it read.
    expect(screen.getByRole('button', { name: /New Ride Created/ })).toBeTruthy();

    fireEvent.click(request);
    expect(onOpenLink).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/groups/night-riders?tab=pending'));
    await waitFor(() => expect(requests.map((r) => `${r.method} ${r.url}`)).toContain('PATCH /api/notifications/n1/read'));
  });
});

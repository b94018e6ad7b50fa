import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, mockCurrentUser, renderWithApp } from '../../../test/utils';
import { resetToasts } from '../../../components/ui/toast-store';
import { ReminderDigestSettings } from './reminder-digest-settings';

afterEach(() => {
  cleanup();
  resetToasts();
});

describe('ReminderDigestSettings', () => {
  it('shows the defaults (the evening before; one mail each) and saves each choice at once', async () => {
    const user = buildCurrentUser({ id: 'u1' });
    const requests = mockCurrentUser(user);
    renderWithApp(<ReminderDigestSettings user={user} />);

    expect(screen.getByRole('group', { name: 'Ride reminders' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'The evening before (18:00)' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('checkbox', { name: '2 hours before the start' }).getAttribute('aria-checked')).toBe('false');
    expect((screen.getByRole('radio', { name: 'One e-mail per ride' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: '2 hours before the start' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ reminderTimes: ['evening_before', 'two_hours_before'] }]));

    fireEvent.click(screen.getByRole('radio', { name: 'A weekly digest (Mondays, 08:00)' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toContainEqual({ newRidesDigest: 'weekly' }));
    expect(screen.getByRole('group', { name: 'Join requests and new members (groups I organize)' })).toBeTruthy();
  });

  it('sends an empty set when the last reminder is unticked: no reminders', async () => {
    const user = buildCurrentUser({ id: 'u1', reminderTimes: ['morning_of'] });
    const requests = mockApi({ 'PATCH /api/users/u1': () => json({ ...user, reminderTimes: [], emailConfirmationSentTo: null }), 'GET /api/users/current': () => json({ ...user, reminderTimes: [] }) });
    renderWithApp(<ReminderDigestSettings user={user} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'The morning of the ride (07:00)' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ reminderTimes: [] }));
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, mockApi, renderWithApp, resetTestEnvironment } from '../../../test/utils';
import { OpenInvitations } from './open-invitations';

vi.setConfig({ testTimeout: 20_000 });

afterEach(resetTestEnvironment);

const group = { id: 'g1', name: 'Night Riders' };
const open = [
  { id: 'i1', inviterFirstName: 'Ana', inviteeName: 'Carla', inviteeEmail: 'carla.with.a.very.long.address@example-motorcycle-club.org', createdAt: '2026-06-24T10:30:00.000Z', expiresAt: '2026-07-01T10:30:00.000Z' },
  { id: 'i2', inviterFirstName: 'Ana', inviteeName: null, inviteeEmail: 'dario@example.com', createdAt: '2026-06-23T10:30:00.000Z', expiresAt: '2026-06-30T10:30:00.000Z' },
];

describe('OpenInvitations', () => {
  it('lists who each invitation is for, when it was created and when it expires', async () => {
    mockApi({ 'GET /api/groups/g1/invitations': () => json(open) });
    renderWithApp(<OpenInvitations group={group} />);
    const list = await screen.findByRole('list', { name: 'Open invitations' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Carla');
    expect(items[0]!.textContent).toContain(open[0]!.inviteeEmail);
    expect(items[0]!.textContent).toMatch(/Created Jun 24, 2026 by Ana/);
    expect(items[0]!.textContent).toMatch(/Expires Jul 1, 2026/);
    expect(items[1]!.textContent).toContain('dario@example.com');
  });

  it('says when there are none', async () => {
    mockApi({ 'GET /api/groups/g1/invitations': () => json([]) });
    renderWithApp(<OpenInvitations group={group} />);
    expect(await screen.findByText(/No open invitations/)).toBeTruthy();
  });

  it('revokes one after asking, then reloads the list', async () => {
    let current = open;
    const requests = mockApi({
      'GET /api/groups/g1/invitations': () => json(current),
      'DELETE /api/groups/g1/invitations/i1': () => {
        current = open.slice(1);
        return json({ success: true });
      },
    });
    renderWithApp(<OpenInvitations group={group} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the invitation for Carla' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke Invitation' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke the invitation for Carla' })).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/groups/g1/invitations/i1')).toBe(true);
    expect(await screen.findByText('Invitation revoked')).toBeTruthy();
  });
});

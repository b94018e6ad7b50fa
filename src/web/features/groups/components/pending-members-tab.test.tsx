import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, mockApi, renderWithApp, resetTestEnvironment } from '../../../test/utils';
import type { MembershipRequest } from '../../../../shared/groups/group';
import { PendingMembersTab } from './pending-members-tab';

vi.setConfig({ testTimeout: 20_000 });

afterEach(resetTestEnvironment);

const requestOf = (id: string, handle: string): MembershipRequest => ({
  id,
  requestedAt: '2026-11-20T10:00:00.000Z',
  user: { id: `u_${handle}`, userId: handle, profileImageUrl: null, location: null },
});

const decisionsOf = (requests: Array<{ method: string; url: string }>) => requests.filter((r) => r.method === 'POST' && r.url.includes('/membership-requests/'));

describe('PendingMembersTab', () => {
  it('asks before declining, with "Don’t let them ask again" unticked each time; a ticked box declines with a ban', async () => {
    const requests = mockApi({
      'POST /api/groups/g1/membership-requests/r1/reject': () => json({ success: true }),
      'POST /api/groups/g1/membership-requests/r2/reject': () => json({ success: true }),
    });
    renderWithApp(<PendingMembersTab groupId="g1" requests={[requestOf('r1', 'dan-drifts'), requestOf('r2', 'eve-enduro')]} isPending={false} isLoadingError={false} onRetry={() => {}} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Decline dan-drifts' }));
    let confirm = await screen.findByRole('alertdialog', { name: "Decline dan-drifts's request?" });
    expect(decisionsOf(requests)).toEqual([]);
    let keepOut = within(confirm).getByRole('checkbox', { name: "Don't let them ask again" });
    expect(keepOut.getAttribute('aria-checked')).toBe('false');
    expect(within(confirm).getByText(/cannot ask to join/)).toBeTruthy();
    fireEvent.click(keepOut);
    expect(keepOut.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText("dan-drifts's request was declined. They can't ask again.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(decisionsOf(requests)).toMatchObject([{ url: '/api/groups/g1/membership-requests/r1/reject', body: { ban: true } }]);

    // The next decline starts unticked again, and goes without a ban.
    fireEvent.click(screen.getByRole('button', { name: 'Decline eve-enduro' }));
    confirm = await screen.findByRole('alertdialog', { name: "Decline eve-enduro's request?" });
    keepOut = within(confirm).getByRole('checkbox', { name: "Don't let them ask again" });
    expect(keepOut.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText("eve-enduro's request was declined.")).toBeTruthy();
    await waitFor(() => expect(decisionsOf(requests)).toHaveLength(2));
    expect(decisionsOf(requests)[1]).toMatchObject({ url: '/api/groups/g1/membership-requests/r2/reject', body: undefined });
  });

  it('Cancel declines nothing', async () => {
    const requests = mockApi({});
    renderWithApp(<PendingMembersTab groupId="g1" requests={[requestOf('r1', 'dan-drifts')]} isPending={false} isLoadingError={false} onRetry={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline dan-drifts' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(decisionsOf(requests)).toEqual([]);
  });
});

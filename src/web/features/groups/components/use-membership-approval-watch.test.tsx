import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { json, mockApi, renderWithApp, resetTestEnvironment } from '../../../test/utils';
import { buildGroup } from '../../../test/build-group';
import { useMembershipApprovalWatch } from './use-membership-approval-watch';

afterEach(() => {
  resetTestEnvironment();
  localStorage.clear();
});

function Watcher() {
  const { hasPendingRequests } = useMembershipApprovalWatch('u_1');
  return <p>{hasPendingRequests ? 'waiting' : 'nothing pending'}</p>;
}

const KEY = 'roadcaptain:pending-memberships:u_1';

describe('useMembershipApprovalWatch', () => {
  it("says 'Membership approved!' when a pending group becomes the rider's, and refreshes the groups", async () => {
    localStorage.setItem(KEY, JSON.stringify(['g1', 'g2']));
    const requests = mockApi({
      'GET /api/membership-requests/pending': () => json(['g2']),
      'GET /api/groups': () => json([buildGroup({ id: 'g1', membershipStatus: 'member' }), buildGroup({ id: 'g2', name: 'Other', membershipStatus: 'pending' })]),
    });
    renderWithApp(<Watcher />);
    expect(await screen.findByText('Membership approved!')).toBeTruthy();
    expect(screen.getByText("You're now a member of Night Riders.")).toBeTruthy();
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(requests.map((r) => r.url)).toContain('/api/groups');
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(['g2']);
  });

  it('stays quiet when a request disappears without a membership (declined)', async () => {
    localStorage.setItem(KEY, JSON.stringify(['g1']));
    const requests = mockApi({
      'GET /api/membership-requests/pending': () => json([]),
      'GET /api/groups': () => json([]),
    });
    renderWithApp(<Watcher />);
    await waitFor(() => expect(requests.map((r) => r.url)).toContain('/api/groups'));
    await screen.findByText('nothing pending');
    expect(screen.queryByText('Membership approved!')).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('remembers new pending requests without announcing anything', async () => {
    mockApi({ 'GET /api/membership-requests/pending': () => json(['g3']) });
    renderWithApp(<Watcher />);
    await screen.findByText('waiting');
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(['g3']);
    expect(screen.queryByText('Membership approved!')).toBeNull();
  });
});

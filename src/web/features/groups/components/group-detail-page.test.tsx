import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderWithApp, resetTestEnvironment } from '../../../test/utils';
import type { Group } from '../../../../shared/groups/group';
import { buildGroup, buildMember } from '../../../test/build-group';
import { GroupDetailPage } from './group-detail-page';
import { createQueryClient } from '../../../lib/query-client';
import { groupByNameQueryOptions } from '../../../api/groups';
import { untranslatedTexts, usePseudoLocale } from '../../../test/pseudo-locale';
import { formatDate } from '../../../lib/format-date';
import { timeAgo } from '../../../lib/format';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  resetTestEnvironment();
  localStorage.clear();
});

function renderPage(group: Group | null, extra: Record<string, () => Response> = {}) {
  const requests = mockApi({
    'GET /api/users/current': () => json(buildCurrentUser()),
    'GET /api/membership-requests/pending': () => json([]),
    'GET /api/groups/by-name/night-riders': () => (group ? json(group) : json({ message: 'Group not found' }, 404)),
    'GET /api/groups/g1/members': () =>
      json([{ id: 'u_owner', userId: 'ana-rides', profileImageUrl: null, location: 'Bologna', isOwner: true, joinedAt: '2026-01-01T00:00:00.000Z' }]),
    'GET /api/groups/g1/rides': () => json([]),
    'GET /api/groups/g1/bans': () => json([]),
    'GET /api/groups/g1/membership-requests': () =>
      json([{ id: 'r1', requestedAt: new Date().toISOString(), user: { id: 'u_b', userId: 'ben-twisties', profileImageUrl: null, location: null } }]),
    ...extra,
  });
  const result = renderWithApp(
    <GroupDetailPage slug="night-riders" renderPolls={() => <p>Polls here</p>} renderInviteDialog={({ open }) => (open ? <p>Invite dialog</p> : null)} />,
    { path: '/groups/night-riders' },
  );
  return { ...result, requests };
}

describe('GroupDetailPage', () => {
  it('shows every text of the owner\'s page in the rider\'s language (the pseudo-language here), riders\' data aside', async () => {
    usePseudoLocale();
    const members = [
      buildMember({ role: 'owner', userId: 'ana-rides', location: 'Bologna' }),
      buildMember({ role: 'co_organizer', userId: 'carla-loops', abilities: { makeCoOrganizer: false, removeCoOrganizer: true, transferOwnership: true, remove: true } }),
    ];
    const { container } = renderPage(buildGroup({ membershipStatus: 'owner', membershipApprovalRequired: true }), { 'GET /api/groups/g1/members': () => json(members) });
    const heading = await screen.findByRole('heading', { name: 'Night Riders', level: 1 });
    // The page itself (the app's toast region around it is not the group's).
    const page = heading.closest('header')!.parentElement!;
    // Riders' data (the group, its place and zone, the riders' handles and places), and dates as the date helpers write them.
    const data = ['Night Riders', 'Evening loops', 'Bologna, Emilia-Romagna, Italy', 'UTC+01:00', 'Berlin', 'ana-rides', 'carla-loops', 'ben-twisties', 'Bologna'];
    data.push(formatDate('2026-01-01T00:00:00.000Z'), timeAgo(new Date().toISOString()));
    const seen: string[] = [];
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(4));
    await waitFor(() => expect(container.querySelector('[role="tabpanel"] p')).toBeTruthy());
    seen.push(...untranslatedTexts(page, data));
    for (const index of [2, 3]) {
      fireEvent.mouseDown(screen.getAllByRole('tab')[index]!);
      await waitFor(() => expect(container.querySelector('[role="tabpanel"] li, [role="tabpanel"] ul')).toBeTruthy());
      seen.push(...untranslatedTexts(page, data));
    }
    expect(seen).toEqual([]);
  });

  it('gives the owner the header, Invite Member and four tabs with the pending count', async () => {
    renderPage(buildGroup({ membershipStatus: 'owner' }));
    expect(await screen.findByRole('heading', { name: 'Night Riders', level: 1 })).toBeTruthy();
    expect(screen.getByText('Owner')).toBeTruthy();
    expect(screen.getByText('3 members')).toBeTruthy();
    expect(screen.getByText('2 rides')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Groups' }).getAttribute('href')).toBe('/groups');
    expect(await screen.findByLabelText('1 pending')).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Rides', 'Polls', 'Members', 'Pending Members1']);
    expect(await screen.findByText('No rides planned yet.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Invite Member' }));
    expect(screen.getByText('Invite dialog')).toBeTruthy();
  });

  it('deletes the group after confirmation and goes back to the list', async () => {
    let deleted = false;
    const { router } = renderPage(buildGroup({ membershipStatus: 'owner' }), {
      'DELETE /api/groups/g1': () => {
        deleted = true;
        return json({ success: true });
      },
    });
    const menu = await screen.findByRole('button', { name: 'Actions for Night Riders' });
    fireEvent.pointerDown(menu, { button: 0, ctrlKey: false, pointerType: 'mouse' });
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Edit Group', 'Manage Group', 'Delete Group']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete Group' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Group' });
    expect(deleted).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete Group' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups'));
    expect(deleted).toBe(true);
    expect(await screen.findByText('Night Riders has been deleted.')).toBeTruthy();
  });

  it('asks a member before leaving, saying their seats on its rides go to riders waiting; Cancel keeps them in', async () => {
    let left = 0;
    renderPage(buildGroup({ membershipStatus: 'member' }), {
      'POST /api/groups/g1/leave': () => {
        left += 1;
        return json({ success: true, message: 'You left the group' });
      },
      'GET /api/rides/upcoming': () => json([]),
    });
    const openQuestion = async () => {
      fireEvent.pointerDown(await screen.findByRole('button', { name: 'Actions for Night Riders' }), { button: 0, ctrlKey: false, pointerType: 'mouse' });
      fireEvent.click(screen.getByRole('menuitem', { name: 'Leave Group' }));
      return screen.findByRole('alertdialog', { name: 'Leave this group?' });
    };
    let question = await openQuestion();
    expect(question.textContent).toContain('You leave Night Riders and give up your seats on its rides that have not started; riders waiting take them.');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(left).toBe(0);
    question = await openQuestion();
    fireEvent.click(within(question).getByRole('button', { name: 'Leave Group' }));
    expect(await screen.findByText('Left group')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(left).toBe(1);
  });

  it('treats a 403 on membership requests as an empty list', async () => {
    renderPage(buildGroup({ membershipStatus: 'owner' }), {
      'GET /api/groups/g1/membership-requests': () => json({ message: 'Only the group owner can do this' }, 403),
    });
    await screen.findByRole('tab', { name: 'Pending Members' });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Pending Members' }));
    expect(await screen.findByText('No pending requests')).toBeTruthy();
  });

  it('gives a member three tabs and the Member badge, and no Invite Member', async () => {
    renderPage(buildGroup({ membershipStatus: 'member' }));
    await screen.findByRole('heading', { name: 'Night Riders', level: 1 });
    expect(screen.getByText('Member')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Rides', 'Polls', 'Members']);
    expect(screen.queryByRole('button', { name: 'Invite Member' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create Ride' }));
    expect(await screen.findByRole('dialog', { name: 'Create Ride' })).toBeTruthy();
  });

  it('keeps the page and a half-filled Create Ride form when reading the group again fails (back online, the server erring)', async () => {
    let reads = 0;
    const queryClient = createQueryClient();
    mockApi({
      'GET /api/users/current': () => json(buildCurrentUser()),
      'GET /api/membership-requests/pending': () => json([]),
      'GET /api/groups/by-name/night-riders': () => (++reads === 1 ? json(buildGroup({ membershipStatus: 'member' })) : json({ message: 'Internal error' }, 500)),
      'GET /api/groups/g1/rides': () => (reads === 1 ? json([]) : json({ message: 'Internal error' }, 500)),
    });
    renderWithApp(<GroupDetailPage slug="night-riders" renderPolls={() => <p>Polls here</p>} renderInviteDialog={() => null} />, { path: '/groups/night-riders', queryClient });
    await screen.findByRole('heading', { name: 'Night Riders', level: 1 });
    expect(await screen.findByText('No rides planned yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Ride' });
    const name = await within(dialog).findByLabelText('Ride Name');
    fireEvent.change(name, { target: { value: 'Sunday loop over the Kesselberg' } });

    // What the app does when the connection comes back (app/connection-status.tsx): every shown read again.
    await act(() => queryClient.invalidateQueries({ refetchType: 'active' }));
    expect(reads).toBe(2);
    expect(queryClient.getQueryState(groupByNameQueryOptions('night-riders').queryKey)?.status).toBe('error');
    // Under the open dialog the page is hidden from assistive technology, but still there.
    expect(screen.getByRole('heading', { name: 'Night Riders', level: 1, hidden: true })).toBeTruthy();
    expect(screen.getByText('No rides planned yet.')).toBeTruthy();
    expect((within(screen.getByRole('dialog', { name: 'Create Ride' })).getByLabelText('Ride Name') as HTMLInputElement).value).toBe('Sunday loop over the Kesselberg');
  });

  it('shows an outsider only the join prompt, and joins', async () => {
    let joined = false;
    const requests = renderPage(buildGroup({ membershipStatus: 'none', membershipApprovalRequired: true }), {
      'POST /api/groups/g1/join': () => {
        joined = true;
        return json({ message: 'Membership request submitted for approval', status: 'pending' });
      },
    }).requests;
    const prompt = await screen.findByRole('heading', { name: 'Join Night Riders' });
    const card = prompt.closest('div')!;
    expect(within(card).getByText('2 rides')).toBeTruthy();
    expect(within(card).getByText('3 members')).toBeTruthy();
    expect(screen.queryAllByRole('tab')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Create Ride' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Join Group' }));
    expect(await screen.findByText('Membership request submitted for approval')).toBeTruthy();
    expect(joined).toBe(true);
    expect(requests.some((r) => r.url === '/api/groups/g1/members')).toBe(false);
  });

  it('shows the pending notice to an applicant, who can withdraw the request', async () => {
    let withdrawn = false;
    renderPage(buildGroup({ membershipStatus: 'pending' }), {
      'POST /api/groups/g1/leave': () => {
        withdrawn = true;
        return json({ success: true, message: 'Request withdrawn' });
      },
      // Withdrawing is the leaving call: the upcoming list is read again (the offline sync, api/groups.ts useLeaveGroup).
      'GET /api/rides/upcoming': () => json([]),
    });
    expect(await screen.findByText('Membership application pending')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join Group' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText('Request withdrawn')).toBeTruthy();
    expect(screen.getByText('You are no longer asking to join Night Riders.')).toBeTruthy();
    expect(withdrawn).toBe(true);
  });

  it('says "Group not found" with a way back', async () => {
    renderPage(null);
    expect(await screen.findByRole('heading', { name: 'Group not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Groups' }).getAttribute('href')).toBe('/groups');
  });

  it("'Failed to Join Group' carries the server's message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(buildGroup({ membershipStatus: 'none' }), {
      'POST /api/groups/g1/join': () => json({ message: 'Your membership request is already waiting for approval' }, 409),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join Group' }));
    expect(await screen.findByText('Failed to Join Group')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Your membership request is already waiting for approval')).toBeTruthy());
  });
});

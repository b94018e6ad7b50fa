import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, mockApi, renderWithApp, resetTestEnvironment } from '../../../test/utils';
import type { GroupMember } from '../../../../shared/groups/group';
import { buildGroup, buildMember } from '../../../test/build-group';
import { MembersTab } from './members-tab';

vi.setConfig({ testTimeout: 20_000 });

afterEach(resetTestEnvironment);

const openMenuOf = async (handle: string) => {
  fireEvent.pointerDown(await screen.findByRole('button', { name: `Actions for ${handle}` }), { button: 0, ctrlKey: false, pointerType: 'mouse' });
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
};

function renderTab(status: 'owner' | 'co_organizer', members: GroupMember[], extra: Record<string, () => Response> = {}) {
  const requests = mockApi({ 'GET /api/groups/g1/members': () => json(members), 'GET /api/groups/g1/bans': () => json([]), ...extra });
  renderWithApp(<MembersTab group={buildGroup({ membershipStatus: status })} />);
  return requests;
}

describe('MembersTab', () => {
  it('shows each role and gives the owner a menu per member, each action asked first; the owner is told even as the row goes', async () => {
    const members = [
      buildMember({ role: 'owner', id: 'u_me', userId: 'ana-rides' }),
      buildMember({ role: 'co_organizer', userId: 'carla-curves', abilities: { makeCoOrganizer: false, removeCoOrganizer: true, transferOwnership: true, remove: true } }),
      buildMember({ role: 'member', id: 'u_ben', userId: 'ben-twisties', abilities: { makeCoOrganizer: true, removeCoOrganizer: false, transferOwnership: true, remove: true } }),
    ];
    let removed = false;
    const requests = renderTab('owner', members, {
      // After the removal the list the page refreshes no longer holds the member whose menu asked.
      'GET /api/groups/g1/members': () => json(removed ? members.filter((m) => m.id !== 'u_ben') : members),
      'DELETE /api/groups/g1/members/u_ben': () => {
        removed = true;
        return json({ success: true });
      },
    });
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getByText('Owner')).toBeTruthy();
    expect(within(list).getByText('Co-organizer')).toBeTruthy();
    // Nobody acts on the owner (here, the viewer themself).
    expect(screen.queryByRole('button', { name: 'Actions for ana-rides' })).toBeNull();
    expect(await openMenuOf('ben-twisties')).toEqual(['Make co-organizer', 'Hand over ownership', 'Remove from group']);

    fireEvent.click(screen.getByRole('menuitem', { name: 'Remove from group' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove ben-twisties from Night Riders?' });
    expect(within(confirm).getByText(/They will be told/)).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove from group' }));
    expect(await screen.findByText('ben-twisties was removed from Night Riders')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(list).queryByText('ben-twisties')).toBeNull();
  });

  it('hands the group over after confirmation', async () => {
    const requests = renderTab('owner', [buildMember({ role: 'member', id: 'u_ben', userId: 'ben-twisties', abilities: { makeCoOrganizer: true, removeCoOrganizer: false, transferOwnership: true, remove: true } })], {
      'POST /api/groups/g1/ownership': () => json(buildGroup({ membershipStatus: 'co_organizer' })),
    });
    await openMenuOf('ben-twisties');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Hand over ownership' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Hand Night Riders over to ben-twisties?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Hand over ownership' }));
    expect(await screen.findByText('ben-twisties now owns Night Riders')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/groups/g1/ownership', body: { memberId: 'u_ben' } });
  });

  it('tells a co-organizer what they may do, and offers only that', async () => {
    renderTab('co_organizer', [
      buildMember({ role: 'owner', userId: 'ana-rides' }),
      buildMember({ role: 'member', userId: 'ben-twisties', abilities: { makeCoOrganizer: false, removeCoOrganizer: false, transferOwnership: false, remove: true } }),
    ]);
    expect(await screen.findByText(/You are a co-organizer/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Actions for ana-rides' })).toBeNull();
    expect(await openMenuOf('ben-twisties')).toEqual(['Remove from group']);
  });

  it('says why a refused action failed', async () => {
    renderTab('owner', [buildMember({ role: 'member', id: 'u_ben', userId: 'ben-twisties', abilities: { makeCoOrganizer: true, removeCoOrganizer: false, transferOwnership: true, remove: true } })], {
      'PUT /api/groups/g1/members/u_ben/role': () => json({ message: 'Only the group owner can do this' }, 403),
    });
    await openMenuOf('ben-twisties');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Make co-organizer' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make co-organizer' }));
    expect(await screen.findByText('Only the group owner can do this')).toBeTruthy();
  });

  it('removes without a ban unless "Don\'t let them rejoin" is ticked; ticked, it sends the ban', async () => {
    const ben = buildMember({ role: 'member', id: 'u_ben', userId: 'ben-twisties', abilities: { makeCoOrganizer: false, removeCoOrganizer: false, transferOwnership: false, remove: true } });
    const requests = renderTab('co_organizer', [ben], { 'DELETE /api/groups/g1/members/u_ben': () => json({ success: true }) });
    await openMenuOf('ben-twisties');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Remove from group' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Remove ben-twisties from Night Riders?' });
    const box = within(confirm).getByRole('checkbox', { name: "Don't let them rejoin" });
    expect(box.getAttribute('aria-checked')).toBe('false');
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove from group' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'DELETE')).toMatchObject({ url: '/api/groups/g1/members/u_ben', body: undefined });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    // Asked again: the box starts unticked; ticked, the removal carries the ban.
    await openMenuOf('ben-twisties');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Remove from group' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Remove ben-twisties from Night Riders?' });
    const again = within(confirm).getByRole('checkbox', { name: "Don't let them rejoin" });
    expect(again.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(again);
    expect(again.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove from group' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'DELETE')[1]).toMatchObject({ url: '/api/groups/g1/members/u_ben', body: { ban: true } });
  });

  it('lists removed riders for organizers and lets them rejoin', async () => {
    let bans = [{ user: { id: 'u_dan', userId: 'dan-drifts', profileImageUrl: null }, bannedAt: '2026-11-20T10:00:00.000Z' }];
    const requests = renderTab('owner', [buildMember({ role: 'owner', id: 'u_me', userId: 'ana-rides' })], {
      'GET /api/groups/g1/bans': () => json(bans),
      'DELETE /api/groups/g1/bans/u_dan': () => {
        bans = [];
        return json({ success: true });
      },
    });
    const list = await screen.findByRole('list', { name: 'Kept out' });
    expect(within(list).getByText('dan-drifts')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Let them back: dan-drifts' }));
    expect(await screen.findByText('dan-drifts may join Night Riders again')).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/groups/g1/bans/u_dan')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Kept out' })).toBeNull());
  });

  it('shows no removed riders, and asks for none, to a plain member', async () => {
    const requests = mockApi({ 'GET /api/groups/g1/members': () => json([buildMember({ role: 'owner', userId: 'ana-rides' })]) });
    renderWithApp(<MembersTab group={buildGroup({ membershipStatus: 'member' })} />);
    expect(await screen.findByRole('list', { name: 'Members' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Kept out' })).toBeNull();
    expect(requests.some((r) => r.url.endsWith('/bans'))).toBe(false);
  });
});

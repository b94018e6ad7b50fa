import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '../../../test/utils';
import type { MembershipStatus } from '../../../../shared/groups/group';
import { buildGroup } from '../../../test/build-group';
import { GroupCard } from './group-card';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function openMenu(status: MembershipStatus) {
  const handlers = { onJoin: vi.fn(), onLeave: vi.fn(), onManage: vi.fn(), onDelete: vi.fn() };
  renderWithApp(<GroupCard group={buildGroup({ membershipStatus: status })} {...handlers} />);
  const trigger = screen.getByRole('button', { name: 'Actions for Night Riders' });
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
  return { handlers, items: () => screen.getAllByRole('menuitem').map((i) => i.textContent) };
}

describe('GroupCard', () => {
  it('shows name, members, description, location with radius, upcoming rides, creator and the Active badge', () => {
    renderWithApp(<GroupCard group={buildGroup()} onJoin={vi.fn()} onLeave={vi.fn()} onManage={vi.fn()} onDelete={vi.fn()} />);
    const card = screen.getByRole('article', { name: 'Night Riders' });
    expect(card.textContent).toContain('3 members');
    expect(card.textContent).toContain('Evening loops');
    expect(card.textContent).toContain('Bologna, Emilia-Romagna, Italy');
    expect(card.textContent).toContain('50 km radius');
    expect(card.textContent).toContain('1 upcoming ride');
    expect(card.textContent).toContain('Created by ana-rides');
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Night Riders' }).getAttribute('href')).toBe('/groups/night-riders');
  });

  it('shows the Pending badge and notice to an applicant', () => {
    renderWithApp(
      <GroupCard group={buildGroup({ membershipStatus: 'pending', isActive: false })} onJoin={vi.fn()} onLeave={vi.fn()} onManage={vi.fn()} onDelete={vi.fn()} />,
    );
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText('Membership application pending')).toBeTruthy();
    expect(screen.queryByText('Active')).toBeNull();
  });

  it.each<[MembershipStatus, string[]]>([
    ['owner', ['View Group', 'Manage Group', 'Delete Group']],
    ['member', ['View Group', 'Leave Group']],
    ['pending', ['View Group']],
    ['none', ['View Group', 'Join Group']],
  ])('offers the %s exactly what the server allows', (status, expected) => {
    const { items } = openMenu(status);
    expect(items()).toEqual(expected);
  });

  it('hands the chosen action to the page', () => {
    const { handlers } = openMenu('none');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Join Group' }));
    expect(handlers.onJoin).toHaveBeenCalledWith(expect.objectContaining({ id: 'g1' }));
  });

  it('shows Join Group as a button on the card, with Approval needed when the owner decides', () => {
    const onJoin = vi.fn();
    renderWithApp(
      <GroupCard group={buildGroup({ membershipStatus: 'none', membershipApprovalRequired: true })} onJoin={onJoin} onLeave={vi.fn()} onManage={vi.fn()} onDelete={vi.fn()} />,
    );
    const join = screen.getByRole('button', { name: 'Join Group' });
    expect(join.getAttribute('aria-describedby')).toBe(screen.getByText('Approval needed').id);
    fireEvent.click(join);
    expect(onJoin).toHaveBeenCalledWith(expect.objectContaining({ id: 'g1' }));
  });

  it('shows no Join button to members, owners and applicants, nor Approval needed on an open group', () => {
    for (const status of ['member', 'owner', 'pending'] as const) {
      renderWithApp(<GroupCard group={buildGroup({ membershipStatus: status })} onJoin={vi.fn()} onLeave={vi.fn()} onManage={vi.fn()} onDelete={vi.fn()} />);
      expect(screen.queryByRole('button', { name: 'Join Group' })).toBeNull();
      cleanup();
    }
    renderWithApp(<GroupCard group={buildGroup({ membershipStatus: 'none' })} onJoin={vi.fn()} onLeave={vi.fn()} onManage={vi.fn()} onDelete={vi.fn()} joining />);
    expect((screen.getByRole('button', { name: 'Join Group' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('Approval needed')).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { json, mockApi, renderWithApp } from '../../../test/utils';
import { resetToasts } from '../../../components/ui/toast-store';
import { INVALID_INVITATION_MESSAGE } from '../../../../shared/invites/invitation';
import { InvitationLanding, invitationEmailProblem } from './invitation-landing';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

function view(needsEmail: boolean) {
  return {
    success: true,
    group: { id: 'g1', name: 'Night Riders', slug: 'night-riders', description: 'Evening loops', groupImageUrl: null },
    invitation: { inviteeName: 'Carla', expiresAt: '2026-07-01T10:30:00.000Z' },
    inviter: { firstName: 'Ana', userId: 'ana-rides' },
    needsEmail,
  };
}

describe('invitationEmailProblem', () => {
  it('requires an e-mail, then a valid one', () => {
    expect(invitationEmailProblem('  ')?.title).toBe('Email Required');
    expect(invitationEmailProblem('carla@')?.title).toBe('Invalid Email');
    expect(invitationEmailProblem(' carla@example.com ')).toBeNull();
  });
});

describe('InvitationLanding', () => {
  it('shows the group, the inviter and the invitee', async () => {
    mockApi({ [`GET /api/invite/${TOKEN}`]: () => json(view(false)) });
    renderWithApp(<InvitationLanding token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'Night Riders' })).toBeTruthy();
    expect(screen.getByText('Carla')).toBeTruthy();
    expect(screen.getByText('Ana')).toBeTruthy();
    expect(screen.queryByLabelText('Email Address')).toBeNull();
  });

  it('says an unknown or used invitation is invalid', async () => {
    mockApi({ [`GET /api/invite/${TOKEN}`]: () => json({ message: INVALID_INVITATION_MESSAGE }, 404) });
    renderWithApp(<InvitationLanding token={TOKEN} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(INVALID_INVITATION_MESSAGE);
  });

  it('asks for an e-mail when needed, then completes and opens the group page after a pause', async () => {
    const requests = mockApi({
      [`GET /api/invite/${TOKEN}`]: () => json(view(true)),
      [`POST /api/invite/${TOKEN}/complete`]: () =>
        json({ success: true, groupId: 'g1', groupSlug: 'night-riders', emailConfirmationSentTo: 'carla@example.com' }),
    });
    const { router } = renderWithApp(<InvitationLanding token={TOKEN} />, { path: `/invite/${TOKEN}` });
    const email = await screen.findByLabelText('Email Address');

    fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByText('Email Required')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'carla@nowhere' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByText('Invalid Email')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.change(email, { target: { value: ' carla@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByText("You're in!")).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ email: 'carla@example.com' });
    expect(router.state.location.pathname).toBe(`/invite/${TOKEN}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups/night-riders'));
  });

  it("shows the server's reason when completing fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      [`GET /api/invite/${TOKEN}`]: () => json(view(true)),
      [`POST /api/invite/${TOKEN}/complete`]: () => json({ message: 'This email address is already in use' }, 409),
    });
    renderWithApp(<InvitationLanding token={TOKEN} />);
    fireEvent.change(await screen.findByLabelText('Email Address'), { target: { value: 'taken@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByText('Failed to Join Group')).toBeTruthy();
    expect(screen.getByText('This email address is already in use')).toBeTruthy();
  });
});

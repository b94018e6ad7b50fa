import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderWithApp, resetTestEnvironment } from '../../../test/utils';
import { currentUserQueryOptions } from '../../../api/users';
import { createQueryClient } from '../../../lib/query-client';
import { INVALID_INVITATION_MESSAGE } from '../../../../shared/invites/invitation';
import { INVITATION_REDIRECT_DELAY_MS, InvitationLanding, invitationEmailProblem } from './invitation-landing';
import { untranslatedTexts, usePseudoLocale } from '../../../test/pseudo-locale';
import { formatDate } from '../../../lib/format-date';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.useRealTimers();
  resetTestEnvironment();
});

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

function view(needsEmail: boolean, alreadyMember = false) {
  return {
    alreadyMember,
    success: true,
    group: { id: 'g1', name: 'Night Riders', slug: 'night-riders', description: 'Evening loops', groupImageUrl: null },
    invitation: { inviteeName: 'Carla', expiresAt: '2026-07-01T10:30:00.000Z' },
    inviter: { firstName: 'Ana', userId: 'ana-rides' },
    needsEmail,
  };
}

/** The API for this invitation: its landing (`view`) and, if given, what completing it answers. */
function serveInvitation(landing: ReturnType<typeof view>, complete?: Response) {
  return mockApi({
    [`GET /api/invite/${TOKEN}`]: () => json(landing),
    ...(complete ? { [`POST /api/invite/${TOKEN}/complete`]: () => complete.clone() } : {}),
  });
}

/** Completing answers: joined (or already in), and where the confirming link went, if anywhere. */
function joined(answer: { alreadyMember?: boolean; emailSentTo?: string } = {}) {
  return json({ success: true, groupId: 'g1', groupSlug: 'night-riders', alreadyMember: false, emailSentTo: null, ...answer });
}

describe('invitationEmailProblem', () => {
  it('requires an e-mail, then a valid one', () => {
    expect(invitationEmailProblem('  ')?.title).toBe('Email Required');
    expect(invitationEmailProblem('carla@')?.title).toBe('Invalid Email');
    expect(invitationEmailProblem(' carla@example.com ')).toBeNull();
  });
});

describe('InvitationLanding', () => {
  it('shows every text of the landing in the rider\'s language (the pseudo-language here), riders\' data aside', async () => {
    usePseudoLocale();
    serveInvitation(view(true));
    renderWithApp(<InvitationLanding token={TOKEN} />);
    const heading = await screen.findByRole('heading', { name: 'Night Riders' });
    const landing = heading.closest('div.overflow-hidden')!;
    // Riders' data, and the expiry as the date helper writes it.
    const data = ['Night Riders', 'Evening loops', 'Carla', 'Ana', 'ana-rides', formatDate('2026-07-01T10:30:00.000Z')];
    // The e-mail field's own label and example address belong to the shared field (components/ui), not to the landing.
    const sharedField = ['Email Address', 'placeholder="you@example.com"'];
    expect(untranslatedTexts(landing, data).filter((text) => !sharedField.includes(text))).toEqual([]);
  });

  it('shows the group, the inviter and the invitee', async () => {
    serveInvitation(view(false));
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

  it('asks for an e-mail when needed, then completes and says where the link went (the same for new and known addresses)', async () => {
    const requests = serveInvitation(view(true), joined({ emailSentTo: 'carla@example.com' }));
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryOptions().queryKey, buildCurrentUser({ isFirstVisit: true }));
    const { router } = renderWithApp(<InvitationLanding token={TOKEN} />, { path: `/invite/${TOKEN}`, queryClient });
    const email = await screen.findByLabelText('Email Address');

    fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByText('Email Required')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'carla@nowhere' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByText('Invalid Email')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    // The clock can jump past the redirect pause instead of waiting it out.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    fireEvent.change(email, { target: { value: ' carla@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByText("You're in! Now check your email")).toBeTruthy();
    expect(screen.getByText('carla@example.com')).toBeTruthy();
    expect(screen.getByText(/signs you in to your account and adds it to the group/)).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ email: 'carla@example.com' });
    // The welcome dialog must not open over the group page.
    expect(queryClient.getQueryData(currentUserQueryOptions().queryKey)?.isFirstVisit).toBe(false);
    // The landing stays, so the rider knows to open the mail; the group is one click away.
    await act(() => vi.advanceTimersByTimeAsync(INVITATION_REDIRECT_DELAY_MS + 1000));
    expect(router.state.location.pathname).toBe(`/invite/${TOKEN}`);
    fireEvent.click(screen.getByRole('link', { name: 'Go to Night Riders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups/night-riders'));
  });

  it('a rider with a confirmed address joins and the group page opens after a pause', async () => {
    serveInvitation(view(false), joined());
    const { router } = renderWithApp(<InvitationLanding token={TOKEN} />, { path: `/invite/${TOKEN}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByText("You're in!")).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/invite/${TOKEN}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups/night-riders'));
  });

  it('tells a member or the owner they are already in, with a link to the group and nothing to accept', async () => {
    const requests = serveInvitation(view(true, true));
    const { router } = renderWithApp(<InvitationLanding token={TOKEN} />, { path: `/invite/${TOKEN}` });
    expect(await screen.findByRole('heading', { name: "You're already a member of Night Riders" })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('link', { name: 'Go to Night Riders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups/night-riders'));
  });

  it('shows the already-a-member view when the server answers so on completing', async () => {
    serveInvitation(view(false), joined({ alreadyMember: true }));
    renderWithApp(<InvitationLanding token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByRole('heading', { name: "You're already a member of Night Riders" })).toBeTruthy();
  });

  it("shows the server's reason when completing fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveInvitation(
      view(true),
      json({ message: 'We could not send the e-mail, so you have not joined yet. Your invitation still works: please try again in a few minutes.' }, 503),
    );
    renderWithApp(<InvitationLanding token={TOKEN} />);
    fireEvent.change(await screen.findByLabelText('Email Address'), { target: { value: 'carla@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByText('Failed to Join Group')).toBeTruthy();
    expect(screen.getByText(/you have not joined yet. Your invitation still works/)).toBeTruthy();
    // The form is still there to try again.
    expect(screen.getByRole('button', { name: 'Accept Invitation' })).toBeTruthy();
  });
});

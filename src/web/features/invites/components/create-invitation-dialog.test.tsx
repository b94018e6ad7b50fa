import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderWithApp, resetTestEnvironment } from '../../../test/utils';
import { CreateInvitationDialog } from './create-invitation-dialog';

vi.setConfig({ testTimeout: 20_000 });

afterEach(resetTestEnvironment);

const created = {
  success: true,
  magicLink: 'http://localhost:3000/invite/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
  qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
  expiresAt: '2026-07-01T10:30:00.000Z',
};

/** The owner has a confirmed address unless a test says otherwise: only then may the server e-mail invitations. */
const me = (email: string | null = 'ana@example.com') => ({ 'GET /api/users/current': () => json(buildCurrentUser({ email })) });
const posts = <R extends { method: string }>(requests: R[]) => requests.filter((r) => r.method !== 'GET');

function renderDialog(inviterFirstName?: string) {
  const onOpenChange = vi.fn();
  renderWithApp(
    <CreateInvitationDialog group={{ id: 'g1', name: 'Night Riders' }} open onOpenChange={onOpenChange} inviterFirstName={inviterFirstName} />,
  );
  const dialog = () => screen.getByRole('dialog');
  const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
  const submit = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Create Invitation' }));
  return { dialog, field, submit, onOpenChange };
}

describe('CreateInvitationDialog', () => {
  it('requires the inviter first name and an invitee name or e-mail', async () => {
    const requests = mockApi(me());
    const { dialog, submit } = renderDialog();
    submit();
    expect(await within(dialog()).findByText('Please enter your first name.')).toBeTruthy();
    expect(within(dialog()).getByText("Please enter either the invitee's name or email address.")).toBeTruthy();
    expect(posts(requests)).toHaveLength(0);
  });

  it('checks the e-mail address when one is given', async () => {
    const requests = mockApi(me());
    const { dialog, field, submit } = renderDialog('Ana');
    await waitFor(() => expect(field('Invitee Email').disabled).toBe(false));
    fireEvent.change(field('Invitee Email'), { target: { value: 'carla@' } });
    submit();
    expect(await within(dialog()).findByText('Please enter a valid email address.')).toBeTruthy();
    expect(within(dialog()).queryByText('Please enter your first name.')).toBeNull();
    expect(posts(requests)).toHaveLength(0);
  });

  it('accepts an e-mail without a name, and a name without an e-mail', async () => {
    const requests = mockApi({ ...me(), 'POST /api/groups/g1/invite': () => json(created, 201) });
    const { dialog, field, submit } = renderDialog('Ana');
    await waitFor(() => expect(field('Invitee Email').disabled).toBe(false));
    fireEvent.change(field('Invitee Email'), { target: { value: ' Carla@Example.com ' } });
    submit();
    await within(dialog()).findByRole('img', { name: 'QR code to join Night Riders' });
    expect(posts(requests)[0]).toEqual({
      method: 'POST',
      url: '/api/groups/g1/invite',
      body: { inviterFirstName: 'Ana', inviteeName: null, inviteeEmail: 'carla@example.com' },
    });
    expect(within(dialog()).getByText('carla@example.com')).toBeTruthy();

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create Another' }));
    fireEvent.change(field('Invitee Name'), { target: { value: 'Dario' } });
    submit();
    await within(dialog()).findByRole('img', { name: 'QR code to join Night Riders' });
    expect(posts(requests)[1]!.body).toEqual({ inviterFirstName: 'Ana', inviteeName: 'Dario', inviteeEmail: null });
  });

  it('shows the link, the QR code and the expiry; Create Another resets the form', async () => {
    mockApi({ ...me(), 'POST /api/groups/g1/invite': () => json(created, 201) });
    const { dialog, field, submit } = renderDialog();
    fireEvent.change(field('Your First Name'), { target: { value: 'Ana' } });
    fireEvent.change(field('Invitee Name'), { target: { value: 'Carla' } });
    submit();

    const qr = await within(dialog()).findByRole('img', { name: 'QR code to join Night Riders' });
    expect(qr.getAttribute('src')).toBe(created.qrCodeDataUrl);
    expect(screen.getByRole('dialog', { name: 'Invitation Created' })).toBeTruthy();
    expect(field('Invitation Link').value).toBe(created.magicLink);
    expect(within(dialog()).getByText(/Expires on/).textContent).toMatch(/Jul 1, 2026/);

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Copy link' })));
    expect(writeText).toHaveBeenCalledWith(created.magicLink);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create Another' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Create Invitation' })).toBeTruthy());
    expect(field('Invitee Name').value).toBe('');
    expect(field('Invitee Email').value).toBe('');
    expect(field('Your First Name').value).toBe('Ana');
  });

  it('explains that only riders with a confirmed address can have invitations e-mailed, and the daily limit', async () => {
    mockApi(me(null));
    const { dialog, field } = renderDialog('Ana');
    expect(await within(dialog()).findByText(/We e-mail invitations only for riders with a confirmed e-mail address/)).toBeTruthy();
    expect(field('Invitee Email').disabled).toBe(true);
    cleanup();
    mockApi(me());
    const second = renderDialog('Ana');
    expect(await within(second.dialog()).findByText(/up to 20 a day/)).toBeTruthy();
    expect(second.field('Invitee Email').disabled).toBe(false);
  });

  it('refuses a first name that carries a link or markup before asking the server', async () => {
    const requests = mockApi(me());
    const { dialog, field, submit } = renderDialog('Visit evil.example');
    fireEvent.change(field('Invitee Name'), { target: { value: 'Carla' } });
    submit();
    expect(await within(dialog()).findByText('Please enter just your first name (letters only, no links).')).toBeTruthy();
    expect(posts(requests)).toHaveLength(0);
  });

  it('shows the daily limit message from the server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'You can have at most 20 invitations e-mailed per day. Share the link or QR code instead, or try again later.';
    mockApi({ ...me(), 'POST /api/groups/g1/invite': () => json({ message }, 429) });
    const { field, submit } = renderDialog('Ana');
    await waitFor(() => expect(field('Invitee Email').disabled).toBe(false));
    fireEvent.change(field('Invitee Email'), { target: { value: 'carla@example.com' } });
    submit();
    expect(await screen.findByText('Failed to Create Invitation')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it("shows the server's message when the invitation cannot be created", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ ...me(), 'POST /api/groups/g1/invite': () => json({ message: 'Only the group owner can invite members' }, 403) });
    const { field, submit } = renderDialog('Ana');
    fireEvent.change(field('Invitee Name'), { target: { value: 'Carla' } });
    submit();
    expect(await screen.findByText('Failed to Create Invitation')).toBeTruthy();
    expect(screen.getByText('Only the group owner can invite members')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create Invitation' })).toBeTruthy();
  });
});

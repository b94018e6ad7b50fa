import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { json, mockApi, renderWithApp, resetTestEnvironment } from '../../../test/utils';
import { LoginDialog } from './login-dialog';

afterEach(resetTestEnvironment);

function renderDialog(onOpenChange = vi.fn()) {
  renderWithApp(<LoginDialog open onOpenChange={onOpenChange} />);
  const dialog = screen.getByRole('dialog', { name: 'Login to Existing Account' });
  const email = within(dialog).getByLabelText('Email Address');
  return { dialog, email, onOpenChange };
}

/** The dialog with `address` typed and "Send Magic Link" pressed. */
function sendLinkTo(address: string) {
  const rendered = renderDialog();
  fireEvent.change(rendered.email, { target: { value: address } });
  fireEvent.click(within(rendered.dialog).getByRole('button', { name: 'Send Magic Link' }));
  return rendered;
}

/** The server refuses the link with this status and answer (the dialog logs the failure). */
function refuseLink(status: number, answer: object, headers: Record<string, string> = {}) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  mockApi({ 'POST /api/auth/magic-link': () => new Response(JSON.stringify(answer), { status, headers }) });
}

describe('LoginDialog', () => {
  it('rejects an empty or whitespace-only e-mail with a toast and sends nothing', async () => {
    const requests = mockApi({});
    sendLinkTo('   ');

    expect(await screen.findByText('Email required')).toBeTruthy();
    expect(screen.getByText('Please enter your email address')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('sends the trimmed address and switches to the Check Your Email view, which says it was sent once (no toast too)', async () => {
    let release: () => void = () => {};
    const requests = mockApi({
      'POST /api/auth/magic-link': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json({ success: true, message: 'sent' }));
        }),
    });
    const { dialog } = sendLinkTo('  rider@example.com ');

    const busy = await within(dialog).findByRole('button', { name: 'Sending...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(requests).toEqual([{ method: 'POST', url: '/api/auth/magic-link', body: { email: 'rider@example.com' } }]);

    await act(async () => release());

    expect(await within(dialog).findByText('Check Your Email')).toBeTruthy();
    expect(within(dialog).getByText('rider@example.com')).toBeTruthy();
    expect(within(dialog).getByText(/expires in 1 hour/)).toBeTruthy();
    expect(screen.getAllByText('Magic link sent!')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('keeps the form and shows the general error when sending fails for another reason', async () => {
    refuseLink(500, { message: 'Internal error' });
    const { dialog } = sendLinkTo('rider@example.com');

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to send magic link. Please try again.');
    expect(screen.getAllByText('Failed to send magic link. Please try again.').length).toBeGreaterThan(0);
    expect(within(dialog).getByLabelText('Email Address')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Send Magic Link' })).toBeTruthy();
  });

  it("shows the server's reason for a refused address", async () => {
    refuseLink(400, { message: 'Invalid email address', field: 'email' });
    const { dialog, email } = sendLinkTo('rider@localhost');

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Invalid email address');
    expect(email.getAttribute('aria-describedby')).toBe(alert.id);
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it.each([
    ['3600', 'Too many sign-in links. Try again in 60 minutes.'],
    ['61', 'Too many sign-in links. Try again in 2 minutes.'],
    ['20', 'Too many sign-in links. Try again in 1 minute.'],
    [null, 'Too many sign-in links. Try again later.'],
  ])('says how long to wait after too many links (Retry-After %s)', async (retryAfter, message) => {
    refuseLink(429, { message: 'Too many sign-in links requested. Please try again later.' }, retryAfter ? { 'Retry-After': retryAfter } : {});
    const { dialog } = sendLinkTo('rider@example.com');

    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
  });

  it('resets the e-mail when closed', async () => {
    mockApi({});
    const onOpenChange = vi.fn();
    const { dialog, email } = renderDialog(onOpenChange);

    fireEvent.change(email, { target: { value: 'rider@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect((within(dialog).getByLabelText('Email Address') as HTMLInputElement).value).toBe('');
  });
});

import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MAGIC_LINK_INVALID_MESSAGE } from '../../../../shared/auth/magic-link';
import { json, mockApi, renderWithApp } from '../../../test/utils';
import { MagicLinkVerification } from './magic-link-verification';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const token = (seed: string) => seed.padEnd(43, 'x');

/** The page as the mailed link opens it; under StrictMode where a test checks the token is sent once. */
function openLink(t: string, { strict = false } = {}) {
  const page = <MagicLinkVerification />;
  return renderWithApp(strict ? <StrictMode>{page}</StrictMode> : page, { path: `/auth/magic-link?token=${t}` });
}

/** The server's answers: signed in (and where to go), or "confirm first" in a browser that did not ask. */
const signedIn = (extra: { groupSlug?: string } = {}) => json({ success: true, status: 'signed_in', purpose: 'sign_in', ...extra });
const confirmationRequired = (email: string) => json({ success: false, status: 'confirmation_required', purpose: 'sign_in', email });
const refused = () => new Response('{"message":"Invalid"}', { status: 401 });

describe('MagicLinkVerification', () => {
  it('says the link is invalid when there is no token, and sends nothing', () => {
    const requests = mockApi({});
    renderWithApp(<MagicLinkVerification />, { path: '/auth/magic-link' });
    expect(screen.getByRole('heading', { name: 'Invalid Magic Link' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('sends a single-use token exactly once under StrictMode, clears the cache and goes home after 1 s', async () => {
    const t = token('success');
    const requests = mockApi({ 'POST /api/auth/verify-magic-link': () => signedIn() });
    const { router, queryClient } = openLink(t, { strict: true });
    queryClient.setQueryData(['users', 'current'], { userId: 'old-guest' });

    expect(screen.getByRole('status', { name: 'Verifying...' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: "You're signed in" })).toBeTruthy();
    expect(requests).toEqual([{ method: 'POST', url: '/api/auth/verify-magic-link', body: { token: t } }]);
    expect(queryClient.getQueryData(['users', 'current'])).toBeUndefined();
    expect(router.state.location.pathname).toBe('/auth/magic-link');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 2000 });
  });

  it('opens the group when the link also completed an invitation', async () => {
    mockApi({ 'POST /api/auth/verify-magic-link': () => signedIn({ groupSlug: 'night-riders' }) });
    const { router } = openLink(token('invitation'));
    expect(await screen.findByText('Taking you to your group...')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups/night-riders'), { timeout: 2000 });
  });

  it('shows the invalid-link message when the server refuses the token', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'POST /api/auth/verify-magic-link': refused });
    openLink(token('refused'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(MAGIC_LINK_INVALID_MESSAGE);
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toBeTruthy();
  });

  it('in a browser that did not ask for the link, asks "Sign in as ...?" and sends the token again only when confirmed', async () => {
    const t = token('confirm');
    const email = 'maximilian.oberhuber-schwarzenberger@motorradfreunde-oberbayern.de';
    const requests = mockApi({
      'POST /api/auth/verify-magic-link': (request) => ((request.body as { confirm?: boolean }).confirm ? signedIn() : confirmationRequired(email)),
    });
    const { router, queryClient } = openLink(t, { strict: true });
    queryClient.setQueryData(['users', 'current'], { userId: 'guest' });

    const heading = await screen.findByRole('heading', { name: `Sign in as ${email}?` });
    // Focus moves to the question once it has rendered (an effect), so it is waited for.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(requests).toEqual([{ method: 'POST', url: '/api/auth/verify-magic-link', body: { token: t } }]);
    // Asking changed nothing: the cache still belongs to whoever opened the page.
    expect(queryClient.getQueryData(['users', 'current'])).toEqual({ userId: 'guest' });
    expect(screen.getByRole('link', { name: 'Not now' }).getAttribute('href')).toBe('/');

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: "You're signed in" })).toBeTruthy();
    expect(requests.at(-1)).toEqual({ method: 'POST', url: '/api/auth/verify-magic-link', body: { token: t, confirm: true } });
    expect(requests).toHaveLength(2);
    expect(queryClient.getQueryData(['users', 'current'])).toBeUndefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 2000 });
  });

  it('says the link is invalid when the confirmation is refused (used meanwhile)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'POST /api/auth/verify-magic-link': (request) => ((request.body as { confirm?: boolean }).confirm ? refused() : confirmationRequired('a@example.com')),
    });
    openLink(token('raced'));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MAGIC_LINK_INVALID_MESSAGE);
  });
});

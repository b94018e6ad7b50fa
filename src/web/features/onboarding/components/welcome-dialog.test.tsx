import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryObserver } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../../../api/users';
import { buildCurrentUser, json, mockApi, renderWithApp } from '../../../test/utils';
import { i18n } from '../../../lib/i18n/i18n';
import { resetTestLanguage } from '../../../test/language';
import { WelcomeDialog } from './welcome-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetTestLanguage();
});

const firstVisitor = buildCurrentUser({ isFirstVisit: true, userId: 'dusty-throttle-7' });

function setup(onLogin = vi.fn()) {
  const requests = mockApi({
    'POST /api/users/mark-welcome-seen': () => json({ success: true }),
    'POST /api/events': () => new Response(null, { status: 202 }),
    'GET /api/users/current': () => json({ ...firstVisitor, isFirstVisit: false }),
    [`PATCH /api/users/${firstVisitor.id}`]: () => json({ ...firstVisitor, emailConfirmationSentTo: null }),
  });
  const view = renderWithApp(<WelcomeDialog user={firstVisitor} appName="RoadCaptain" onLogin={onLogin} />);
  const dialog = screen.getByRole('dialog', { name: 'Welcome to RoadCaptain!' });
  return { ...view, requests, dialog, onLogin };
}

const calls = (requests: { method: string; url: string }[]) => requests.map((r) => `${r.method} ${r.url}`);

describe('WelcomeDialog', () => {
  it('takes the focus itself once drawn, not one of the choices; a choice the rider reached first keeps it', async () => {
    const { dialog } = setup();
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    cleanup();
    // The frame after opening is drawn when the test says so.
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const again = setup().dialog;
    const choice = within(again).getByRole('button', { name: 'Continue to Dashboard' });
    choice.focus();
    for (const frame of frames.splice(0)) frame(performance.now());
    // The dialog's focus task was queued by that frame, before this one.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(choice);
  });

  it('greets with the product name and shows the generated user id', () => {
    const { dialog } = setup();
    expect(within(dialog).getByText(/You're now/).textContent).toBe("You're now dusty-throttle-7");
    expect(within(dialog).getByText('You can change this in your profile')).toBeTruthy();
  });

  it.each([
    ['Join a Group', '/finder', 'join_group'],
    ['Start a Group', '/groups?action=create', 'start_group'],
    ['Find Nearby Rides', '/finder', 'find_rides'],
  ])('%s marks the welcome as seen, records the action, then goes to %s', async (label, target, action) => {
    const { dialog, requests, router } = setup();

    fireEvent.click(within(dialog).getByRole('button', { name: label }));

    expect(calls(requests).slice(0, 2)).toEqual(['POST /api/users/mark-welcome-seen', 'POST /api/events']);
    expect(requests[1]?.body).toEqual({ category: 'onboarding', event: 'welcome_action', properties: { action } });
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(target));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Login as existing user marks the welcome as seen and opens the login dialog', () => {
    const { dialog, requests, onLogin } = setup();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Login as existing user' }));

    expect(calls(requests)[0]).toBe('POST /api/users/mark-welcome-seen');
    expect(onLogin).toHaveBeenCalledOnce();
  });

  it('closing with Escape also marks the welcome as seen', async () => {
    const { dialog, requests } = setup();

    fireEvent.keyDown(dialog, { key: 'Escape' });

    expect(calls(requests)[0]).toBe('POST /api/users/mark-welcome-seen');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers the language, which switches the app at once and is saved for the guest', async () => {
    const { dialog, requests } = setup();
    const requestsBefore = requests.length;
    const language = within(dialog).getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(language.value).toBe('en');

    fireEvent.change(language, { target: { value: 'nl' } });

    await waitFor(() => expect(document.documentElement.lang).toBe('nl'));
    expect(i18n.locale).toBe('nl');
    await waitFor(() => expect(requests.slice(requestsBefore).map((r) => [`${r.method} ${r.url}`, r.body])).toContainEqual([`PATCH /api/users/${firstVisitor.id}`, { language: 'nl' }]));
    // Choosing a language is not an answer to the welcome: it stays open, now in Dutch.
    expect(await screen.findByRole('dialog', { name: 'Welkom bij RoadCaptain!' })).toBeTruthy();
  });

  it('refetches the current user after marking succeeds', async () => {
    const { dialog, requests, queryClient } = setup();
    queryClient.setQueryData(currentUserQueryOptions().queryKey, firstVisitor);
    // An observer makes the query active, so invalidation refetches it.
    const unsubscribe = new QueryObserver(queryClient, currentUserQueryOptions()).subscribe(() => {});

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Dashboard' }));

    await waitFor(() => expect(calls(requests)).toContain('GET /api/users/current'));
    unsubscribe();
  });

  it('closes anyway when marking fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'POST /api/users/mark-welcome-seen': () => new Response('', { status: 500 }), 'POST /api/events': () => new Response(null, { status: 202 }) });
    renderWithApp(<WelcomeDialog user={firstVisitor} appName="RoadCaptain" onLogin={vi.fn()} />);

    fireEvent.click(screen.getByRole('button', { name: 'Continue to Dashboard' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(console.error).toHaveBeenCalled());
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { json, mockApi, renderWithApp } from '../../../test/utils';
import { SignedOutPage } from './signed-out-page';
import { createQueryClient } from '../../../lib/query-client';
import { FakeCacheStorage } from '../../../test/fake-cache-storage';

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SignedOutPage', () => {
  it('says "You\'re signed out" and reads no current user (which would make a guest)', async () => {
    // The clock jumps instead of a real wait: whatever the page schedules runs before the check.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const requests = mockApi({ 'GET /api/app-config': () => json({ appName: 'RoadCaptain' }) });
    renderWithApp(<SignedOutPage />, { path: '/signed-out' });
    const heading = screen.getByRole('heading', { name: "You're signed out" });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue as guest' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(requests.some((r) => r.url.startsWith('/api/users/current'))).toBe(false);
  });

  it('forgets every answer cached for the session that ended', () => {
    mockApi({});
    const queryClient = createQueryClient();
    queryClient.setQueryData(['users', 'current'], { userId: 'gravel-grinder' });
    queryClient.setQueryData(['groups', 'mine'], []);
    renderWithApp(<SignedOutPage />, { path: '/signed-out', queryClient });
    expect(queryClient.getQueryCache().getAll().map((query) => query.queryKey)).toEqual([]);
  });

  it('deletes the answers and map tiles kept for offline once shown, also those the last page kept after Logout wiped them', async () => {
    mockApi({});
    const storage = new FakeCacheStorage(window.location.origin);
    vi.stubGlobal('caches', storage);
    await (await storage.open('map-tiles')).put('https://tiles.example/14/8708/5926.png', new Response('tile'));
    await (await storage.open('saved-answers')).put('/api/users/current', new Response('{}'));
    renderWithApp(<SignedOutPage />, { path: '/signed-out' });
    await vi.waitFor(async () => expect(await storage.keys()).toEqual([]));
  });

  it('"Sign in" opens the login dialog, and sending a link still reads no current user', async () => {
    const requests = mockApi({ 'POST /api/auth/magic-link': () => json({ success: true, message: 'sent' }) });
    renderWithApp(<SignedOutPage />, { path: '/signed-out' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login to Existing Account' });
    fireEvent.change(within(dialog).getByLabelText('Email Address'), { target: { value: 'rider@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Magic Link' }));
    expect(await within(dialog).findByText('Check Your Email')).toBeTruthy();
    expect(requests.some((r) => r.url.startsWith('/api/users/current'))).toBe(false);
  });

  it('"Continue as guest" goes to the dashboard', () => {
    mockApi({});
    const { router } = renderWithApp(<SignedOutPage />, { path: '/signed-out' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue as guest' }));
    expect(router.state.location.pathname).toBe('/');
  });
});

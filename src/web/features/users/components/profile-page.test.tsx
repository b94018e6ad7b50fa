import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderRoutes } from '../../../test/utils';
import { ProfilePage } from './profile-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProfilePage', () => {
  it("says the profile couldn't load like every page does, with Try again and a way back, when the server fails", async () => {
    let calls = 0;
    mockApi({
      'GET /api/users/current': () => json(buildCurrentUser()),
      'GET /api/users/profile/gravelwolf': () => {
        calls += 1;
        return json({ message: 'Service Unavailable' }, 503);
      },
    });
    renderRoutes([{ path: '/profile/:username', element: <ProfilePage /> }], { path: '/profile/gravelwolf' });
    await screen.findByText("Couldn't load this profile");
    expect(screen.getByText('Check your connection and try again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(calls).toBe(2));
  });
});

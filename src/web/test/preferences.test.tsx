import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderWithApp } from './utils';
import { usePreferences } from '../api/users';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Units() {
  return <p>Distances in {usePreferences().units}</p>;
}

describe('usePreferences', () => {
  it("gives the rider's own units once their account is read", async () => {
    mockApi({ 'GET /api/users/current': () => json(buildCurrentUser({ preferredUnits: 'miles' })) });
    renderWithApp(<Units />);
    expect(await screen.findByText('Distances in miles')).toBeTruthy();
  });

  it('gives kilometres while the account is not read yet, or cannot be', async () => {
    mockApi({ 'GET /api/users/current': () => json({ message: 'boom' }, 500) });
    renderWithApp(<Units />);
    expect(screen.getByText('Distances in kilometers')).toBeTruthy();
  });
});

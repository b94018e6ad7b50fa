import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderWithApp } from '../../../test/utils';
import { buildRide } from '../../../test/ride-fixture';
import { RidesTab } from './rides-tab';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
// Without coordinates a card draws no route, so these tests need no route answers.
const ride = (id: string, name: string, days: number) =>
  buildRide({ id, name, slug: id, startDate: inDays(days), endDate: inDays(days), startLatitude: null, startLongitude: null, endLatitude: null, endLongitude: null, waypoints: [] });
const rider = { 'GET /api/users/current': () => json(buildCurrentUser()) };

describe('RidesTab', () => {
  it('shows what comes next under Upcoming rides and the ended rides under Past rides, in the order the server sends', async () => {
    mockApi({ ...rider, 'GET /api/groups/g1/rides': () => json([ride('r1', 'Futa Loop', 2), ride('r2', 'Raticosa Run', 9), ride('r3', 'Last Sunday', -7), ride('r4', 'Spring Opener', -200)]) });
    renderWithApp(<RidesTab groupId="g1" />);
    const upcoming = await screen.findByRole('list', { name: 'Upcoming rides' });
    expect(within(upcoming).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Futa Loop', 'Raticosa Run']);
    const past = screen.getByRole('list', { name: 'Past rides' });
    expect(within(past).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Last Sunday', 'Spring Opener']);
    expect(screen.getByRole('heading', { level: 2, name: 'Past rides' })).toBeTruthy();
  });

  it('keeps one plain list while no ride has ended, and says nothing is planned when only past rides remain', async () => {
    mockApi({ ...rider, 'GET /api/groups/g1/rides': () => json([ride('r1', 'Futa Loop', 2)]) });
    renderWithApp(<RidesTab groupId="g1" />);
    expect(await screen.findByRole('list', { name: 'Rides' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Past rides' })).toBeNull();
    cleanup();

    mockApi({ ...rider, 'GET /api/groups/g2/rides': () => json([ride('r3', 'Last Sunday', -7)]) });
    renderWithApp(<RidesTab groupId="g2" />);
    expect(await screen.findByText('No rides planned yet.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Past rides' })).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Last Sunday']);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderWithApp } from '../../../test/utils';
import { buildRide } from '../../../test/ride-fixture';
import { DashboardContent } from './dashboard-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the dashboard’s Upcoming Rides', () => {
  it('leaves a cancelled ride out of the next rides', async () => {
    mockApi({
      'GET /api/users/current': () => json(buildCurrentUser()),
      'GET /api/dashboard/stats': () => json({ upcomingRides: 2, activeGroups: 1, milesPlanned: 120 }),
      'GET /api/polls/active': () => json([]),
      'GET /api/groups': () => json([]),
      'GET /api/app-config': () => json({ appName: 'RoadCaptain', tileUrl: '', tileAttribution: '', placeSearch: 'towns' }),
      'GET /api/route': () => json({ geometry: null, distanceKm: null, source: 'none' }),
      'GET /api/rides/upcoming': () =>
        json([
          buildRide({ id: 'off', name: 'Stelvio Weekend (called off)', slug: 'stelvio', status: 'cancelled' }),
          buildRide({ id: 'on', name: 'Futa Loop', slug: 'futa-loop' }),
          buildRide({ id: 'on2', name: 'Raticosa Sunrise', slug: 'raticosa' }),
        ]),
    });
    renderWithApp(<DashboardContent />);
    const next = await screen.findByRole('list', { name: 'Next rides' }, { timeout: 5000 });
    expect(within(next).getAllByRole('listitem').map((li) => li.querySelector('h3')?.textContent ?? li.textContent)).toEqual([
      expect.stringContaining('Futa Loop'),
      expect.stringContaining('Raticosa Sunrise'),
    ]);
    expect(screen.queryByText('Stelvio Weekend (called off)')).toBeNull();
  });
});

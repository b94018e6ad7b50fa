import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderWithApp, resetTestEnvironment, stubResizeObserver } from '../../../test/utils';
import { createQueryClient } from '../../../lib/query-client';
import { currentUserQueryOptions } from '../../../api/users';
import { buildRide } from '../../../test/ride-fixture';
import { UpcomingRidesPage } from './upcoming-rides-page';

beforeEach(stubResizeObserver);

afterEach(resetTestEnvironment);

function renderUpcoming() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryOptions().queryKey, buildCurrentUser());
  renderWithApp(<UpcomingRidesPage />, { path: '/upcoming', queryClient });
}

describe('UpcomingRidesPage', () => {
  it('with no ride ahead, says so and offers the finder and Create Ride', async () => {
    // Create Ride's dialog reads the rider's groups for its Group field.
    mockApi({ 'GET /api/rides/upcoming': () => json([]), 'GET /api/groups': () => json([]) });
    renderUpcoming();
    const heading = await screen.findByRole('heading', { level: 2, name: 'No upcoming rides' });
    const panel = within(heading.parentElement!);
    expect(panel.getByText('Find a ride near you, or plan one for your group.')).toBeTruthy();
    expect(panel.getByRole('link', { name: 'Find Rides' }).getAttribute('href')).toBe('/finder');
    fireEvent.click(panel.getByRole('button', { name: 'Create Ride' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('when the rides fail to load, says so and loads them again on Try again', async () => {
    let fail = true;
    mockApi({
      'GET /api/rides/upcoming': () => (fail ? json({ message: 'boom' }, 500) : json([buildRide({ name: 'Sunday Loop' })])),
      'GET /api/route': () => json({ geometry: null, distanceKm: null, source: 'none' }),
    });
    renderUpcoming();
    const heading = await screen.findByRole('heading', { level: 2, name: "Couldn't load your rides" });
    expect(within(heading.parentElement!).getByText('Check your connection and try again.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(heading.parentElement!).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Sunday Loop')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: "Couldn't load your rides" })).toBeNull();
  });
});

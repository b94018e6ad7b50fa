import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderWithApp, resetTestEnvironment, stubResizeObserver } from '../../../test/utils';
import { createQueryClient } from '../../../lib/query-client';
import { currentUserQueryOptions } from '../../../api/users';
import { FinderPage } from './finder-page';

beforeEach(stubResizeObserver);

afterEach(resetTestEnvironment);

const NOTHING = { results: [], total: 0, nextOffset: null };

/** The finder as the app shows it: the rider is known before the page renders. */
function renderFinder(user = buildCurrentUser()) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
  renderWithApp(<FinderPage />, { path: '/finder', queryClient });
}

describe('FinderPage', () => {
  it('asks where the rider rides when their profile has no location, and searches nothing yet', async () => {
    const requests = mockApi({});
    renderFinder();
    expect(await screen.findByText('Where do you ride?')).toBeTruthy();
    expect(requests.filter((r) => r.url.includes('/finder'))).toEqual([]);
  });

  it('searches around the profile’s location, says so, and widens the radius by 50 km on Expand Search', async () => {
    const requests = mockApi({ 'GET /api/groups/finder': () => json(NOTHING), 'GET /api/rides/finder': () => json(NOTHING) });
    renderFinder(buildCurrentUser({ location: 'Bologna, Emilia-Romagna, Italy', latitude: 44.49, longitude: 11.34 }));
    expect((await screen.findByText('Bologna, Emilia-Romagna, Italy')).closest('p')?.textContent).toBe('Within 50 km of Bologna, Emilia-Romagna, Italy');
    expect(await screen.findByText('No groups within 50 km')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Groups \(0\)/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Expand Search' }));
    expect(await screen.findByText('No groups within 100 km')).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.url.startsWith('/api/groups/finder?') && r.url.includes('radius=100'))).toBe(true));
  });
});

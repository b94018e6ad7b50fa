import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Series } from '../../../../shared/series/series-rule';
import { buildCurrentUser, json, mockApi, renderRoutes, resetTestEnvironment } from '../../../test/utils';
import { SeriesPage } from './series-page';

afterEach(resetTestEnvironment);

const series: Series = {
  id: 's1',
  label: 'Every Sunday',
  name: 'Sunday breakfast',
  groupId: 'g1',
  group: { id: 'g1', name: 'Apennine Riders', slug: 'apennine-riders' },
  timezone: 'Europe/Rome',
  startTime: '09:00',
  firstDay: '2026-12-06',
  rule: { frequency: 'weekly', interval: 1, weekdays: ['SU'] },
  ended: false,
  ridesEverySeries: false,
  upcoming: [
    { id: 'r1', slug: 'sunday-breakfast-dec-6-2026', day: '2026-12-06', startDate: '2026-12-06T08:00:00.000Z', status: 'confirmed' },
    { id: 'r2', slug: 'sunday-breakfast-dec-13-2026', day: '2026-12-13', startDate: '2026-12-13T08:00:00.000Z', status: 'cancelled' },
  ],
};

describe('SeriesPage', () => {
  it('lists the upcoming rides, a skipped one struck through, and rides every one', async () => {
    const requests = mockApi({
      'GET /api/users/current': () => json(buildCurrentUser()),
      'GET /api/series/s1': () => json(series),
      'POST /api/series/s1/join': () => json({ ...series, ridesEverySeries: true }),
    });
    renderRoutes([{ path: '/series/:seriesId', element: <SeriesPage /> }], { path: '/series/s1' });
    expect(await screen.findByRole('heading', { name: 'Sunday breakfast' })).toBeTruthy();
    expect(screen.getByText('Every Sunday')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Apennine Riders' }).getAttribute('href')).toBe('/groups/apennine-riders');
    expect(screen.getByRole('link', { name: 'Dec 6, 2026' }).getAttribute('href')).toBe('/rides/r1');
    expect(screen.getByRole('link', { name: 'Dec 13, 2026' }).className).toContain('line-through');
    fireEvent.click(screen.getByRole('button', { name: 'Ride every one' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url === '/api/series/s1/join')).toBe(true));
  });
});

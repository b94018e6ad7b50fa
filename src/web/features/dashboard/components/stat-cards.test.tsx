import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { json, mockApi, renderWithApp } from '../../../test/utils';
import { plannedDistance, StatCards } from './stat-cards';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('planned distance', () => {
  it('is kilometres as sent, or miles at 0.621371 per km, with 1 decimal', () => {
    expect(plannedDistance(123.45, 'kilometers')).toEqual({ label: 'Kilometers', value: '123.5' });
    expect(plannedDistance(100, 'miles')).toEqual({ label: 'Miles', value: '62.1' });
    expect(plannedDistance(0, 'miles')).toEqual({ label: 'Miles', value: '0.0' });
  });

  it('shows the three stat cards', async () => {
    mockApi({ 'GET /api/dashboard/stats': () => json({ upcomingRides: 3, activeGroups: 2, milesPlanned: 250 }) });
    renderWithApp(<StatCards units="miles" />);
    expect(await screen.findByText('155.3')).toBeTruthy();
    expect(screen.getByText('Miles')).toBeTruthy();
    expect(screen.getByText('Upcoming Rides').closest('div')?.textContent).toContain('3');
    expect(screen.getByText('Active Groups').closest('div')?.textContent).toContain('2');
  });
});

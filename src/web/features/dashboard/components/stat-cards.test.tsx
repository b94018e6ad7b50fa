import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { i18n } from '../../../lib/i18n/i18n';
import { json, mockApi, renderWithApp } from '../../../test/utils';
import { untranslatedTexts, usePseudoLocale } from '../../../test/pseudo-locale';
import { plannedDistance, StatCards } from './stat-cards';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('planned distance', () => {
  it('is kilometres as sent, or miles at 0.621371 per km, with 1 decimal', () => {
    expect(plannedDistance(123.45, 'kilometers', i18n)).toEqual({ label: 'Kilometers', value: '123.5' });
    expect(plannedDistance(100, 'miles', i18n)).toEqual({ label: 'Miles', value: '62.1' });
    expect(plannedDistance(0, 'miles', i18n)).toEqual({ label: 'Miles', value: '0.0' });
  });

  it('shows the three stat cards', async () => {
    mockApi({ 'GET /api/dashboard/stats': () => json({ upcomingRides: 3, activeGroups: 2, milesPlanned: 250 }) });
    renderWithApp(<StatCards units="miles" />);
    expect(await screen.findByText('155.3')).toBeTruthy();
    expect(screen.getByText('Miles')).toBeTruthy();
    expect(screen.getByText('Upcoming Rides').closest('div')?.textContent).toContain('3');
    expect(screen.getByText('Active Groups').closest('div')?.textContent).toContain('2');
  });

  it('says its texts again in the language the rider switches to', async () => {
    mockApi({ 'GET /api/dashboard/stats': () => json({ upcomingRides: 3, activeGroups: 2, milesPlanned: 250 }) });
    const { container } = renderWithApp(<StatCards units="miles" />);
    expect(await screen.findByText('155.3')).toBeTruthy();
    act(() => usePseudoLocale());
    expect(screen.queryByText('Miles')).toBeNull();
    expect(untranslatedTexts(container)).toEqual([]);
  });
});

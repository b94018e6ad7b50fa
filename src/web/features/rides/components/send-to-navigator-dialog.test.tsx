import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { mockApi, renderWithApp } from '../../../test/utils';
import { buildRide } from '../../../test/ride-fixture';
import { SendToNavigator } from './send-to-navigator-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Send to navigator', () => {
  it('offers the GPX and ITN files and the calendar file, each with a hint for its devices', async () => {
    mockApi({});
    renderWithApp(<SendToNavigator ride={buildRide({ id: 'r1', startLatitude: 44.5, startLongitude: 11.3, endLatitude: 44.8, endLongitude: 10.3 })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send to navigator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to navigator' });
    const gpx = within(dialog).getByRole('link', { name: 'GPX route and track' });
    expect(gpx.getAttribute('href')).toBe('/api/rides/r1/export?format=gpx');
    expect(gpx.hasAttribute('download')).toBe(true);
    expect(gpx.getAttribute('aria-describedby') && document.getElementById(gpx.getAttribute('aria-describedby')!)?.textContent).toMatch(/Garmin.*route.*OsmAnd.*track/);
    const itn = within(dialog).getByRole('link', { name: 'TomTom itinerary (ITN)' });
    expect(itn.getAttribute('href')).toBe('/api/rides/r1/export?format=itn');
    const older = within(dialog).getByRole('link', { name: 'Older TomTom (ITN, 48 points)' });
    expect(older.getAttribute('href')).toBe('/api/rides/r1/export?format=itn-compact');
    expect(older.hasAttribute('download')).toBe(true);
    expect(document.getElementById(older.getAttribute('aria-describedby')!)?.textContent).toMatch(/48 points/);
    expect(within(dialog).getByRole('link', { name: 'Add to calendar (.ics)' }).getAttribute('href')).toBe('/api/rides/r1/calendar.ics');
  });

  it('explains why there is no file for a ride with fewer than two stops on the map', async () => {
    mockApi({});
    renderWithApp(<SendToNavigator ride={buildRide({ startLatitude: null, startLongitude: null, endLatitude: 44.8, endLongitude: 10.3, waypoints: [], midpointLocation: null })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send to navigator' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/needs at least two stops on the map/)).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: /GPX/ })).toBeNull();
  });
});

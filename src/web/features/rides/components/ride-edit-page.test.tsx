import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderRoutes, resetTestEnvironment } from '../../../test/utils';
import { buildRide } from '../../../test/ride-fixture';
import { activateLocale } from '../../../lib/i18n/i18n';
import { resetTestLanguage } from '../../../test/language';
import { RideEditPage } from './ride-edit-page';

afterEach(() => {
  resetTestEnvironment();
  resetTestLanguage();
});

describe('RideEditPage', () => {
  it('shows the server’s seats message under Max Riders when the maximum is below the riders who joined', async () => {
    const owned = buildRide({ isParticipant: true, abilities: { join: false, leave: false, edit: true, delete: true, comment: true, uploadMedia: true } });
    const requests = mockApi({
      'GET /api/users/current': () => json(buildCurrentUser()),
      'GET /api/rides/r1': () => json(owned),
      'GET /api/groups': () => json([]),
      'GET /api/app-config': () => json({ appName: 'RoadCaptain', tileUrl: '', tileAttribution: '', placeSearch: 'towns' }),
      'PATCH /api/rides/r1': () => json({ message: '4 riders have joined; maximum riders cannot be less than 4' }, 409),
    });
    const { router } = renderRoutes([{ path: '/rides/:rideId/edit', element: <RideEditPage /> }], { path: '/rides/r1/edit' });
    const max = await screen.findByLabelText('Max Riders', {}, { timeout: 5000 });
    fireEvent.change(max, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('4 riders have joined; maximum riders cannot be less than 4')).toBeTruthy();
    await waitFor(() => expect(max.getAttribute('aria-invalid')).toBe('true'));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ maxRiders: 2 });
    expect(router.state.location.pathname).toBe('/rides/r1/edit');
  });
  it('shows an Italian rider the 409 in Italian, from its code and parameters', async () => {
    await activateLocale('it');
    const owned = buildRide({ isParticipant: true, abilities: { join: false, leave: false, edit: true, delete: true, comment: true, uploadMedia: true } });
    mockApi({
      'GET /api/users/current': () => json(buildCurrentUser()),
      'GET /api/rides/r1': () => json(owned),
      'GET /api/groups': () => json([]),
      'GET /api/app-config': () => json({ appName: 'RoadCaptain', tileUrl: '', tileAttribution: '', placeSearch: 'towns' }),
      'PATCH /api/rides/r1': () =>
        json({ message: '4 riders have joined; maximum riders cannot be less than 4', code: 'too_few_seats', params: { seats: 4 } }, 409),
    });
    renderRoutes([{ path: '/rides/:rideId/edit', element: <RideEditPage /> }], { path: '/rides/r1/edit' });
    const max = await screen.findByLabelText('Max partecipanti', {}, { timeout: 5000 });
    fireEvent.change(max, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva modifiche' }));
    expect(await screen.findByText('4 motociclisti si sono iscritti; il numero massimo di partecipanti non può essere inferiore a 4')).toBeTruthy();
    expect(screen.queryByText(/riders have joined/)).toBeNull();
  });
  it('sends only what changed to "this and following": the name without its day, the start as a time', async () => {
    const owned = buildRide({
      name: 'Sunday breakfast · Dec 13, 2026',
      startDate: '2026-12-13T08:00:00.000Z',
      endDate: '2026-12-13T08:00:00.000Z',
      series: { id: 's1', label: 'Every Sunday', rule: { frequency: 'weekly', interval: 1, weekdays: ['SU'] }, day: '2026-12-13' },
      isParticipant: true,
      abilities: { join: false, leave: false, edit: true, delete: true, comment: true, uploadMedia: true },
    });
    const requests = mockApi({
      'GET /api/users/current': () => json(buildCurrentUser()),
      'GET /api/rides/r1': () => json(owned),
      'GET /api/groups': () => json([]),
      'GET /api/app-config': () => json({ appName: 'RoadCaptain', tileUrl: '', tileAttribution: '', placeSearch: 'towns' }),
      'PATCH /api/rides/r1/following': () => json({ ...owned, name: 'Early breakfast · Dec 13, 2026' }),
    });
    renderRoutes([
      { path: '/rides/:rideId/edit', element: <RideEditPage /> },
      { path: '/rides/:rideId', element: <p>ride page</p> },
      { path: '/groups/:g/rides/:r', element: <p>ride page</p> },
    ], { path: '/rides/r1/edit' });
    const scope = await screen.findByLabelText('Apply changes to', {}, { timeout: 5000 });
    fireEvent.change(scope, { target: { value: 'following' } });
    fireEvent.change(screen.getByLabelText('Ride Name'), { target: { value: 'Early breakfast · Dec 13, 2026' } });
    fireEvent.change(screen.getByLabelText('Start Time'), { target: { value: '08:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(requests.find((r) => r.method === 'PATCH')).toMatchObject({ url: '/api/rides/r1/following', body: { name: 'Early breakfast', startTime: '08:00' } });
    expect(Object.keys(requests.find((r) => r.method === 'PATCH')!.body as object).sort()).toEqual(['name', 'startTime']);
  });
});

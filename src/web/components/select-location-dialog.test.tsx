import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PLACES_PLACEHOLDER, TOWNS_PLACEHOLDER } from '../api/app-config';
import { buildCurrentUser, json, mockApi, renderWithApp, resetTestEnvironment } from '../test/utils';
import { activateLocale } from '../lib/i18n/i18n';
import { resetTestLanguage } from '../test/language';
import { GEOLOCATION_OPTIONS, SelectLocationDialog } from './select-location-dialog';

afterEach(resetTestEnvironment);

const bologna = { place_id: 'g1', display_name: 'Bologna, Emilia-Romagna, Italy', lat: '44.49381', lon: '11.33876', type: 'city' };

/** The dialog ranks places near the signed-in rider, so it reads the current user. */
const rider = { 'GET /api/users/current': () => json(buildCurrentUser()) };

function renderDialog(onSelect = vi.fn(), onOpenChange = vi.fn()) {
  renderWithApp(<SelectLocationDialog open onOpenChange={onOpenChange} onSelect={onSelect} />);
  const dialog = screen.getByRole('dialog', { name: 'Select Location' });
  return { dialog, onSelect, onOpenChange };
}

const searches = (requests: Array<{ url: string }>) => requests.map((r) => r.url).filter((url) => url.startsWith('/api/search-location'));

function stubGeolocation(getCurrentPosition: Geolocation['getCurrentPosition']) {
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
}

describe('SelectLocationDialog', () => {
  it('promises landmarks and addresses only when the server has a geocoder (app-config placeSearch)', async () => {
    mockApi({ ...rider, 'GET /api/app-config': () => json({ appName: 'RoadCaptain', tileUrl: '', tileAttribution: '', placeSearch: 'places' }) });
    const { dialog } = renderDialog();
    expect(within(dialog).getByPlaceholderText(TOWNS_PLACEHOLDER)).toBeTruthy();
    expect(await within(dialog).findByPlaceholderText(PLACES_PLACEHOLDER)).toBeTruthy();
    expect(PLACES_PLACEHOLDER).toBe('Search for a city, address, or landmark...');
  });

  it('shows the idle empty state, then skeleton rows, then results with type and 4-decimal coordinates', async () => {
    const requests = mockApi({ ...rider, 'GET /api/search-location': () => json([bologna]) });
    const { dialog, onSelect, onOpenChange } = renderDialog();
    expect(within(dialog).getByText('Search for a location or use your current position.')).toBeTruthy();

    const input = within(dialog).getByPlaceholderText(TOWNS_PLACEHOLDER);
    fireEvent.change(input, { target: { value: 'Bologna' } });
    expect(within(dialog).getAllByTestId('location-skeleton')).toHaveLength(3);
    expect(searches(requests)).toHaveLength(0);

    const result = await within(dialog).findByRole('button', { name: /Bologna, Emilia-Romagna, Italy/ }, { timeout: 2000 });
    expect(searches(requests)).toEqual(['/api/search-location?q=Bologna']);
    expect(result.textContent).toContain('City');
    expect(result.textContent).toContain('44.4938, 11.3388');

    fireEvent.click(result);
    expect(onSelect).toHaveBeenCalledWith({ address: 'Bologna, Emilia-Romagna, Italy', latitude: 44.49381, longitude: 11.33876 });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("reads the results in a Polish rider's language: the place as the server writes it for them, its type from its code", async () => {
    await act(() => activateLocale('pl'));
    onTestFinished(resetTestLanguage);
    // What GET /api/search-location answers a rider whose language is Polish (geocoding.test.ts).
    const munich = { place_id: 'geonames:2867714', display_name: 'Monachium, Bawaria, Niemcy', lat: '48.13743', lon: '11.57549', type: 'city' };
    const bavaria = { place_id: 'admin1:DE.02', display_name: 'Bawaria, Niemcy', lat: '48.9', lon: '11.4', type: 'state' };
    const germany = { place_id: 'country:DE', display_name: 'Niemcy', lat: '51.2', lon: '10.4', type: 'country' };
    const pass = { place_id: 'osm:N1', display_name: 'Passo dello Stelvio, Bormio, Włochy', lat: '46.5286', lon: '10.4531', type: 'mountain_pass' };
    const odd = { place_id: 'osm:N2', display_name: 'Monachium Hbf, Monachium, Niemcy', lat: '48.14', lon: '11.56', type: 'railway_station' };
    mockApi({ 'GET /api/users/current': () => json(buildCurrentUser({ language: 'pl' })), 'GET /api/search-location': () => json([munich, bavaria, germany, pass, odd]) });
    renderWithApp(<SelectLocationDialog open onOpenChange={vi.fn()} onSelect={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Wybierz lokalizację' });
    fireEvent.change(within(dialog).getByRole('searchbox'), { target: { value: 'München' } });
    const list = await within(dialog).findByRole('list', { name: 'Miejsca' }, { timeout: 2000 });
    const rows = within(list).getAllByRole('button').map((row) => row.textContent);
    expect(rows).toEqual([
      'Monachium, Bawaria, NiemcyMiasto·48.1374, 11.5755',
      'Bawaria, NiemcyRegion·48.9000, 11.4000',
      'NiemcyKraj·51.2000, 10.4000',
      'Passo dello Stelvio, Bormio, WłochyPrzełęcz·46.5286, 10.4531',
      'Monachium Hbf, Monachium, NiemcyMiejsce·48.1400, 11.5600',
    ]);
  });

  it('empties the results when the text is cleared', async () => {
    mockApi({ ...rider, 'GET /api/search-location': () => json([bologna]) });
    const { dialog } = renderDialog();
    fireEvent.change(within(dialog).getByPlaceholderText(TOWNS_PLACEHOLDER), { target: { value: 'Bologna' } });
    await within(dialog).findByRole('button', { name: /Bologna, Emilia-Romagna, Italy/ }, { timeout: 2000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear search' }));
    expect(within(dialog).queryByRole('button', { name: /Bologna/ })).toBeNull();
    expect(within(dialog).getByText('Search for a location or use your current position.')).toBeTruthy();
  });

  it('says when nothing was found', async () => {
    mockApi({ ...rider, 'GET /api/search-location': () => json([]) });
    const { dialog } = renderDialog();
    fireEvent.change(within(dialog).getByPlaceholderText(TOWNS_PLACEHOLDER), { target: { value: 'Qqqq' } });
    expect(await within(dialog).findByText('No locations found for the query', undefined, { timeout: 2000 })).toBeTruthy();
    expect(within(dialog).getByText('Try searching for a city, state, or country')).toBeTruthy();
  });

  it('toasts a failed search and clears the results', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ ...rider, 'GET /api/search-location': () => new Response('', { status: 500 }) });
    const { dialog } = renderDialog();
    fireEvent.change(within(dialog).getByPlaceholderText(TOWNS_PLACEHOLDER), { target: { value: 'Bologna' } });
    expect(await screen.findByText('Failed to search locations. Please try again.', undefined, { timeout: 2000 })).toBeTruthy();
    expect(screen.getByText('Search failed')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Bologna/ })).toBeNull();
  });

  it('uses the current position, named by a reverse look-up on our server', async () => {
    const requests = mockApi({ ...rider, 'GET /api/search-location': () => json([bologna]) });
    const getCurrentPosition = vi.fn<Geolocation['getCurrentPosition']>((success) =>
      success({ coords: { latitude: 44.5, longitude: 11.34 } } as GeolocationPosition),
    );
    stubGeolocation(getCurrentPosition);
    const { dialog, onSelect } = renderDialog();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Use Current' }));

    await waitFor(() => expect(onSelect).toHaveBeenCalledWith({ address: 'Bologna, Emilia-Romagna, Italy', latitude: 44.5, longitude: 11.34 }));
    expect(getCurrentPosition.mock.calls[0]![2]).toEqual(GEOLOCATION_OPTIONS);
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 10000, maximumAge: 300000 });
    expect(searches(requests)).toEqual(['/api/search-location?q=44.500000%2C11.340000']);
    expect(screen.getByText('Successfully got your current location.')).toBeTruthy();
  });

  it('falls back to the coordinates when the reverse look-up fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ ...rider, 'GET /api/search-location': () => new Response('', { status: 503 }) });
    stubGeolocation((success) => success({ coords: { latitude: -33.868819, longitude: 151.209295 } } as GeolocationPosition));
    const { dialog, onSelect } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use Current' }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith({ address: '-33.8688, 151.2093', latitude: -33.868819, longitude: 151.209295 }));
  });

  it.each([
    [1, 'Location access denied. Please enable location services.'],
    [2, 'Location information unavailable.'],
    [3, 'Location request timed out.'],
    [9, 'Failed to get your location.'],
  ])('explains geolocation error %i', async (code, message) => {
    mockApi(rider);
    stubGeolocation((_success, error) => error?.({ code } as GeolocationPositionError));
    const { dialog, onSelect } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use Current' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText('Location error')).toBeTruthy();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('says when the browser has no geolocation', async () => {
    mockApi(rider);
    const { geolocation: _omit, ...rest } = navigator as Navigator & { geolocation?: Geolocation };
    vi.stubGlobal('navigator', rest);
    const { dialog } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use Current' }));
    expect(await screen.findByText('Geolocation is not supported by this browser.')).toBeTruthy();
    expect(screen.getByText('Location not supported')).toBeTruthy();
  });
});

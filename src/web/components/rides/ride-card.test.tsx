import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderWithApp, resetTestEnvironment } from '../../test/utils';
import { buildRide } from '../../test/ride-fixture';
import { RideCard } from './ride-card';
import type { Ride } from '../../../shared/rides/ride';
import { untranslatedTexts, usePseudoLocale } from '../../test/pseudo-locale';
import { rideSchedule } from '../../lib/rides/ride-format';

afterEach(resetTestEnvironment);

function show(ride: Ride, user = buildCurrentUser(), extra = {}) {
  const requests = mockApi({ 'GET /api/users/current': () => json(user), ...extra });
  const result = renderWithApp(<RideCard ride={ride} hideMap />);
  return { ...result, requests, card: screen.getByRole('article', { name: ride.name }) };
}

describe('RideCard', () => {
  it('shows every text of the card and its menu in the rider’s language (the pseudo-language here), riders’ data aside', async () => {
    usePseudoLocale();
    const ride = buildRide({
      minRiders: 3,
      totalDistanceKm: 123.456,
      endDate: '2026-12-06T23:00:00.000Z',
      navigator: { id: 'u_nav', userId: 'map-reader', profileImageUrl: null },
      abilities: { join: true, leave: false, edit: true, delete: true, comment: true, uploadMedia: true },
    });
    mockApi({ 'GET /api/users/current': () => json(buildCurrentUser()) });
    const { container } = renderWithApp(<RideCard ride={ride} distanceKm={12} hideMap />);
    const card = container.querySelector('article')!;
    await within(card).findByText(/123\.46 km/);
    fireEvent.pointerDown(within(card).getByRole('button', { name: /Futa Loop/ }), { button: 0, pointerType: 'mouse' });
    const menu = await screen.findByRole('menu');
    // The menu's items read in the pseudo-language: accented and in brackets.
    expect(within(menu).getAllByRole('menuitem').map((item) => /^\[.+\]$/.test(item.textContent ?? ''))).toEqual([true, true, true, true]);
    const schedule = rideSchedule(ride);
    // Riders' data, and the days as the date helpers write them.
    const data = ['Futa Loop', 'Apennine Riders', 'Over the passes', 'Bologna', 'Emilia-Romagna', 'Italy', 'Firenzuola', 'Tuscany', 'Imola', 'owner-rider', 'map-reader', schedule.startDate, schedule.endDate];
    // The status and duration labels come from lib/rides/ride-format.ts, translated in their own folder.
    const libLabels = ['Confirmed', 'Full Day'];
    expect(untranslatedTexts(card, data).filter((text) => !libLabels.includes(text))).toEqual([]);
    expect(untranslatedTexts(menu, data)).toEqual([]);

  });

  it('shows the name, status, dates on the ride clock, duration, route chain, 2-decimal total and riders', async () => {
    const { card } = show(buildRide({ totalDistanceKm: 123.456 }));
    expect(within(card).getByRole('link', { name: 'Futa Loop' }).getAttribute('href')).toBe('/groups/apennine-riders/rides/futa-loop');
    expect(within(card).getByText('Confirmed')).toBeTruthy();
    expect(card.textContent).toContain('Dec 5, 2026');
    expect(card.textContent).toContain('09:00');
    expect(card.textContent).toContain('Full Day');
    expect(within(card).getByTitle('Bologna, Emilia-Romagna, Italy → Firenzuola, Tuscany, Italy → Imola, Emilia-Romagna, Italy').textContent).toContain('Bologna');
    expect(await within(card).findByText('123.46 km')).toBeTruthy();
    expect(card.textContent).toContain('1/10 riders');
    expect(card.textContent).not.toContain('min 1');
  });

  it('says a ride of a series repeats, linking the series', async () => {
    const { card } = show(buildRide({ name: 'Sunday breakfast · Dec 6, 2026', series: { id: 's1', label: 'Every Sunday', rule: { frequency: 'weekly', interval: 1, weekdays: ['SU'] }, day: '2026-12-06' } }));
    expect((await within(card).findByRole('link', { name: 'Every Sunday' })).getAttribute('href')).toBe('/series/s1');
  });

  it("converts the distance to miles for a rider who prefers them (km x 0.621371)", async () => {
    const { card } = show(buildRide({ totalDistanceKm: 100 }), buildCurrentUser({ preferredUnits: 'miles' }));
    expect(await within(card).findByText('62.14 mi')).toBeTruthy();
  });

  it('shows the minimum only above 1, and the days when the ride spans several', () => {
    const { card } = show(buildRide({ minRiders: 3, endDate: '2026-12-06T23:00:00.000Z', duration: 'multi-day' }));
    expect(card.textContent).toContain('min 3');
    expect(card.textContent).toContain('Dec 5, 2026 – Dec 7, 2026');
    expect(card.textContent).toContain('Multi-Day');
  });

  it("reads 'Full' when every seat is taken", () => {
    const { card } = show(buildRide({ isFull: true, participantCount: 10, abilities: { join: false, leave: false, edit: false, delete: false, comment: false, uploadMedia: false } }));
    const full = within(card).getByRole('button', { name: 'Full' }) as HTMLButtonElement;
    expect(full.disabled).toBe(true);
    expect(within(card).queryByRole('button', { name: 'Join Ride' })).toBeNull();
  });

  it('marks the owner and a participant, and names the navigator', () => {
    const owner = show(buildRide({ isParticipant: true, abilities: { join: false, leave: false, edit: true, delete: true, comment: true, uploadMedia: true } }));
    expect(within(owner.card).getByText('Owner')).toBeTruthy();
    expect(within(owner.card).queryByText('Joined')).toBeNull();
    cleanup();
    const rider = show(
      buildRide({
        isParticipant: true,
        navigator: { id: 'u_nav', userId: 'map-reader', profileImageUrl: null },
        abilities: { join: false, leave: true, edit: false, delete: false, comment: true, uploadMedia: false },
      }),
    );
    expect(within(rider.card).getByText('Joined')).toBeTruthy();
    expect(within(rider.card).queryByText('Owner')).toBeNull();
    expect(rider.card.textContent).toContain('map-reader');
  });

  it("cuts a long handle but never the role beside it ('· owner', '· navigator')", () => {
    const handle = 'Alessandro_Bianchi_Rossi_Verdi';
    const { card } = show(buildRide({ owner: { id: 'u_owner', userId: handle, profileImageUrl: null }, navigator: { id: 'u_nav', userId: `${handle}x`, profileImageUrl: null } }));
    for (const [name, role] of [[handle, '· owner'], [`${handle}x`, '· navigator']] as const) {
      const cut = within(card).getByTitle(name);
      expect(cut.className).toContain('truncate');
      const label = within(card).getByText(role);
      expect(cut.contains(label)).toBe(false);
      expect(label.className).toContain('shrink-0');
    }
  });

  it('offers the menu items the abilities allow', async () => {
    const { card } = show(buildRide({ abilities: { join: false, leave: false, edit: true, delete: true, comment: true, uploadMedia: true } }));
    fireEvent.pointerDown(within(card).getByRole('button', { name: 'Actions for Futa Loop' }), { button: 0, pointerType: 'mouse' });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['View Details', 'Edit Ride', 'Delete Ride']);
  });

  it('joins from the card', async () => {
    const { card, requests } = show(buildRide(), buildCurrentUser(), { 'POST /api/rides/r1/join': () => json(buildRide({ isParticipant: true })) });
    fireEvent.click(within(card).getByRole('button', { name: 'Join Ride' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url === '/api/rides/r1/join')).toBe(true));
    expect(await screen.findByText('Joined ride')).toBeTruthy();
  });

  it('deletes after confirmation', async () => {
    const { card, requests } = show(buildRide({ abilities: { join: false, leave: false, edit: true, delete: true, comment: true, uploadMedia: true } }), buildCurrentUser(), {
      'DELETE /api/rides/r1': () => json({ success: true }),
    });
    fireEvent.pointerDown(within(card).getByRole('button', { name: 'Actions for Futa Loop' }), { button: 0, pointerType: 'mouse' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete Ride' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Ride' });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete Ride' }));
    expect(await screen.findByText('Ride deleted')).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/rides/r1')).toBe(true);
  });
});

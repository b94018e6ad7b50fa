import { afterEach, describe, expect, it } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderRoutes, resetTestEnvironment } from '../../../test/utils';
import { buildRide } from '../../../test/ride-fixture';
import { RideDetailPage } from './ride-detail-page';
import type { Ride } from '../../../../shared/rides/ride';

afterEach(resetTestEnvironment);

function show(path: string) {
  const { router } = renderRoutes([
    { path: '/groups/:groupName/rides/:rideName', element: <RideDetailPage /> },
    { path: '/rides/:rideId', element: <RideDetailPage /> },
    { path: '*', element: <p>elsewhere</p> },
  ], { path });
  return router;
}

const common = {
  'GET /api/route': () => json({ geometry: null, distanceKm: null, source: 'none' }),
  'GET /api/rides/r1/comments': () => json({ comments: [], hasEarlier: false }),
  'GET /api/media': () => json([]),
  'GET /api/app-config': () => json({ appName: 'RoadCaptain', tileUrl: '', tileAttribution: '', placeSearch: 'towns' }),
};

describe('RideDetailPage', () => {
  it('shows the numbered stops, the facts in the rider unit and the distance from their location', async () => {
    mockApi({
      ...common,
      'GET /api/users/current': () => json(buildCurrentUser({ preferredUnits: 'miles', latitude: 44.4938, longitude: 12.3387 })),
      'GET /api/groups/apennine-riders/rides/futa-loop': () => json(buildRide({ totalDistanceKm: 100 })),
    });
    show('/groups/apennine-riders/rides/futa-loop');
    await screen.findByRole('heading', { level: 1, name: 'Futa Loop' });
    expect(within(screen.getByRole('list', { name: 'Route stops' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Bologna'),
      expect.stringContaining('Firenzuola'),
      expect.stringContaining('Imola'),
    ]);
    const facts = screen.getByRole('region', { name: 'Ride Details' });
    await waitFor(() => expect(facts.textContent).toContain('62.14 mi'));
    // 1 degree of longitude at 44.5° N is about 79.4 km, 49.3 mi.
    expect(facts.textContent).toMatch(/From your location\s*49\.[0-9] mi/);
    expect(facts.textContent).toContain('Dec 5, 2026');
    expect(facts.textContent).toContain('09:00');
    // The zone by its label and offset on the ride's date, and by its IANA name (issue 29).
    expect(within(facts).getByText('Europe/Berlin').closest('dd')?.textContent).toBe('Berlin (UTC+01:00)Europe/Berlin');
    expect(facts.textContent).toContain('1/10');
    expect(screen.getByRole('button', { name: 'Join Ride' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('lists a stop the server could not place with "not on the map", never dropping it', async () => {
    const ride = buildRide({
      midpointLocation: null,
      midpointLatitude: null,
      midpointLongitude: null,
      waypoints: [
        { name: 'Modena, Emilia-Romagna, Italy', latitude: 44.6471, longitude: 10.9252 },
        // The server stores no coordinates for a waypoint it could not place.
        { name: 'Passo della Futa', latitude: null, longitude: null } as unknown as Ride['waypoints'][number],
      ],
      endLocation: 'Xyzzy',
      endLatitude: null,
      endLongitude: null,
    });
    mockApi({ ...common, 'GET /api/users/current': () => json(buildCurrentUser()), 'GET /api/groups/apennine-riders/rides/futa-loop': () => json(ride) });
    show('/groups/apennine-riders/rides/futa-loop');
    const stops = within(await screen.findByRole('list', { name: 'Route stops' })).getAllByRole('listitem');
    expect(stops.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Bologna'),
      expect.stringContaining('Modena'),
      expect.stringContaining('Passo della Futa'),
      expect.stringContaining('Xyzzy'),
    ]);
    expect(stops.map((li) => li.textContent?.includes('not on the map'))).toEqual([false, false, true, true]);
    // Said in words to screen readers too, not by color or icon alone.
    expect(within(stops[3]!).getByText('Stop 4: Xyzzy (not on the map)')).toBeTruthy();
  });

  it('goes on to another ride (the page stays mounted) with its loading state, never "Ride not found" while the next ride loads', async () => {
    let answer: (response: Response) => void = () => {};
    const second = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    mockApi({
      ...common,
      'GET /api/users/current': () => json(buildCurrentUser()),
      'GET /api/rides/r1': () => json(buildRide()),
      'GET /api/rides/r2': () => second,
      'GET /api/rides/r2/comments': () => json({ comments: [], hasEarlier: false }),
    });
    const router = show('/rides/r1');
    await screen.findByRole('heading', { level: 1, name: 'Futa Loop' });
    await router.navigate('/rides/r2');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Futa Loop' })).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Ride not found' })).toBeNull();
    answer(json(buildRide({ id: 'r2', name: 'Passo del Muraglione' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Passo del Muraglione' })).toBeTruthy();
  });

  it("says 'Ride not found' for an unknown ride", async () => {
    mockApi({ ...common, 'GET /api/users/current': () => json(buildCurrentUser()), 'GET /api/rides/nope': () => json({ message: 'Ride not found' }, 404) });
    show('/rides/nope');
    expect(await screen.findByRole('heading', { name: 'Ride not found' })).toBeTruthy();
  });

  it("says the ride couldn't load like every page does, with Try again and a way back, when the server fails", async () => {
    let fail = true;
    mockApi({
      ...common,
      'GET /api/users/current': () => json(buildCurrentUser()),
      'GET /api/groups/apennine-riders/rides/futa-loop': () => (fail ? json({ message: 'Service Unavailable' }, 503) : json(buildRide())),
    });
    show('/groups/apennine-riders/rides/futa-loop');
    await screen.findByText("Couldn't load this ride");
    expect(screen.getByText('Check your connection and try again.')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Upcoming Rides' }).getAttribute('href')).toBe('/upcoming');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Futa Loop' });
  });

  it('offers Join Group when the ride needs membership of an approval group first', async () => {
    const ride: Ride = buildRide({ abilities: { join: false, leave: false, edit: false, delete: false, comment: false, uploadMedia: false } });
    const requests = mockApi({
      ...common,
      'GET /api/users/current': () => json(buildCurrentUser()),
      'GET /api/rides/r1': () => json(ride),
      'GET /api/groups/g1': () => json({ id: 'g1', membershipStatus: 'none', abilities: { join: true } }),
      'POST /api/groups/g1/join': () => json({ message: 'Membership request submitted for approval', status: 'pending' }),
    });
    show('/rides/r1');
    await screen.findByText('Join the group first');
    fireEvent.click(screen.getByRole('button', { name: 'Join Group' }));
    expect(await screen.findByText('Membership request submitted for approval')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/groups/g1/join')).toBe(true);
  });

  it('gives the owner Edit and a Delete that asks first', async () => {
    const owned = buildRide({ isParticipant: true, abilities: { join: false, leave: false, edit: true, delete: true, comment: true, uploadMedia: true } });
    const requests = mockApi({
      ...common,
      'GET /api/users/current': () => json(buildCurrentUser()),
      'GET /api/rides/r1': () => json(owned),
      'DELETE /api/rides/r1': () => json({ success: true }),
    });
    const router = show('/rides/r1');
    await screen.findByRole('heading', { level: 1, name: 'Futa Loop' });
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/groups/apennine-riders/rides/futa-loop/edit');
    expect(screen.queryByRole('button', { name: 'Leave Ride' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Ride' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete Ride' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups/apennine-riders'));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(true);
  });

  it('says "This ride was cancelled" above a cancelled ride, and nothing of the kind above a confirmed one', async () => {
    mockApi({ ...common, 'GET /api/users/current': () => json(buildCurrentUser()), 'GET /api/rides/r1': () => json(buildRide({ status: 'cancelled', abilities: { join: false, leave: false, edit: false, delete: false, comment: true, uploadMedia: false } })) });
    show('/rides/r1');
    const banner = await screen.findByRole('note', { name: 'This ride was cancelled' });
    expect(banner.textContent).toContain('no longer takes new riders');
    cleanup();
    mockApi({ ...common, 'GET /api/users/current': () => json(buildCurrentUser()), 'GET /api/rides/r1': () => json(buildRide()) });
    show('/rides/r1');
    await screen.findByRole('heading', { level: 1, name: 'Futa Loop' });
    expect(screen.queryByRole('note', { name: 'This ride was cancelled' })).toBeNull();
  });

  it('shows the newest comments, loads earlier ones above with "Show earlier comments", and adds a posted comment without reading the list again', async () => {
    const comment = (n: number) => ({ id: `c${n}`, content: `Comment ${n}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(), user: { id: 'u2', userId: 'passo_futa_rider', profileImageUrl: null } });
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => comment(from + i));
    const requests = mockApi({
      ...common,
      'GET /api/users/current': () => json(buildCurrentUser()),
      'GET /api/rides/r1': () => json(buildRide({ abilities: { join: false, leave: true, edit: false, delete: false, comment: true, uploadMedia: false } })),
      'GET /api/groups/g1': () => json({ id: 'g1', membershipStatus: 'member', abilities: { join: false } }),
      'GET /api/rides/r1/comments': (request) => json(request.url.includes('before=c51') ? { comments: range(1, 50), hasEarlier: false } : { comments: range(51, 100), hasEarlier: true }),
      'POST /api/rides/r1/comments': () => json(comment(101), 201),
    });
    show('/rides/r1');
    const list = await screen.findByRole('list', { name: 'Comments' }, { timeout: 5000 });
    const texts = () => within(list).getAllByRole('listitem').map((li) => li.querySelector('p:last-child')!.textContent);
    expect(texts()).toHaveLength(50);
    expect([texts()[0], texts().at(-1)]).toEqual(['Comment 51', 'Comment 100']);
    expect(screen.getByRole('heading', { name: 'Comments (50+)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show earlier comments' }));
    await waitFor(() => expect(texts()).toHaveLength(100));
    expect([texts()[0], texts()[50], texts().at(-1)]).toEqual(['Comment 1', 'Comment 51', 'Comment 100']);
    expect(screen.queryByRole('button', { name: 'Show earlier comments' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Comments (100)' })).toBeTruthy();

    const reads = requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/rides/r1/comments')).length;
    fireEvent.change(screen.getByLabelText('Add a comment'), { target: { value: 'Comment 101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(texts().at(-1)).toBe('Comment 101'));
    expect(texts()).toHaveLength(101);
    expect(requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/rides/r1/comments')).length).toBe(reads);
  });

  it('offline, reads every saved page of comments by itself, and says so when the earlier ones were not saved', async () => {
    const comment = (n: number) => ({ id: `c${n}`, content: `Comment ${n}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(), user: { id: 'u2', userId: 'passo_futa_rider', profileImageUrl: null } });
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => comment(from + i));
    onlineManager.setOnline(false);
    const requests = mockApi({
      ...common,
      'GET /api/users/current': () => json(buildCurrentUser()),
      'GET /api/rides/r1': () => json(buildRide({ abilities: { join: false, leave: true, edit: false, delete: false, comment: true, uploadMedia: false } })),
      'GET /api/groups/g1': () => json({ id: 'g1', membershipStatus: 'member', abilities: { join: false } }),
      // The worker saved the newest two pages; the third did not fit (it answers as no network would).
      'GET /api/rides/r1/comments': (request) => {
        if (request.url.includes('before=c51')) throw new TypeError('Failed to fetch');
        return json(request.url.includes('before=c101') ? { comments: range(51, 100), hasEarlier: true } : { comments: range(101, 150), hasEarlier: true });
      },
    });
    show('/rides/r1');
    const list = await screen.findByRole('list', { name: 'Comments' }, { timeout: 5000 });
    const texts = () => within(list).getAllByRole('listitem').map((li) => li.querySelector('p:last-child')!.textContent);
    await waitFor(() => expect(texts()).toHaveLength(100));
    await screen.findByText('Earlier comments were not saved on this device. They show again once you are online.');
    expect(requests.filter((r) => r.url.startsWith('/api/rides/r1/comments')).map((r) => r.url)).toEqual(['/api/rides/r1/comments', '/api/rides/r1/comments?before=c101', '/api/rides/r1/comments?before=c51']);
    expect([texts()[0], texts().at(-1)]).toEqual(['Comment 51', 'Comment 150']);
    expect(screen.getByRole('heading', { name: 'Comments (100+)' })).toBeTruthy();
  });

  it("shows a visitor to an approval group's ride how many ride, not who, and does not ask for the comments", async () => {
    // rides.policy maySeeRiders: the server sends no participants, no navigator and refuses the comments.
    const ride = buildRide({ ridersHidden: true, participantCount: 12, maxRiders: 20, participants: [], navigator: null, abilities: { join: false, leave: false, edit: false, delete: false, comment: false, uploadMedia: false } });
    const requests = mockApi({
      ...common,
      'GET /api/users/current': () => json(buildCurrentUser()),
      'GET /api/rides/r1': () => json(ride),
      'GET /api/groups/g1': () => json({ id: 'g1', membershipStatus: 'none', abilities: { join: true } }),
      'GET /api/rides/r1/comments': () => json({ message: "Comments on this ride are for the group's members" }, 403),
    });
    show('/rides/r1');
    const riders = await screen.findByRole('region', { name: 'Riders' });
    expect(within(riders).getByRole('heading', { name: 'Participants (12/20)' })).toBeTruthy();
    expect(riders.textContent).toContain('12 riders');
    expect(riders.textContent).toContain("Who rides is shown to the group's members.");
    expect(riders.textContent).not.toContain('Nobody has joined yet');
    expect(within(riders).queryByRole('list', { name: 'Participants' })).toBeNull();
    // The owner stays named; the navigator is neither named nor said to be missing.
    expect(within(riders).getByRole('link', { name: 'owner-rider' })).toBeTruthy();
    expect(riders.textContent).not.toContain('None');
    const comments = await screen.findByRole('region', { name: 'Comments' }, { timeout: 5000 });
    expect(comments.textContent).toContain("Comments on this ride are for the group's members.");
    expect(comments.textContent).not.toContain('could not be loaded');
    expect(requests.some((r) => r.url.startsWith('/api/rides/r1/comments'))).toBe(false);
  });

  it('names the riders and shows the comments of a ride whose riders the viewer may see', async () => {
    const rider = { id: 'u2', userId: 'passo_futa_rider', profileImageUrl: null };
    const ride = buildRide({ participantCount: 2, participants: [buildRide().owner, rider], navigator: rider });
    mockApi({
      ...common,
      'GET /api/users/current': () => json(buildCurrentUser()),
      'GET /api/rides/r1': () => json(ride),
      'GET /api/groups/g1': () => json({ id: 'g1', membershipStatus: 'member', abilities: { join: false } }),
    });
    show('/rides/r1');
    const riders = await screen.findByRole('region', { name: 'Riders' });
    expect(within(within(riders).getByRole('list', { name: 'Participants' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['OWowner-rider', 'PApasso_futa_rider']);
    expect(riders.textContent).not.toContain("shown to the group's members");
    expect(await screen.findByText(/No comments yet/, undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('offers Join waitlist on a full ride, then shows the rider their place and Leave waitlist; others see how many wait', async () => {
    const base = { isFull: true, participantCount: 10, maxRiders: 10 };
    const abilities = { join: false, leave: false, edit: false, delete: false, comment: true, uploadMedia: false };
    let waiting = false;
    const requests = mockApi({
      ...common,
      'GET /api/users/current': () => json(buildCurrentUser()),
      'GET /api/rides/r1': () =>
        json(
          buildRide({
            ...base,
            abilities: { ...abilities, joinWaitlist: !waiting, leaveWaitlist: waiting },
            waitlist: waiting ? { count: 3, position: 3 } : { count: 2, position: null },
          }),
        ),
      'POST /api/rides/r1/waitlist': () => {
        waiting = true;
        return json(buildRide({ ...base, abilities: { ...abilities, leaveWaitlist: true }, waitlist: { count: 3, position: 3 } }));
      },
    });
    show('/rides/r1');
    expect(await screen.findByText('2 riders waiting', { selector: 'p' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Join waitlist' }));
    await screen.findByText("You're number 3 of 3 on the waitlist");
    expect(screen.getByRole('button', { name: 'Leave waitlist' })).toBeTruthy();
    expect(screen.getByText('Waitlist #3')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/rides/r1/waitlist')).toBe(true);
  });
});

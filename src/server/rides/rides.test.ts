import { describe, expect, it } from 'vitest';
import { buildGroup, buildGuest, buildRide as buildAnyRide, buildRoles, inDays, rideBody as anyRideBody, type Rider } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

/** This file's ride: Bologna to Parma by Modena, five days from now at 09:00, three seats. */
const sunriseLoop = () => ({
  name: 'Sunrise Loop',
  description: 'Coffee at the top',
  midpointLocation: 'Modena, Emilia-Romagna, Italy',
  midpointLatitude: 44.6471,
  midpointLongitude: 10.9252,
  startDate: inDays(5, '09:00'),
  endDate: inDays(5, '00:00'),
  maxRiders: 3,
});
const rideBody = (groupId: string, extra: Record<string, unknown> = {}) => anyRideBody(groupId, { ...sunriseLoop(), ...extra });
const buildRide = (owner: Rider, groupId: string, extra: Record<string, unknown> = {}) => buildAnyRide(owner, groupId, { ...sunriseLoop(), ...extra });

describe('POST /api/rides', () => {
  it('creates a confirmed ride with the owner in the first seat, its distance, slug, and tells the members', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    expect(ride).toMatchObject({
      name: 'Sunrise Loop',
      slug: 'sunrise-loop',
      groupSlug: r.group.slug,
      status: 'confirmed',
      participantCount: 1,
      maxRiders: 3,
      ownerId: r.owner.user.id,
      owner: { userId: r.owner.user.userId },
      navigator: null,
      isParticipant: true,
      abilities: { edit: true, delete: true, join: false, leave: false, comment: true },
    });
    // Bologna -> Modena -> Parma, great-circle: about 33 + 53 km.
    expect(ride.totalDistanceKm).toBeGreaterThan(80);
    expect(ride.totalDistanceKm).toBeLessThan(95);
    expect((await r.member.client.get('/api/notifications')).json()[0]).toMatchObject({ type: 'ride_created', title: 'New Ride Created', message: 'Sunrise Loop has been added to your group' });
    expect((await r.pending.client.get('/api/notifications')).json()).toEqual([]);
    const events = await t.app.ctx.db.selectFrom('activity_events').selectAll().where('event', '=', 'ride_created').where('user_id', '=', r.owner.user.id).execute();
    expect(events).toHaveLength(1);
  });

  it('keeps waypoints instead of the midpoint, drops unnamed rows, and finds coordinates for typed places', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id, {
      name: 'Valley Run',
      startLatitude: undefined,
      startLongitude: undefined,
      waypoints: [
        { name: 'Modena', latitude: 44.6471, longitude: 10.9252 },
        { name: '', latitude: 0, longitude: 0 },
        { name: 'Reggio Emilia', latitude: 44.6983, longitude: 10.6312 },
      ],
    });
    expect(ride.midpointLocation).toBeNull();
    expect(ride.waypoints.map((w: { name: string }) => w.name)).toEqual(['Modena', 'Reggio Emilia']);
    expect(ride.startLatitude).toBeCloseTo(44.49, 1);
  });

  it.each([
    [{ groupId: '' }, 'Group selection is required'],
    [{ name: '' }, 'Ride name is required'],
    [{ name: 'x'.repeat(256) }, 'Name too long'],
    [{ startLocation: '' }, 'Start location is required'],
    [{ endLocation: '' }, 'End location is required'],
    [{ startDate: '' }, 'Start date is required'],
    [{ endDate: '' }, 'End date is required'],
    [{ minRiders: 0 }, 'Minimum 1 rider'],
    [{ minRiders: 5, maxRiders: 3 }, 'Maximum riders must be at least the minimum'],
    [{ endDate: inDays(4, '00:00') }, 'End date must be after start date'],
    [{ startDate: inDays(-2, '09:00'), endDate: inDays(-2, '00:00') }, 'Start date cannot be in the past'],
    [{ timezoneOffset: 'UTC+05:15' }, 'Please select a valid timezone'],
    [{ duration: 'fortnight' }, undefined],
    [{ waypoints: Array.from({ length: 11 }, (_, i) => ({ name: `W${i}`, latitude: 1, longitude: 1 })) }, 'At most 10 waypoints'],
  ])('refuses %j', async (extra, message) => {
    const r = await buildRoles(t);
    const res = await r.owner.client.post('/api/rides', rideBody(r.group.id, extra));
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    // A shared schema's message names its id, so the web words it in the rider's language (issue 31 point 7).
    if (message && res.json().code === 'invalid_input') expect(res.json().params).toMatchObject({ messageId: expect.stringMatching(/^validation\./) });
    if (message === 'Name too long') expect(res.json().params).toEqual({ messageId: 'validation.ride.name_too_long' });
    expect((await r.owner.client.get(`/api/groups/${r.group.id}/rides`)).json()).toEqual([]);
  });

  it('gives a second ride of the same name its own slug', async () => {
    const r = await buildRoles(t);
    await buildRide(r.owner, r.group.id);
    const second = await buildRide(r.owner, r.group.id);
    expect(second.slug).toBe('sunrise-loop-2');
    expect((await r.outsider.client.get(`/api/groups/${r.group.slug}/rides/sunrise-loop-2`)).json().id).toBe(second.id);
  });
});

describe('reading rides', () => {
  it('shows ride details to every visitor, by id and by slugs; 404 "Ride not found" otherwise', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    for (const who of [r.anonymous, r.outsider.client, r.pending.client]) {
      const res = await who.get(`/api/rides/${ride.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().abilities).toMatchObject({ edit: false, delete: false, leave: false });
    }
    expect((await r.anonymous.get(`/api/groups/${r.group.slug}/rides/${ride.slug}`)).json().id).toBe(ride.id);
    const missing = await r.anonymous.get('/api/rides/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Ride not found');
  });
});

describe('joining and leaving', () => {
  it('applies the join rules for each role and keeps a seat count', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id, { maxRiders: 3 });
    expect((await r.owner.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(409);
    expect((await r.anonymous.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(401);
    const pending = await r.pending.client.post(`/api/rides/${ride.id}/join`);
    expect(pending.statusCode).toBe(403);
    expect(pending.json().message).toBe('Join the group first');
    expect((await r.outsider.client.post(`/api/rides/${ride.id}/join`)).json().message).toBe('Join the group first');

    const joined = await r.member.client.post(`/api/rides/${ride.id}/join`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ participantCount: 2, isParticipant: true, abilities: { join: false, leave: true } });
    expect((await r.member.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(409);
    const left = await r.member.client.post(`/api/rides/${ride.id}/leave`);
    expect(left.json()).toMatchObject({ participantCount: 1, isParticipant: false });
    expect((await r.owner.client.post(`/api/rides/${ride.id}/leave`)).statusCode).toBe(403);
  });

  it('names the participants in the order they took their seats, in a ride and in every list', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id, { maxRiders: 5 });
    await r.member.client.post(`/api/rides/${ride.id}/join`);
    // Seats taken within one millisecond cannot be told apart: date the member's seat first.
    await t.app.ctx.db.updateTable('ride_participants').set({ joined_at: '2020-01-01T00:00:00.000Z' }).where('ride_id', '=', ride.id).where('user_id', '=', r.member.user.id).execute();
    const seats = [r.member, r.owner].map((rider) => ({ id: rider.user.id, userId: rider.user.userId, profileImageUrl: null }));
    const expected = { participantCount: 2, participants: seats, owner: seats[1], isParticipant: true };
    expect((await r.member.client.get(`/api/rides/${ride.id}`)).json()).toMatchObject(expected);
    expect((await r.member.client.get(`/api/groups/${r.group.slug}/rides/${ride.slug}`)).json()).toMatchObject(expected);
    expect((await r.member.client.get(`/api/groups/${r.group.id}/rides`)).json()).toMatchObject([expected]);
    const unknown = await r.member.client.get('/api/groups/00000000-0000-4000-8000-000000000000/rides');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Group not found']);
    expect((await r.member.client.get('/api/rides/upcoming')).json()).toMatchObject([expected]);
    // An approval group's riders are named to its members only: a visitor sees the count (ride-roster.test.ts).
    expect((await r.anonymous.get(`/api/rides/${ride.id}`)).json()).toMatchObject({ participantCount: 2, participants: [], ridersHidden: true, isParticipant: false });
  });

  it('adds an outsider to an open group in the same step', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const ride = await buildRide(owner, group.id);
    const rider = await buildGuest(t);
    expect((await rider.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
    expect((await rider.client.get(`/api/groups/${group.id}`)).json().membershipStatus).toBe('member');
  });

  it('gives the last seat to exactly one of two riders racing for it', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const ride = await buildRide(owner, group.id, { maxRiders: 2 });
    const a = await buildGuest(t);
    const b = await buildGuest(t);
    await a.client.post(`/api/groups/${group.id}/join`);
    await b.client.post(`/api/groups/${group.id}/join`);
    const results = await Promise.all([a.client.post(`/api/rides/${ride.id}/join`), b.client.post(`/api/rides/${ride.id}/join`)]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const full = (await owner.client.get(`/api/rides/${ride.id}`)).json();
    expect(full).toMatchObject({ participantCount: 2, isFull: true });
  });

  it('takes no joins on a cancelled ride', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    await r.owner.client.patch(`/api/rides/${ride.id}`, { status: 'cancelled' });
    expect((await r.member.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(409);
  });
});

describe('editing and deleting', () => {
  it('lets only the owner edit; the navigator must be a participant', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    for (const who of [r.member, r.pending, r.outsider]) {
      const res = await who.client.patch(`/api/rides/${ride.id}`, { name: 'Hijacked' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("You don't have permission to edit this ride");
    }
    expect((await r.owner.client.patch(`/api/rides/${ride.id}`, { navigatorId: r.member.user.id })).statusCode).toBe(400);
    await r.member.client.post(`/api/rides/${ride.id}/join`);
    const edited = await r.owner.client.patch(`/api/rides/${ride.id}`, { name: 'Sunset Loop', navigatorId: r.member.user.id, maxRiders: 5 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Sunset Loop', slug: 'sunset-loop', navigator: { userId: r.member.user.userId }, maxRiders: 5 });
    expect((await r.owner.client.patch(`/api/rides/${ride.id}`, { navigatorId: null })).json().navigator).toBeNull();
    expect((await r.owner.client.patch(`/api/rides/${ride.id}`, { minRiders: 6 })).json().message).toBe('Maximum riders must be at least the minimum');
    expect((await r.owner.client.patch(`/api/rides/${ride.id}`, { startDate: new Date(Date.now() - 2 * 86_400_000).toISOString() })).statusCode).toBe(400);
  });

  it('lets only the owner delete; participants and comments go with it', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    await r.member.client.post(`/api/rides/${ride.id}/join`);
    await r.member.client.post(`/api/rides/${ride.id}/comments`, { content: 'In!' });
    for (const who of [r.member, r.pending, r.outsider]) expect((await who.client.request('DELETE', `/api/rides/${ride.id}`)).statusCode).toBe(403);
    expect((await r.owner.client.request('DELETE', `/api/rides/${ride.id}`)).statusCode).toBe(200);
    expect((await r.owner.client.get(`/api/rides/${ride.id}`)).statusCode).toBe(404);
    expect(await t.app.ctx.db.selectFrom('ride_participants').select('user_id').where('ride_id', '=', ride.id).execute()).toEqual([]);
    expect(await t.app.ctx.db.selectFrom('ride_comments').select('id').where('ride_id', '=', ride.id).execute()).toEqual([]);
  });
});

describe('comments', () => {
  it('takes trimmed, non-empty comments from group members and participants; in an approval group only they read them', async () => {
    const r = await buildRoles(t);
    const ride = await buildRide(r.owner, r.group.id);
    const res = await r.member.client.post(`/api/rides/${ride.id}/comments`, { content: '  Count me in  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ content: 'Count me in', user: { userId: r.member.user.userId } });
    expect((await r.member.client.post(`/api/rides/${ride.id}/comments`, { content: '   ' })).statusCode).toBe(400);
    expect((await r.outsider.client.post(`/api/rides/${ride.id}/comments`, { content: 'hi' })).statusCode).toBe(403);
    expect((await r.pending.client.post(`/api/rides/${ride.id}/comments`, { content: 'hi' })).statusCode).toBe(403);
    expect((await r.anonymous.post(`/api/rides/${ride.id}/comments`, { content: 'hi' })).statusCode).toBe(401);
    expect((await r.coOrganizer.client.get(`/api/rides/${ride.id}/comments`)).json().comments.map((c: { content: string }) => c.content)).toEqual(['Count me in']);
    expect((await r.outsider.client.get(`/api/rides/${ride.id}/comments`)).statusCode).toBe(403);
  });
});

describe('GET /api/rides/upcoming', () => {
  it('lists upcoming rides of the rider’s groups and the rides they joined, soonest first', async () => {
    const r = await buildRoles(t);
    const later = await buildRide(r.owner, r.group.id, { name: 'Later', startDate: inDays(9, '09:00'), endDate: inDays(9, '00:00') });
    const sooner = await buildRide(r.owner, r.group.id, { name: 'Sooner', startDate: inDays(2, '09:00'), endDate: inDays(2, '00:00') });
    expect((await r.member.client.get('/api/rides/upcoming')).json().map((x: { id: string }) => x.id)).toEqual([sooner.id, later.id]);
    expect((await r.outsider.client.get('/api/rides/upcoming')).json()).toEqual([]);
    expect((await r.anonymous.get('/api/rides/upcoming')).statusCode).toBe(401);
  });
});

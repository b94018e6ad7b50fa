import { describe, expect, it } from 'vitest';
import { createRideSchema, localDay, updateRideSchema, type Ride } from '../../shared/rides/ride';
import { buildRoles, inDays } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

/**
 * Fields of the create that do not read back as themselves: the owner is always the caller, and a
 * ride planned from a poll is polls.test.ts's (it needs a closed date poll), and a ride that repeats
 * is series/series.test.ts's (it reads back as the series' first ride, with the day in its name).
 */
const CREATE_ONLY = ['ownerId', 'pollId', 'repeats'];

/**
 * A ride's answer as the fields the forms send (the edit's, and the group), to compare with what
 * was sent: each read back under its own name, but for the three the answer words otherwise.
 */
function asSent(ride: Ride) {
  return {
    ...Object.fromEntries(Object.keys(updateRideSchema.shape).map((field) => [field, ride[field as keyof Ride]])),
    groupId: ride.groupId,
    // The end is a day on the ride's clock (its instant is that day's last millisecond).
    endDate: localDay(ride.endDate, ride.timezone),
    minRidersDecisionAt: ride.minRidersDecision?.at ?? null,
    navigatorId: ride.navigator?.id ?? null,
  };
}

function expected(body: Record<string, unknown>) {
  return { ...body, endDate: localDay(body.endDate as string, body.timezone as string) };
}

describe('every field of a ride is written by the create and by the edit', () => {
  it('reads back each field as created, then each as changed', async () => {
    const r = await buildRoles(t);
    const created = {
      groupId: r.group.id,
      name: 'All Fields',
      description: 'Every field set',
      startLocation: 'Bologna, Emilia-Romagna, Italy',
      startLatitude: 44.4949,
      startLongitude: 11.3426,
      midpointLocation: 'Modena, Emilia-Romagna, Italy',
      midpointLatitude: 44.6471,
      midpointLongitude: 10.9252,
      endLocation: 'Parma, Emilia-Romagna, Italy',
      endLatitude: 44.8015,
      endLongitude: 10.328,
      waypoints: [],
      startDate: inDays(5, '07:00'),
      endDate: inDays(6, '12:00'),
      duration: 'multi-day',
      minRiders: 2,
      maxRiders: 6,
      // Zones without summer time: the offset answered for the ride's date is the one sent.
      timezoneOffset: 'UTC+02:00',
      timezoneName: 'Johannesburg',
      timezone: 'Africa/Johannesburg',
      minRidersDecisionAt: inDays(3, '18:00'),
    };
    // A field added to the ride's schema and not to this test fails here.
    expect([...Object.keys(created), ...CREATE_ONLY].sort()).toEqual(Object.keys(createRideSchema.shape).sort());
    const res = await r.owner.client.post('/api/rides', created);
    expect(res.statusCode).toBe(201);
    const ride = res.json() as Ride;
    expect(asSent((await r.owner.client.get(`/api/rides/${ride.id}`)).json())).toEqual({ ...expected(created), navigatorId: null, status: 'confirmed' });

    const rider = r.member;
    expect((await rider.client.post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
    const changed = {
      name: 'All Fields Changed',
      description: 'Every field changed',
      startLocation: 'Florence, Tuscany, Italy',
      startLatitude: 43.7696,
      startLongitude: 11.2558,
      midpointLocation: 'Pistoia, Tuscany, Italy',
      midpointLatitude: 43.9303,
      midpointLongitude: 10.9079,
      endLocation: 'Lucca, Tuscany, Italy',
      endLatitude: 43.8429,
      endLongitude: 10.5027,
      waypoints: [],
      startDate: inDays(8, '06:30'),
      endDate: inDays(10, '12:00'),
      duration: 'overnight',
      minRiders: 3,
      maxRiders: 9,
      timezoneOffset: 'UTC-05:00',
      timezoneName: 'Bogota',
      timezone: 'America/Bogota',
      minRidersDecisionAt: inDays(7, '20:00'),
      navigatorId: rider.user.id,
      status: 'pending',
    };
    expect(Object.keys(changed).sort()).toEqual(Object.keys(updateRideSchema.shape).sort());
    const edit = await r.owner.client.patch(`/api/rides/${ride.id}`, changed);
    expect(edit.statusCode).toBe(200);
    expect(asSent((await r.owner.client.get(`/api/rides/${ride.id}`)).json())).toEqual(expected({ groupId: r.group.id, ...changed }));

    // Waypoints replace the midpoint (the route option clears the other).
    const waypoints = [{ name: 'Prato, Tuscany, Italy', latitude: 43.8777, longitude: 11.1022 }];
    expect((await r.owner.client.patch(`/api/rides/${ride.id}`, { waypoints })).statusCode).toBe(200);
    expect((await r.owner.client.get(`/api/rides/${ride.id}`)).json()).toMatchObject({ waypoints, midpointLocation: null, midpointLatitude: null, midpointLongitude: null });
  });
});

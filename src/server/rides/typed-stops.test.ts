import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { buildGroup, buildGuest, buildRide, type Rider } from '../test/factories';
import type { Ride } from '../../shared/rides/ride';
import type { Kysely } from 'kysely';
import * as denyListMigration from '../db/migrations/027_ride_card_deny_list';

// A stop typed without choosing a suggestion is placed as the place field would have suggested,
// biased toward the group's location; one nothing matches is kept without coordinates ("not on the
// map"), never at 0,0 or in another country.

const near = (value: number | null, expected: number) => expect(value === null ? null : Math.round(value * 10) / 10).toBeCloseTo(expected, 0);

describe('placing typed stops and group locations', () => {
  let t: TestApp;
  let owner: Rider;
  let bologna: { id: string };
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildGuest(t);
    bologna = await buildGroup(owner); // located in Bologna (44.49, 11.34)
  });
  afterAll(async () => t.close());

  async function readRide(id: string): Promise<Ride> {
    const res = await owner.client.get(`/api/rides/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json() as Ride;
  }

  it('places "Roma" in a Bologna group at Rome, Italy, not Roma, Texas', async () => {
    const ride = await buildRide(owner, bologna.id, { startLocation: 'Roma', startLatitude: undefined, startLongitude: undefined });
    const saved = await readRide(ride.id);
    near(saved.startLatitude, 41.9);
    near(saved.startLongitude, 12.5);
  });

  it('keeps a stop nothing matches without coordinates, and says so to every reader', async () => {
    const ride = await buildRide(owner, bologna.id, { endLocation: 'Bar da Qqzxqq', endLatitude: undefined, endLongitude: undefined });
    const saved = await readRide(ride.id);
    expect(saved.endLocation).toBe('Bar da Qqzxqq');
    expect(saved.endLatitude).toBeNull();
    expect(saved.endLongitude).toBeNull();
    // The distance covers only the stops on the map: one stop left, so none.
    expect(saved.totalDistanceKm).toBeNull();
  });

  it('places a start or end sent at 0,0 by its name, and keeps one nothing matches off the map, never at 0,0', async () => {
    const ride = await buildRide(owner, bologna.id, { startLocation: 'Roma', startLatitude: 0, startLongitude: 0, endLocation: 'Bar da Qqzxqq', endLatitude: 0, endLongitude: 0 });
    const saved = await readRide(ride.id);
    near(saved.startLatitude, 41.9);
    expect([saved.endLatitude, saved.endLongitude]).toEqual([null, null]);
  });

  it('reads stops stored at 0,0 before migration 027 as not on the map', async () => {
    const ride = await buildRide(owner, bologna.id);
    await t.app.ctx.db.updateTable('rides').set({ end_latitude: 0, end_longitude: 0 }).where('id', '=', ride.id).execute();
    await denyListMigration.up(t.app.ctx.db as unknown as Kysely<unknown>);
    const saved = await readRide(ride.id);
    expect([saved.endLatitude, saved.endLongitude]).toEqual([null, null]);
    expect([saved.startLatitude, saved.startLongitude]).toEqual([44.4949, 11.3426]);
  });

  it('places typed waypoints (also those a form sent at 0,0) and keeps unknown ones off the map', async () => {
    const ride = await buildRide(owner, bologna.id, {
      waypoints: [
        { name: 'Firenze' },
        { name: 'Futa Qqzxqq' },
        { name: 'Modena', latitude: 0, longitude: 0 },
        { name: 'Imola', latitude: 44.353, longitude: 11.714 },
      ],
    });
    const { waypoints } = await readRide(ride.id);
    expect(waypoints.map((w) => w.name)).toEqual(['Firenze', 'Futa Qqzxqq', 'Modena', 'Imola']);
    near(waypoints[0]!.latitude, 43.8);
    expect(waypoints[1]).toEqual({ name: 'Futa Qqzxqq', latitude: null, longitude: null });
    near(waypoints[2]!.latitude, 44.6);
    near(waypoints[2]!.longitude, 10.9);
    expect(waypoints[3]).toEqual({ name: 'Imola', latitude: 44.353, longitude: 11.714 });
  });

  it('keeps a stop the rider chose to keep as text only (null coordinates) off the map, even where a town matches', async () => {
    const ride = await buildRide(owner, bologna.id, {
      startLocation: 'Roma',
      startLatitude: null,
      startLongitude: null,
      waypoints: [{ name: 'Firenze', latitude: null, longitude: null }],
    });
    let saved = await readRide(ride.id);
    expect(saved.startLatitude).toBeNull();
    expect(saved.waypoints).toEqual([{ name: 'Firenze', latitude: null, longitude: null }]);

    // Saving the edit form again (which sends every stop as it stands) keeps them so.
    const res = await owner.client.patch(`/api/rides/${ride.id}`, { startLocation: 'Roma', startLatitude: null, startLongitude: null, endLocation: 'Modena', endLatitude: null, endLongitude: null });
    expect(res.statusCode).toBe(200);
    saved = await readRide(ride.id);
    expect([saved.startLatitude, saved.endLatitude]).toEqual([null, null]);
    expect(saved.waypoints[0]!.latitude).toBeNull();
  });

  it('places a stop typed in an edit, and clears coordinates when the new name matches nothing', async () => {
    const ride = await buildRide(owner, bologna.id);
    let res = await owner.client.patch(`/api/rides/${ride.id}`, { endLocation: 'Firenze' });
    expect(res.statusCode).toBe(200);
    near((res.json() as Ride).endLatitude, 43.8);
    res = await owner.client.patch(`/api/rides/${ride.id}`, { endLocation: 'Qqzxqq Pass' });
    expect(res.statusCode).toBe(200);
    expect((await readRide(ride.id)).endLatitude).toBeNull();
  });

  it('places a typed group location near its creator, and keeps an unknown one off the map', async () => {
    const inChicago = await buildGuest(t);
    const located = await inChicago.client.request('PUT', `/api/users/${inChicago.user.id}/location`, { location: 'Chicago, Illinois, United States', latitude: 41.88, longitude: -87.63 });
    expect(located.statusCode).toBe(200);
    const florence = await buildGroup(inChicago, { location: 'Florence', latitude: undefined, longitude: undefined });
    const group = (await inChicago.client.get(`/api/groups/${florence.id}`)).json() as { latitude: number | null; longitude: number | null };
    // Florence, Kentucky, the nearest Florence to Chicago, not Florence, Italy.
    expect(group.longitude).toBeLessThan(-80);

    const unknown = await buildGroup(owner, { location: 'Qqzxqq Valley', latitude: undefined, longitude: undefined });
    expect((await owner.client.get(`/api/groups/${unknown.id}`)).json()).toMatchObject({ location: 'Qqzxqq Valley', latitude: null, longitude: null });

    const textOnly = await buildGroup(owner, { location: 'Modena', latitude: null, longitude: null });
    expect((await owner.client.get(`/api/groups/${textOnly.id}`)).json()).toMatchObject({ location: 'Modena', latitude: null, longitude: null });
  });
});
